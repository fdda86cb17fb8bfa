/**
 * Binds a handler to its endpoint definition (src/schemas/api/*.ts), the way hono's
 * `app.openapi(createRoute(...), handler)` does: the definition's schemas parse the path, query
 * and body before the handler runs, type what it receives and what it returns, and its method list
 * gives the route's 405 Allow. A route file is then one line per method:
 *
 *   export const leaderboard = implement(leaderboardEndpoint, async ({ query, services }) => ...);   (src/api)
 *   export const { GET, ALL } = route(leaderboard);                                                (src/pages)
 */
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import type { EndpointDoc } from '../schemas/api/endpoint-doc.ts';
import type { Services } from '../server/services.ts';
import type { WriteResult } from '../rewards/rewards-service.ts';
import { apiKeyFrom, idempotencyKeyFrom, methodNotAllowed } from './agent-request.ts';
import { DomainError } from '../domain/errors.ts';
import type { DataFreshness } from './freshness.ts';
import { parseBody, parseQuery } from './parse-request.ts';
import { handle, json, programFreshness } from './respond.ts';

type Parsed<E, K extends keyof EndpointDoc> = E extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;
type WithoutKey<T> = T extends object ? Omit<T, 'apiKey'> : T;
type WithoutFreshness<T> = T extends object ? Omit<T, 'dataFreshness'> : T;
type StatusOf<E> = (E extends { status: infer S } ? S : never) | (E extends { otherResponses: readonly { status: infer O }[] } ? O : never);

/** Handlers may answer with frozen data (readonly arrays and objects); the wire is the same. */
type Frozen<T> = T extends readonly (infer U)[] ? readonly Frozen<U>[] : T extends object ? { readonly [K in keyof T]: Frozen<T[K]> } : T;

/** The response body a handler returns: the success schema's type, without the dataFreshness the reply adds. */
export type BodyOf<E> = E extends { response: infer R extends z.ZodType } ? Frozen<WithoutFreshness<z.input<R>>> : never;

/** What a handler receives: the request parsed by its definition's schemas, and the services. */
export interface EndpointInput<E extends EndpointDoc> {
  params: Parsed<E, 'pathParams'>;
  query: Parsed<E, 'query'>;
  /** The body without its `apiKey` field, which is folded into `apiKey` below. */
  body: WithoutKey<Parsed<E, 'body'>>;
  /** The caller's apiKey: Authorization: Bearer, then X-API-Key, then the body's or query's `apiKey`. */
  apiKey: string | undefined;
  /** The Idempotency-Key header of an idempotent write. */
  idempotencyKey: string | undefined;
  services: Services;
  requestId: string | undefined;
  /** The client's address as the server saw it: evidence for operators, never a rule. */
  clientAddress: string | undefined;
  context: APIContext;
}

/**
 * What a handler answers; problems are thrown as DomainErrors (src/domain/errors.ts). An endpoint
 * whose definition names a `contentType` answers text in it (GET /metrics), every other one JSON.
 */
export type Reply<E> = E extends { contentType: string } ? TextReply : JsonReply<E>;

/** A text answer: the body in the definition's `contentType` (or the `Content-Type` header given), never cached. */
export interface TextReply {
  body: string;
  headers?: Record<string, string>;
}

export interface JsonReply<E> {
  body: BodyOf<E>;
  dataFreshness: DataFreshness;
  status?: StatusOf<E>;
  headers?: Record<string, string>;
  /** With a cache scope in the definition: the instant (ms) after which time alone changes the body. */
  until?: number;
}

export interface Implemented<M extends EndpointDoc['method'] = EndpointDoc['method']> {
  method: M;
  path: string;
  /** The definition the handler is bound to (the MCP server reads its schemas). */
  endpoint: EndpointDoc;
  handler: APIRoute;
}

export function implement<E extends EndpointDoc>(endpoint: E, handler: (input: EndpointInput<E>) => Promise<Reply<E>> | Reply<E>): Implemented<E['method']> {
  return {
    method: endpoint.method,
    path: endpoint.path,
    endpoint,
    handler: handle(async (context) => {
      const { request, url, locals } = context;
      const query = endpoint.query ? (parseQuery(url, endpoint.query) as Record<string, unknown>) : undefined;
      const fullBody = endpoint.body ? ((await parseBody(request, endpoint.body, locals.body)) as Record<string, unknown>) : undefined;
      const { apiKey: bodyKey, ...body } = fullBody ?? {};
      const fallbackKey = typeof bodyKey === 'string' ? bodyKey : typeof query?.apiKey === 'string' ? query.apiKey : undefined;
      const reply = await handler({
        params: (endpoint.pathParams ? pathParams(endpoint.pathParams, context.params) : undefined) as Parsed<E, 'pathParams'>,
        query: query as Parsed<E, 'query'>,
        body: (fullBody ? body : undefined) as WithoutKey<Parsed<E, 'body'>>,
        apiKey: endpoint.auth === 'none' || endpoint.auth === 'operator' ? undefined : apiKeyFrom(request, fallbackKey),
        idempotencyKey: endpoint.idempotent ? idempotencyKeyFrom(request) : undefined,
        services: locals.services,
        requestId: locals.requestId,
        clientAddress: locals.clientAddress,
        context,
      });
      if (endpoint.contentType) {
        const { body: text, headers } = reply as TextReply;
        return new Response(text, { headers: { 'Content-Type': endpoint.contentType, 'Cache-Control': 'no-store', ...headers } });
      }
      const answer = reply as JsonReply<E>;
      const cache = endpoint.cache ? { scope: endpoint.cache, until: answer.until } : undefined;
      return json(answer.body as object, answer.dataFreshness, { status: answer.status as number | undefined, headers: answer.headers, cache });
    }),
  };
}

/** Astro matched the route, so each segment is there; one the schema refuses names nothing. */
function pathParams(schema: z.ZodType, params: APIContext['params']): unknown {
  const result = schema.safeParse(params);
  if (!result.success) throw new DomainError('not_found', 'Nothing at this path. The discovery index at /api/public lists every endpoint.');
  return result.data;
}

/**
 * The exports of one Astro route file: a handler per method of its definitions, and `ALL`, the
 * 405 with the route's real Allow for every other method.
 */
export function route<const I extends readonly Implemented[]>(...implemented: I): { [M in I[number]['method']]: APIRoute } & { ALL: APIRoute } {
  const paths = new Set(implemented.map((i) => i.path));
  if (paths.size !== 1) throw new Error(`route() takes the methods of one path, got ${[...paths].join(', ')}`);
  const handlers = Object.fromEntries(implemented.map((i) => [i.method, i.handler]));
  return { ...handlers, ALL: methodNotAllowed(...implemented.map((i) => i.method)) } as unknown as { [M in I[number]['method']]: APIRoute } & { ALL: APIRoute };
}

/** A write's answer: the service's status and body, marked when it replays an earlier Idempotency-Key. */
export function writeReply<E>(services: Services, result: WriteResult): JsonReply<E> {
  // The service builds these bodies (and replays stored ones); test/openapi-responses.test.ts
  // checks every one against the definition's response schema.
  return {
    body: result.body as BodyOf<E>,
    dataFreshness: programFreshness(services),
    status: result.status as StatusOf<E>,
    headers: result.replayed ? { 'Idempotent-Replayed': 'true' } : {},
  };
}
