/**
 * Response helpers for endpoints: JSON bodies with dataFreshness and a matching Cache-Control,
 * problem+json errors, and request parsing that turns every validation failure into a 400 that
 * names the field. Endpoints stay thin: parse, call one function, respond.
 */
import type { z } from 'zod';
import { cacheControlFor, freshness, type DataFreshness } from './freshness.ts';
import { problemBody, ProblemError, type FieldError, type ProblemCode } from './problem.ts';
import { catalog } from '../catalog/data.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
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
 * `json()` for a read whose body depends only on its URL and the program's data. When the request
 * carries no credentials the finished body is also handed to the server's LiveResponses, which
 * answers the same URL from memory until the next commit (src/server/live-responses.ts).
 */
export function sharedJson(ctx: import('astro').APIContext, body: object, dataFreshness: DataFreshness): Response {
  const text = JSON.stringify({ ...body, dataFreshness });
  const { request, url, locals } = ctx;
  const credentialed = request.headers.has('authorization') || request.headers.has('x-api-key') || url.searchParams.has('apiKey');
  if (!credentialed && locals.services) {
    locals.services.responses.remember(url.pathname + url.search, { status: 200, contentType: JSON_TYPE, body: Buffer.from(text) }, locals.dataVersion);
  }
  return new Response(text, { status: 200, headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': cacheControlFor(dataFreshness) } });
}

export function problem(code: ProblemCode, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  const body = problemBody(catalog.site.baseUrl, code, detail, contentFreshness('live', catalog.builtAt), extra);
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'Content-Type': PROBLEM_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}

export function problemFromError(error: ProblemError, requestId?: string): Response {
  return problem(error.code, error.message, requestId ? { ...error.extra, requestId } : error.extra, error.headers);
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.length ? issue.path.join('.') : '(body)', message: issue.message }));
}

export function invalid(errors: FieldError[], detail?: string): ProblemError {
  return new ProblemError('invalid_request', detail ?? errors.map((e) => `${e.path}: ${e.message}`).join('; '), { errors });
}

/**
 * Query parameters as a plain object. A parameter given twice is an error rather than a guess
 * at which one the caller meant.
 */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const raw: Record<string, string> = Object.create(null);
  const errors: FieldError[] = [];
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    if (values.length > 1) errors.push({ path: key, message: 'must be given at most once' });
    raw[key] = values[0];
  }
  const result = schema.safeParse({ ...raw });
  if (!result.success) errors.push(...fieldErrors(result.error));
  if (errors.length) throw invalid(errors);
  return result.data as z.output<S>;
}

/**
 * A JSON request body, validated. Our server already refused bodies over 16 KiB and non-JSON types,
 * and hands the text it read as `locals.body` (`preRead`): reading it again from the Request's
 * stream was about 4% of the CPU under the earn benchmark.
 */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S, preRead?: string): Promise<z.output<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ProblemError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const text = preRead ?? (await request.text());
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ProblemError('invalid_json', 'The request body is not valid JSON.');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid([{ path: '(body)', message: 'must be a JSON object' }]);
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data as z.output<S>;
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
      if (error instanceof ProblemError) return problemFromError(error, ctx.locals.requestId);
      throw error;
    }
  };
}
