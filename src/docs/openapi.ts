/** The OpenAPI 3.1 document, generated from the endpoint list and the schemas that validate. */
import { problemCodes } from '../http/problem.ts';
import type { EndpointDoc } from '../schemas/api/endpoint-doc.ts';
import { problemSchema } from '../schemas/api/common.ts';
import { isOptional, SchemaCollector, type JsonSchema } from './json-schema.ts';

export interface ApiInfo {
  title: string;
  description: string;
  version: string;
  baseUrl: string;
  contactEmail: string;
}

export function buildOpenApi(endpoints: EndpointDoc[], info: ApiInfo) {
  const schemas = new SchemaCollector();
  const problemRef = schemas.convert(problemSchema, 'output');
  const paths: Record<string, Record<string, unknown>> = {};

  for (const ep of endpoints) {
    const parameters: JsonSchema[] = [];
    for (const [location, shape] of [
      ['path', ep.pathParams?.shape],
      ['query', ep.query?.shape],
    ] as const) {
      for (const [name, field] of Object.entries(shape ?? {})) {
        const schema = schemas.convert(field, 'input');
        parameters.push({
          name,
          in: location,
          required: location === 'path' || !isOptional(field),
          ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
          schema,
        });
      }
    }
    if (ep.auth !== 'none' && ep.method === 'GET') {
      parameters.push({ name: 'apiKey', in: 'query', required: false, description: 'Your apiKey, when a header cannot be sent (headers are preferred).', schema: { type: 'string' } });
    }
    if (ep.idempotent) {
      parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, description: 'Replays the first response of a retried write for 24 h.', schema: { type: 'string', maxLength: 255 } });
    }

    const errorResponses: Record<string, unknown> = {};
    for (const code of [...ep.errors, 'rate_limited', 'internal_error'] as const) {
      const { status, title } = problemCodes[code];
      const existing = errorResponses[status] as { description: string } | undefined;
      errorResponses[status] = {
        description: existing ? `${existing.description}; ${code}` : `${title} (${code})`,
        content: { 'application/problem+json': { schema: problemRef } },
      };
    }

    const operation: Record<string, unknown> = {
      operationId: operationId(ep),
      summary: ep.summary,
      ...(ep.description ? { description: ep.description } : {}),
      tags: [ep.tag],
      parameters,
      responses: {
        [ep.status]: {
          description: ep.summary,
          content: { [ep.contentType ?? 'application/json']: { schema: schemas.convert(ep.response, 'output') } },
        },
        ...errorResponses,
      },
    };
    if (ep.body) operation.requestBody = { required: true, content: { 'application/json': { schema: schemas.convert(ep.body, 'input') } } };
    if (ep.auth === 'apiKey') operation.security = [{ bearerAuth: [] }, { apiKeyHeader: [] }];
    if (ep.auth === 'optionalApiKey') operation.security = [{}, { bearerAuth: [] }, { apiKeyHeader: [] }];
    if (ep.minTier) operation['x-min-tier'] = ep.minTier;
    (paths[ep.path] ??= {})[ep.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: info.title,
      version: info.version,
      description: info.description,
      contact: { email: info.contactEmail },
      license: { name: 'Knowledge base: CC-BY-4.0', identifier: 'CC-BY-4.0' },
    },
    servers: [{ url: info.baseUrl }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <apiKey> (preferred).' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
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
