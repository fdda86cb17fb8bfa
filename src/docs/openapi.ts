/**
 * The OpenAPI 3.1 document, generated from the endpoint list and the schemas that validate. It is
 * meant to be true of every real response (status, headers, body): test/openapi-journey.test.ts
 * checks that over HTTP, and test/openapi-contract.test.ts validates and lints the document.
 */
import { problemCodes, type ProblemCode } from '../http/problem.ts';
import { problemSchema } from '../schemas/api/common.ts';
import { errorsOf, type EndpointDoc } from '../schemas/api/endpoint-doc.ts';
import type { z } from 'zod';
import { isOptional, SchemaCollector, type JsonSchema } from './json-schema.ts';
import { COMMON_HEADERS, headersFor, responseHeaders, type ResponseHeaderName } from './openapi-headers.ts';

export interface ApiInfo {
  title: string;
  description: string;
  version: string;
  baseUrl: string;
  contactEmail: string;
  /** A description of every tag the endpoints use. */
  tags: Record<string, string>;
  /** The events pushed to agents' webhook endpoints, and the tag they are listed under. */
  webhooks?: { tag: string; events: WebhookEventDoc[] };
}

const securitySchemes = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <apiKey> (preferred). The apiKey comes from POST /api/public/ai/register.' },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'X-API-Key: <apiKey>, for clients that cannot set Authorization.' },
  apiKeyQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'apiKey',
    description: '?apiKey=<apiKey>, accepted on the tier-gated reads only (exclusive, feed); a header keeps the key out of logs and histories.',
  },
  operatorToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'Authorization: Bearer <METRICS_TOKEN>, the operator token set in the server environment; loopback clients need none (GET /metrics only).',
  },
} as const;

/** What holds for every operation, said once rather than in each. */
const CONVENTIONS = [
  'Reads need no key. Writes identify the agent by its apiKey: Authorization: Bearer (preferred), X-API-Key, or the apiKey field of the JSON body; the tier-gated reads also take an apiKey query parameter.',
  'Every JSON body carries dataFreshness (this document: x-dataFreshness). Errors are RFC 9457 application/problem+json with a stable code. Every response carries X-Request-Id and, unless the operator turned rate limiting off, X-RateLimit-* and RateLimit-Policy / RateLimit headers.',
  'HEAD works wherever GET does, without the body. OPTIONS answers CORS preflight on any path (204); every response allows any origin.',
].join('\n\n');

type Security = Record<string, string[]>[];

/**
 * Who may call: public endpoints need nothing. A write's key may also come in its JSON body's
 * `apiKey` field, which OpenAPI has no security scheme for, so a write lists "no header" (`{}`) as
 * an alternative and documents the body field in its request schema; a write sent with no key at
 * all is answered 401 missing_api_key. Gated reads take a header or the `apiKey` query.
 */
function securityOf(ep: EndpointDoc): Security {
  const headers: Security = [{ bearerAuth: [] }, { apiKeyHeader: [] }];
  if (ep.auth === 'none') return [];
  if (ep.auth === 'operator') return [{ operatorToken: [] }, {}];
  if (ep.auth === 'optionalApiKey') return [{}, ...headers];
  if (ep.method === 'DELETE') return headers;
  return ep.method === 'GET' ? [...headers, { apiKeyQuery: [] }] : [...headers, {}];
}

/** The apiKey query field of a gated read is the apiKeyQuery scheme, not a parameter. */
function isQueryApiKey(ep: EndpointDoc, name: string): boolean {
  return name === 'apiKey' && ep.auth === 'apiKey' && ep.method === 'GET';
}

