/**
 * An operation: a definition (src/schemas/api/*.ts) with the handler bound to it, the way hono's
 * `app.openapi(createRoute(...), handler)` binds one. The definition's schemas parse the path,
 * query and body before the handler runs, and type what it receives and what it returns:
 *
 *   export const leaderboard = implement(leaderboardEndpoint, async ({ query, services }) => ...);   (src/api)
 *
 * `run` is the one way a request reaches a handler. HTTP requests come to it through the route
 * that dispatches every operation (src/pages/[...path].ts, src/api/registry.ts), the build through
 * the pre-rendered routes, and the agent doors (MCP, A2A) through the server's answer path, so
 * validation, problems and the cache policy are the same for all of them.
 */
import type { z } from 'zod';
import type { EndpointDoc } from '../schemas/api/endpoint-doc.ts';
import type { Services } from '../services.ts';
import { apiKeyFrom, idempotencyKeyFrom } from './agent-request.ts';
import { DomainError } from '../domain/errors.ts';
import type { DataFreshness } from './freshness.ts';
import { parseBody, parseQuery } from './parse-request.ts';
import { json, problemResponse } from './respond.ts';

type Parsed<E, K extends keyof EndpointDoc> = E extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;
type WithoutKey<T> = T extends object ? Omit<T, 'apiKey'> : T;
type WithoutFreshness<T> = T extends object ? Omit<T, 'dataFreshness'> : T;
export type StatusOf<E> = (E extends { status: infer S } ? S : never) | (E extends { otherResponses: readonly { status: infer O }[] } ? O : never);

/** Handlers may answer with frozen data (readonly arrays and objects); the wire is the same. */
type Frozen<T> = T extends readonly (infer U)[] ? readonly Frozen<U>[] : T extends object ? { readonly [K in keyof T]: Frozen<T[K]> } : T;

/** The response body a handler returns: the success schema's type, without the dataFreshness the reply adds. */
export type BodyOf<E> = E extends { response: infer R extends z.ZodType } ? Frozen<WithoutFreshness<z.input<R>>> : never;

/** One call of an operation: the request, and what its caller knows of it. */
export interface Call {
  request: Request;
  url: URL;
  /** The path's parameters, decoded (`{ name: 'scout-7' }` for /api/public/ai/agent/{name}). */
  params: Record<string, string>;
  /** What the server hands every request (src/env.d.ts); empty while pre-rendering. */
  locals: App.Locals;
  /** Every operation: the ones that describe the API (OpenAPI, the discovery index, llms.txt) read it. */
  operations: readonly Operation[];
  /** `build` while pre-rendering (the body is written to a file), `live` for a request. */
  source: 'build' | 'live';
}

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
  /** Absent while pre-rendering: pre-rendered operations use `now` and `source` only. */
  services: Services;
  requestId: string | undefined;
  /** The client's address as the server saw it: evidence for operators, never a rule. */
  clientAddress: string | undefined;
  /** The services' clock, or the build's instant while pre-rendering. */
  now: Date;
  source: Call['source'];
  operations: Call['operations'];
  request: Request;
}

/**
 * What a handler answers; problems are thrown as DomainErrors (src/domain/errors.ts). An operation
 * whose definition names a `contentType` answers text in it (feeds, llms.txt, GET /metrics), every
 * other one JSON.
 */
export type Reply<E> = E extends { contentType: string } ? TextReply : JsonReply<E>;

/** A text answer: the body in the definition's `contentType` (or the `Content-Type` header given). */
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

type Handler<E extends EndpointDoc> = (input: EndpointInput<E>) => Promise<Reply<E>> | Reply<E>;

export interface ImplementOptions {
  /** A pre-rendered operation with path parameters: the parameters of every file the build writes. */
  prerenderPaths?: () => Record<string, string>[];
}

export class Operation<E extends EndpointDoc = EndpointDoc> {
  constructor(
    readonly definition: E,
    private readonly handler: Handler<E>,
    readonly options: ImplementOptions = {},
  ) {}

  /** Parses the request, runs the handler and answers; a DomainError becomes its problem. */
  async run(call: Call): Promise<Response> {
    try {
      return await this.answer(call);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return problemResponse({ code: error.code, detail: error.message, extra: error.extra }, call.locals);
    }
  }

  private async answer(call: Call): Promise<Response> {
    const ep = this.definition;
    const { request, url, locals } = call;
    const query = ep.query ? (parseQuery(url, ep.query) as Record<string, unknown>) : undefined;
    const fullBody = ep.body ? ((await parseBody(request, ep.body, locals.body)) as Record<string, unknown>) : undefined;
    const { apiKey: bodyKey, ...body } = fullBody ?? {};
    const fallbackKey = typeof bodyKey === 'string' ? bodyKey : typeof query?.apiKey === 'string' ? query.apiKey : undefined;
    const reply = await this.handler({
      params: (ep.pathParams ? pathParams(ep.pathParams, call.params) : undefined) as Parsed<E, 'pathParams'>,
      query: query as Parsed<E, 'query'>,
      body: (fullBody ? body : undefined) as WithoutKey<Parsed<E, 'body'>>,
      apiKey: ep.auth === 'none' || ep.auth === 'operator' ? undefined : apiKeyFrom(request, fallbackKey),
      idempotencyKey: ep.idempotent ? idempotencyKeyFrom(request) : undefined,
      services: locals.services,
      requestId: locals.requestId,
      clientAddress: locals.clientAddress,
      now: locals.services?.clock.now() ?? new Date(),
      source: call.source,
      operations: call.operations,
      request,
    });
    if (ep.contentType) {
      const { body: text, headers } = reply as TextReply;
      const type = /^text\//.test(ep.contentType) ? `${ep.contentType}; charset=utf-8` : ep.contentType;
      return new Response(text, { headers: { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers } });
    }
    const answer = reply as JsonReply<E>;
    const cache = ep.cache ? { scope: ep.cache, until: answer.until } : undefined;
    return json(answer.body as object, answer.dataFreshness, { status: answer.status as number | undefined, headers: answer.headers, cache });
  }
}

export function implement<E extends EndpointDoc>(definition: E, handler: Handler<E>, options?: ImplementOptions): Operation<E> {
  return new Operation(definition, handler, options);
}

/** The router matched the path's shape; a parameter its schema refuses names nothing. */
function pathParams(schema: z.ZodType, params: Record<string, string>): unknown {
  const result = schema.safeParse(params);
  if (!result.success) throw new DomainError('not_found', 'Nothing at this path. The discovery index at /api/public lists every endpoint.');
  return result.data;
}
