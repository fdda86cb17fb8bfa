/**
 * Request parsing for endpoints: every validation failure becomes a 400 `invalid_request` that
 * names the field. Kept apart from the response helpers (respond.ts) because it needs nothing of
 * the catalog, so the Node server can use it too (JSON_CONTENT_TYPE).
 */
import type { z } from 'zod';
import { DomainError } from '../domain/errors.ts';
import type { FieldError } from './problem.ts';

/** `application/json`, or any `+json` type, with or without parameters. */
export const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.length ? issue.path.join('.') : '(body)', message: issue.message }));
}

export function invalid(errors: FieldError[], detail?: string): DomainError {
  return new DomainError('invalid_request', detail ?? errors.map((e) => `${e.path}: ${e.message}`).join('; '), { errors });
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
 * stream would cost every write CPU for nothing.
 */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S, preRead?: string): Promise<z.output<S>> {
  return parseJsonText(await jsonBodyText(request, preRead), schema);
}

/** The text of a request body sent as JSON (`preRead` when our server already read it), or 415. */
export async function jsonBodyText(request: Request, preRead?: string): Promise<string> {
  if (!JSON_CONTENT_TYPE.test(request.headers.get('content-type') ?? '')) {
    throw new DomainError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  return preRead ?? (await request.text());
}

/** A JSON object body already read as text, validated against `schema`. */
export function parseJsonText<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new DomainError('invalid_json', 'The request body is not valid JSON.');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid([{ path: '(body)', message: 'must be a JSON object' }]);
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data as z.output<S>;
}
