/** CORS for every response, static and errors included (CONTRACT.md section 1). */
import type { ServerResponse } from 'node:http';

export const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
  'Retry-After',
  'ETag',
  'X-Request-Id',
  'Idempotent-Replayed',
  'Location',
  'Allow',
  'X-Cache',
].join(', ');

export function applyCors(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

export function answerPreflight(res: ServerResponse): void {
  res.statusCode = 204;
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, X-API-Key, Idempotency-Key, X-Request-Id');
  res.setHeader('Access-Control-Max-Age', '86400');
  res.end();
}
