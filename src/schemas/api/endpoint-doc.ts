/**
 * How an operation describes itself: its method and path, its schemas, its errors, who may call
 * it, how the rate limits count it, what the response cache may keep, and whether MCP clients see
 * it. Each feature defines its operations next to their schemas; src/api binds a handler to each,
 * and the registry of those (src/api/registry.ts) is what the server routes, the MCP server lists
 * and the OpenAPI document, the discovery index and llms.txt describe.
 */
import type { z } from 'zod';
import type { ErrorCode as ProblemCode } from '../../domain/errors.ts';
import { problemCodes } from './problem-codes.ts';

export type Auth =
  /** No key: anyone may call it. */
  | 'none'
  /** A key is required (header preferred; body `apiKey` on writes, `apiKey` query on gated reads). */
  | 'apiKey'
  /** A key is optional and, when present, links the call to the agent. */
  | 'optionalApiKey'
  /** Operators only: loopback clients, or Authorization: Bearer <METRICS_TOKEN> (GET /metrics). */
  | 'operator';

/** How the rate limits count a call: reads and writes have windows of their own. */
export type RateClass = 'read' | 'write';

export interface EndpointDoc {
  /** The operation's one name: its OpenAPI operationId and its MCP tool name. */
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** OpenAPI-style path: `/api/public/videos/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  /** Minimum tier for gated reads, e.g. 'Platinum'. */
  minTier?: string;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status and the schema of its body. */
  status: 200 | 201 | 202;
  response: z.ZodType;
  /** Answers other than the success one and problems, e.g. health's 503 with the same body. */
  otherResponses?: { status: number; description: string; schema: z.ZodType }[];
  /** The success answer's Location header, when it has one: what it points at. */
  location?: string;
  /** Media type of the success body when it is not JSON (feeds, llms.txt). */
  contentType?: string;
  /** Problem codes this endpoint can answer with, beyond the ones every request or POST can meet (`errorsOf`). */
  errors: ProblemCode[];
  /** True when the body without a query is a pre-rendered file. */
  prerendered?: boolean;
  /**
   * What the server's response cache may keep of its on-demand answers (CachePolicy in
   * src/http/respond.ts): `content` for bodies that depend on the URL and the build alone,
   * `program` for program data, kept until the next commit. Those answers carry `X-Cache`.
   */
  cache?: 'content' | 'program';
  /** Accepts an Idempotency-Key header (writes). */
  idempotent?: boolean;
  /** How the rate limits count a call; by default GET is a read and POST a write. */
  rateClass?: RateClass;
  /** Whether MCP clients get it as a tool; by default every JSON operation but the operators'. */
  mcp?: boolean;
}

export function rateClassOf(ep: EndpointDoc): RateClass {
  return ep.rateClass ?? (ep.method === 'GET' ? 'read' : 'write');
}

export function isMcpTool(ep: EndpointDoc): boolean {
  return ep.mcp ?? (ep.contentType === undefined && ep.auth !== 'operator');
}

/**
 * One endpoint's definition. The identity function keeps the literal schema types, so the handler
 * bound to it (`implement` in src/http/endpoint.ts) is typed from the same object the OpenAPI
 * document, the discovery index and llms.txt are generated from.
 */
export function defineEndpoint<E extends EndpointDoc>(endpoint: E): E {
  return endpoint;
}

/** The largest POST body the server reads, in bytes (16 KiB): a longer one is refused (413) before any endpoint runs. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Problems every POST can answer besides the endpoint's own: the server refuses a body that is
 * not JSON (415) or over MAX_BODY_BYTES (413) before any endpoint runs, and every endpoint parses JSON.
 */
const POST_ERRORS: readonly ProblemCode[] = ['invalid_json', 'unsupported_media_type', 'payload_too_large'];

/**
 * Problems any request can meet: the rate limiter's, a bug's, and 503 with Retry-After when the
 * server is at its connection cap or the database cannot be reached just now (a restart).
 */
const ANY_ERRORS: readonly ProblemCode[] = ['rate_limited', 'internal_error', 'service_unavailable'];

/**
 * Every problem code the endpoint can answer with, its own and the ones every request can meet,
 * except where the endpoint documents that status as an answer of its own (health's 503).
 */
export function errorsOf(ep: EndpointDoc): ProblemCode[] {
  const own = new Set((ep.otherResponses ?? []).map((r) => r.status));
  const every = ANY_ERRORS.filter((code) => !own.has(problemCodes[code].status));
  return [...new Set([...ep.errors, ...(ep.method === 'POST' ? POST_ERRORS : []), ...every])];
}
