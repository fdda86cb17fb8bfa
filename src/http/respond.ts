/**
 * Response helpers for endpoints: JSON bodies with dataFreshness and a matching Cache-Control,
 * the cache policy the server's response cache reads, problem+json errors, and request parsing
 * that turns every validation failure into a 400 that names the field. Endpoints stay thin:
 * parse, call one function, respond.
 */
import type { APIContext } from 'astro';
import { catalog } from '../catalog/data.ts';
import type { Services } from '../server/services.ts';
import { cacheControlFor, freshness, type DataFreshness } from './freshness.ts';
import { DomainError } from '../domain/errors.ts';
import { problemBody, type ProblemCode } from './problem.ts';

export { parseBody } from './parse-request.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/**
 * What the server's response cache may keep of a credential-free GET (src/server/response-cache.ts),
 * sent as the Surrogate-Control and Surrogate-Key headers, which the server reads and removes:
 * - `content`: the body depends on its URL and the build alone (a filtered list): kept until the
 *   process ends, since a new build is a new process;
 * - `program`: it shows program data: kept until the next commit that changes what public reads
 *   show (the store's change feed).
 * Either is kept no later than `until` (ms, the services' clock) when time alone would change the
 * body (reputation decays, a special goes on air). Without a policy nothing is kept.
 */
export interface CachePolicy {
  scope: 'content' | 'program';
  until?: number;
}

/** How long a `content` body may be kept: for the life of the process (a year, in headers). */
const CONTENT_KEEP_SECONDS = 31_536_000;

function cacheHeaders(policy: CachePolicy | undefined, now: Date): Record<string, string> {
  if (!policy) return {};
  const until = policy.until ?? Number.POSITIVE_INFINITY;
  const seconds = Number.isFinite(until) ? Math.min(CONTENT_KEEP_SECONDS, Math.floor((until - now.getTime()) / 1000)) : CONTENT_KEEP_SECONDS;
  if (seconds <= 0) return {};
  return { 'Surrogate-Control': `max-age=${seconds}`, 'Surrogate-Key': policy.scope };
}

/** Freshness of a body computed from build-time content: pre-rendered, or live with the same data. */
export function contentFreshness(source: 'build' | 'live', lastModified: string, now: Date = new Date()): DataFreshness {
  return freshness({
    source,
    generatedAt: source === 'build' ? catalog.builtAt : now,
    contentVersion: catalog.contentVersion,
    lastModified,
    maxAgeSeconds: source === 'build' ? undefined : 0,
  });
}

/** Live program data: lastModified = the newest write. */
export function programFreshness(services: Services): DataFreshness {
  return freshness({ source: 'live', generatedAt: services.clock.now(), contentVersion: services.contentVersion, lastModified: services.rewards.lastModified(), maxAgeSeconds: 0 });
}

export interface JsonInit {
  status?: number;
  headers?: Record<string, string>;
  cache?: CachePolicy;
}

export function json(body: object, dataFreshness: DataFreshness, init: JsonInit = {}): Response {
  return new Response(JSON.stringify({ ...body, dataFreshness }), {
    status: init.status ?? 200,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': cacheControlFor(dataFreshness), ...cacheHeaders(init.cache, new Date(dataFreshness.generatedAt)), ...init.headers },
  });
}

/** `now`: the services' clock (`locals.services.clock.now()`), so a pinned clock pins problems too. */
export function problem(code: ProblemCode, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, now: Date = new Date()): Response {
  const body = problemBody(code, detail, contentFreshness('live', catalog.builtAt, now), extra);
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'Content-Type': PROBLEM_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}

/**
 * Wraps an endpoint so a thrown DomainError becomes its problem response, the one place where
 * errors become problem+json. Anything else is a bug: it propagates to Astro middleware, which
 * logs it and answers 500 with the request id only.
 */
export function handle(fn: (ctx: APIContext) => Promise<Response> | Response) {
  return async (ctx: APIContext): Promise<Response> => {
    try {
      return await fn(ctx);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const extra = ctx.locals.requestId ? { ...error.extra, requestId: ctx.locals.requestId } : error.extra;
      // A 503 says when to come back (the database is restarting, say).
      const headers: Record<string, string> = typeof error.extra.retryAfterSeconds === 'number' ? { 'Retry-After': String(error.extra.retryAfterSeconds) } : {};
      return problem(error.code, error.message, extra, headers, ctx.locals.services?.clock.now());
    }
  };
}
