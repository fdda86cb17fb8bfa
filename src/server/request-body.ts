/**
 * Reading a request's body in the server, before any route: only JSON POST bodies up to the
 * limit are read (the rest are refused unread), so the apiKey a write carries in its body can
 * identify the agent to the rate limiter like a header does.
 */
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import { JSON_CONTENT_TYPE } from '../http/parse-request.ts';
import { MAX_BODY_BYTES } from '../schemas/api/endpoint-doc.ts';

export function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The client went away before sending its whole body: nobody is left to answer. */
export const ABORTED = Symbol('aborted');

/** The body was not read: not a POST, or one the server refuses (413 by length, 415 by type). */
export const NOT_READ = Symbol('not read');

export function mayReadBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) <= MAX_BODY_BYTES && JSON_CONTENT_TYPE.test(String(req.headers['content-type'] ?? ''));
}

/** The `apiKey` of a JSON object body, if it has a plausible one; never throws. */
export function apiKeyFromJson(text: string): string | undefined {
  if (!text.includes('"apiKey"')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    const key = value && typeof value === 'object' && !Array.isArray(value) ? (value as { apiKey?: unknown }).apiKey : undefined;
    return typeof key === 'string' && key.length > 0 && key.length <= 256 ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads at most `limit` bytes (raw-body); undefined when the body is larger (the rest is not
 * read), ABORTED when the client disconnected first. Decoded by Buffer, not by raw-body's
 * decoder, which drops a byte-order mark: a body of only a BOM would read as no body at all.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<string | undefined | typeof ABORTED> {
  return getRawBody(req, { limit }).then(
    (bytes) => bytes.toString('utf8'),
    (error: { type?: string }) => (error.type === 'entity.too.large' ? undefined : ABORTED),
  );
}
