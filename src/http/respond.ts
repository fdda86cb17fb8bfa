/**
 * Response helpers for endpoints: JSON bodies with dataFreshness and a matching Cache-Control,
 * problem+json errors, and request parsing that turns every validation failure into a 400 that
 * names the field. Endpoints stay thin: parse, call one function, respond.
 */
import { cacheControlFor, freshness, type DataFreshness } from './freshness.ts';
import { problemBody, ProblemError, type ProblemCode } from './problem.ts';
import { catalog } from '../catalog/data.ts';
import { CONTENT_ONLY } from '../rewards/program-changes.ts';
import { JSON_TYPE, jsonHead, storedAnswer, withFreshness, type SharedBody } from './shared-reads.ts';

export { JSON_TYPE };

export { fieldErrors, invalid, parseBody, parseQuery } from './parse-request.ts';

export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

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

export function json(body: object, dataFreshness: DataFreshness, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify({ ...body, dataFreshness }), {
    status: init.status ?? 200,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': cacheControlFor(dataFreshness), ...init.headers },
  });
}

/**
 * `json()` for a shared read (src/http/shared-reads.ts): a body that depends only on its URL and
 * the program's data, or the build's content (`contentJson`). When the request carries no
 * credentials the finished body is also handed to the server's LiveResponses, which answers the
 * same URL from memory while its scope says it is current (src/server/live-responses.ts).
 */
export function sharedJson(ctx: import('astro').APIContext, read: SharedBody): Response {
  const head = jsonHead(read.body);
  const { request, url, locals } = ctx;
  const credentialed = request.headers.has('authorization') || request.headers.has('x-api-key') || url.searchParams.has('apiKey');
  if (!credentialed && locals.services) {
    locals.services.responses.remember(url.pathname + url.search, storedAnswer(read, head), { version: locals.dataVersion, expiresAt: read.stableUntil, scope: read.scope });
  }
  return new Response(withFreshness(head, read.dataFreshness).toString(), { status: 200, headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': cacheControlFor(read.dataFreshness) } });
}

/**
 * `json()` for a body computed from its URL and the build's content alone (a filtered video list,
 * a knowledge topic), through `sharedJson`: the server then answers a repeat of the URL from
 * memory, past any commit (CONTENT_ONLY) and for as long as it is kept, each answer with its own
 * generatedAt. Before, every repeat went through Astro and computed the body again (BENCHMARKS.md,
 * fix 32).
 */
export function contentJson(ctx: import('astro').APIContext, body: object, lastModified: string): Response {
  // Neither time nor a commit changes it: it lasts until evicted, or until a change the server
  // cannot explain ends everything remembered.
  return sharedJson(ctx, { body, dataFreshness: contentFreshness('live', lastModified, ctx.locals.services?.clock.now()), scope: CONTENT_ONLY, stableUntil: Number.POSITIVE_INFINITY });
}

/** `now`: the services' clock (`locals.services.clock.now()`), so a pinned clock pins problems too. */
export function problem(code: ProblemCode, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, now: Date = new Date()): Response {
  const body = problemBody(catalog.site.baseUrl, code, detail, contentFreshness('live', catalog.builtAt, now), extra);
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'Content-Type': PROBLEM_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}

export function problemFromError(error: ProblemError, requestId?: string, now?: Date): Response {
  return problem(error.code, error.message, requestId ? { ...error.extra, requestId } : error.extra, error.headers, now);
}

/**
 * Wraps an endpoint so a thrown ProblemError becomes its problem response. Anything else is a bug:
 * it propagates to Astro middleware, which logs it and answers 500 with the request id only.
 */
export function handle(fn: (ctx: import('astro').APIContext) => Promise<Response> | Response) {
  return async (ctx: import('astro').APIContext): Promise<Response> => {
    try {
      return await fn(ctx);
    } catch (error) {
      if (error instanceof ProblemError) return problemFromError(error, ctx.locals.requestId, ctx.locals.services?.clock.now());
      throw error;
    }
  };
}