function parametersOf(ep: EndpointDoc, schemas: SchemaCollector): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [location, shape] of [
    ['path', ep.pathParams?.shape],
    ['query', ep.query?.shape],
  ] as const) {
    for (const [name, field] of Object.entries(shape ?? {})) {
      if (location === 'query' && isQueryApiKey(ep, name)) continue;
      const schema = schemas.convert(field, 'input');
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: location,
        required: location === 'path' || !isOptional(field),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  if (ep.auth === 'apiKey' && ep.method === 'GET' && !ep.query?.shape.apiKey) {
    throw new Error(`${ep.method} ${ep.path}: a gated read must accept the apiKey query its security scheme names`);
  }
  if (ep.prerendered) {
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of a copy you hold: 304 while it is current (pre-rendered bodies, requested without a query).',
      schema: { type: 'string' },
    });
    parameters.push({
      name: 'If-Modified-Since',
      in: 'header',
      required: false,
      description: 'An HTTP-date: 304 when the pre-rendered body is no newer (ignored when If-None-Match is sent).',
      schema: { type: 'string' },
    });
  }
  if (ep.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Replays the first response of a retried write for 24 h.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
    });
  }
  return parameters;
}

/** A problem status of one operation: the codes it can carry there, and its extra headers. */
function problemResponse(status: number, codes: ProblemCode[], problemRef: JsonSchema, extraHeaders: ResponseHeaderName[] = []) {
  return {
    description: codes.map((code) => `${problemCodes[code].title} (${code})`).join('; '),
    headers: headersFor([...COMMON_HEADERS, ...extraHeaders]),
    content: {
      'application/problem+json': {
        schema: { allOf: [problemRef, { type: 'object', properties: { status: { const: status }, code: { enum: codes } } }] },
      },
    },
  };
}

/** Response Objects that are the same wherever they appear, kept once in components.responses. */
class SharedResponses {
  readonly components: Record<string, unknown> = {};

  ref(name: string, response: () => unknown): { $ref: string } {
    this.components[name] ??= response();
    return { $ref: `#/components/responses/${name}` };
  }
}

const pascal = (code: string) => code.replace(/(^|_)([a-z])/g, (_, _sep: string, c: string) => c.toUpperCase());

function responsesOf(ep: EndpointDoc, schemas: SchemaCollector, problemRef: JsonSchema, shared: SharedResponses): Record<string, unknown> {
  const successHeaders: ResponseHeaderName[] = [...COMMON_HEADERS];
  if (ep.prerendered) successHeaders.push('ETag', 'Last-Modified');
  if (ep.cache) successHeaders.push('X-Cache');
  if (ep.idempotent) successHeaders.push('Idempotent-Replayed');
  const success: Record<string, unknown> = {
    description: ep.summary,
    headers: headersFor(successHeaders),
    content: { [ep.contentType ?? 'application/json']: { schema: schemas.convert(ep.response, 'output') } },
  };
  if (ep.location) (success.headers as Record<string, unknown>).Location = { $ref: '#/components/headers/Location', description: ep.location };

  const responses: Record<string, unknown> = { [ep.status]: success };
  if (ep.prerendered) {
    responses['304'] = shared.ref('NotModified', () => ({
      description: 'Not Modified: the If-None-Match (or If-Modified-Since) of the request matches the pre-rendered body.',
      headers: headersFor([...COMMON_HEADERS, 'ETag', 'Last-Modified'], ['ETag', 'Last-Modified']),
    }));
  }
  for (const other of ep.otherResponses ?? []) {
    responses[other.status] = { description: other.description, headers: headersFor(COMMON_HEADERS), content: { 'application/json': { schema: schemas.convert(other.schema, 'output') } } };
  }

  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of [...errorsOf(ep), 'method_not_allowed' as const]) {
    const { status } = problemCodes[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    if (responses[status]) throw new Error(`${ep.method} ${ep.path}: status ${status} is both a problem and another answer`);
    const problem = () => problemResponse(status, codes, problemRef, status === 405 ? ['Allow'] : status === 429 || status === 503 ? ['Retry-After'] : []);
    // A status with one code reads the same in every operation (405, 429, 500, 413...).
    responses[status] = codes.length === 1 ? shared.ref(pascal(codes[0]), problem) : problem();
  }
  return responses;
}

