/**
 * Response helpers for operations and routes: JSON bodies with dataFreshness and a matching
 * Cache-Control, the cache policy the server's response cache reads, and problems as Responses.
 */
import { catalog } from '../catalog/data.ts';
import type { Services } from '../services.ts';
import { cacheControlFor, freshness, type DataFreshness } from './freshness.ts';
import { renderProblem, type Problem } from './problem.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

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

/**
 * The policy as the response cache reads it. `max-age` is in seconds to the millisecond (the
 * header never leaves the server): a body that time changes in 0.4 s is kept for 0.4 s, not
 * recomputed for every request of its last second.
 */
function cacheHeaders(policy: CachePolicy | undefined, now: Date): Record<string, string> {
  if (!policy) return {};
  const until = policy.until ?? Number.POSITIVE_INFINITY;
  const ms = Math.min(CONTENT_KEEP_SECONDS * 1000, Math.floor(until - now.getTime()));
  if (!(ms > 0)) return {};
  return { 'Surrogate-Control': `max-age=${ms / 1000}`, 'Surrogate-Key': policy.scope };
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

/** A problem as a web Response, for an operation or a route; `locals.requestId` joins it to the request's log line. */
export function problemResponse(problem: Problem, locals: Partial<App.Locals> | undefined): Response {
  const extra = locals?.requestId ? { ...problem.extra, requestId: locals.requestId } : problem.extra;
  const now = locals?.services?.clock.now() ?? new Date();
  const { status, headers, body } = renderProblem({ ...problem, extra }, contentFreshness('live', catalog.builtAt, now));
  return new Response(body, { status, headers });
}
