/**
 * What rewards endpoints read from a request besides its body: the apiKey (a header is
 * preferred; the body field on writes and the query on gated reads also work) and the
 * Idempotency-Key, and how their writes are answered.
 */
import { invalid } from './parse-request.ts';
import { DomainError } from '../domain/errors.ts';
import { problemResponse } from './respond.ts';
import { apiKeyOf } from './api-key.ts';

export function apiKeyFrom(request: Request, fallback?: string): string | undefined {
  return apiKeyOf((name) => request.headers.get(name), fallback);
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export function idempotencyKeyFrom(request: Request): string | undefined {
  const key = request.headers.get('idempotency-key');
  if (key === null) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) throw invalid([{ path: 'Idempotency-Key', message: 'must be 1-255 visible ASCII characters' }]);
  return key;
}

/** A path segment that must be a positive integer id; anything else names no task. */
export function taskIdFrom(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) throw new DomainError('not_found', `No task has id ${String(raw).slice(0, 32)}.`);
  return Number(raw);
}

/** A method the path does not answer: 405 with the path's real Allow. */
export function methodNotAllowed(method: string, allow: readonly string[], locals: Partial<App.Locals> | undefined): Response {
  const methods = [...allow, ...(allow.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  return problemResponse({ code: 'method_not_allowed', detail: `${method.slice(0, 20)} is not supported here; use ${allow.join(' or ')}.`, headers: { Allow: methods } }, locals);
}