/** An event the service pushes to agents' webhook endpoints (the document's `webhooks` section). */
export interface WebhookEventDoc {
  type: string;
  description: string;
  payload: z.ZodType;
}

/** The Standard Webhooks headers every delivery carries. */
const WEBHOOK_HEADERS = [
  { name: 'webhook-id', description: 'The delivery: the same on every retry, so receivers drop duplicates.', schema: { type: 'string', pattern: '^evt_[0-9a-f]{24}$' } },
  { name: 'webhook-timestamp', description: 'Unix seconds of this attempt; reject ones far from your clock (the libraries allow 5 minutes).', schema: { type: 'string', pattern: '^[0-9]+$' } },
  {
    name: 'webhook-signature',
    description: 'v1, + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body` under the secret; space-separated when two secrets sign (24 h after a rotation).',
    schema: { type: 'string' },
  },
];

/** One webhook of the document: what the service POSTs, and what it takes as success. */
function webhookOperation(event: WebhookEventDoc, schemas: SchemaCollector, tag: string) {
  return {
    post: {
      operationId: `on${event.type.replace(/(^|\.)([a-z])/g, (_, _dot: string, c: string) => c.toUpperCase())}`,
      summary: event.type,
      description: event.description,
      tags: [tag],
      parameters: WEBHOOK_HEADERS.map((h) => ({ ...h, in: 'header', required: true })),
      requestBody: { required: true, content: { 'application/json': { schema: schemas.convert(event.payload, 'output') } } },
      responses: {
        '200': {
          description:
            'Any 2xx acknowledges the delivery. Any other status, no answer within 5 s, a redirect (never followed) or a refused address is a failed attempt, retried on the published schedule.',
        },
      },
      security: [],
    },
  };
}

export function buildOpenApi(endpoints: EndpointDoc[], info: ApiInfo) {
  const schemas = new SchemaCollector();
  const problemRef = schemas.convert(problemSchema, 'output');
  const shared = new SharedResponses();
  const paths: Record<string, Record<string, unknown>> = {};

  for (const ep of endpoints) {
    if (!info.tags[ep.tag]) throw new Error(`${ep.method} ${ep.path}: tag "${ep.tag}" has no description`);
    const operation: Record<string, unknown> = {
      operationId: operationId(ep),
      summary: ep.summary,
      ...(ep.description ? { description: ep.description } : {}),
      tags: [ep.tag],
      security: securityOf(ep),
      parameters: parametersOf(ep, schemas),
    };
    if (ep.body) operation.requestBody = { required: true, content: { 'application/json': { schema: schemas.convert(ep.body, 'input') } } };
    operation.responses = responsesOf(ep, schemas, problemRef, shared);
    if (ep.minTier) operation['x-min-tier'] = ep.minTier;
    (paths[ep.path] ??= {})[ep.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: `${info.description}\n\n${CONVENTIONS}`,
      contact: { email: info.contactEmail },
      license: { name: 'Knowledge base: CC-BY-4.0', identifier: 'CC-BY-4.0' },
    },
    servers: [{ url: info.baseUrl }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name, description: info.tags[name] })),
    paths,
    ...(info.webhooks ? { webhooks: Object.fromEntries(info.webhooks.events.map((e) => [e.type, webhookOperation(e, schemas, info.webhooks!.tag)])) } : {}),
    components: {
      schemas: schemas.components,
      responses: shared.components,
      headers: responseHeaders,
      securitySchemes,
    },
  };
}

function operationId(ep: EndpointDoc): string {
  const words = ep.path
    .replace(/^\/api\/public\/?/, '')
    .split(/[/{}.-]+/)
    .filter(Boolean);
  const name = words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('') || 'index';
  return `${ep.method.toLowerCase()}${name[0].toUpperCase()}${name.slice(1)}`;
}
