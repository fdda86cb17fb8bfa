/**
 * The response headers the OpenAPI document describes, as Header Objects (components.headers).
 * They are the ones the server (src/server/) and the endpoints' helpers (src/http/) write; the
 * contract test checks every real response against them.
 */
import type { JsonSchema } from './json-schema.ts';

export interface HeaderObject {
  description: string;
  required: boolean;
  schema: JsonSchema;
}

const rateLimitNote = 'Absent when the operator turned rate limiting off (RATE_LIMITS=off).';

export const responseHeaders = {
  'X-Request-Id': {
    description: 'The request id: the one the client sent when it is sane, else a new one. The server log line and a problem body carry the same id.',
    required: true,
    schema: { type: 'string', minLength: 1 },
  },
  'Cache-Control': {
    description: '`no-store` for live bodies; `public, max-age=N` for bodies that may be kept N seconds (N is dataFreshness.maxAgeSeconds).',
    required: true,
    schema: { type: 'string', pattern: '^(no-store|public, max-age=\\d+(, immutable)?)$' },
  },
  'X-RateLimit-Limit': {
    description: `Requests this caller may make in the headline window (per minute) of this request class (reads: GET, HEAD; writes: POST). ${rateLimitNote}`,
    required: false,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Remaining': {
    description: `Requests left in that window. ${rateLimitNote}`,
    required: false,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: `When that window starts afresh, in Unix seconds. ${rateLimitNote}`,
    required: false,
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Policy': {
    description: `Every window of the class (draft-ietf-httpapi-ratelimit-headers-10), e.g. \`"reads-min";q=300;w=60, "reads-hour";q=10000;w=3600\`. ${rateLimitNote}`,
    required: false,
    schema: { type: 'string', pattern: '^"[a-z-]+";q=\\d+;w=\\d+(, "[a-z-]+";q=\\d+;w=\\d+)*$' },
  },
  RateLimit: {
    description: `What is left of each window and when it resets, in seconds (draft-ietf-httpapi-ratelimit-headers-10), e.g. \`"reads-min";r=287;t=41\`. ${rateLimitNote}`,
    required: false,
    schema: { type: 'string', pattern: '^"[a-z-]+";r=\\d+;t=\\d+(, "[a-z-]+";r=\\d+;t=\\d+)*$' },
  },
  'Retry-After': {
    description: 'Seconds to wait before the request can succeed.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  ETag: {
    description: 'Entity tag of a pre-rendered body (answered without a query): send it back as If-None-Match to get 304 while it is current.',
    required: false,
    schema: { type: 'string', pattern: '^(W/)?"[^"]*"$' },
  },
  'Last-Modified': {
    description: 'When the pre-rendered body was built (an HTTP-date); If-Modified-Since works too.',
    required: false,
    schema: { type: 'string', minLength: 1 },
  },
  'X-Cache': {
    description:
      "An on-demand answer (with a query, or a live read): HIT when the server's response cache answered, MISS when the answer was computed now and kept. Absent when it was not kept (a read with credentials, a problem).",
    required: false,
    schema: { type: 'string', enum: ['HIT', 'MISS'] },
  },
  'Idempotent-Replayed': {
    description: 'true when this is the stored answer of an earlier request with the same Idempotency-Key and body.',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
  Location: {
    description: 'URL of what was created.',
    required: true,
    schema: { type: 'string', format: 'uri' },
  },
  Allow: {
    description: 'The methods this path answers.',
    required: true,
    schema: { type: 'string', pattern: '^[A-Z]+(, [A-Z]+)*$' },
  },
} satisfies Record<string, HeaderObject>;

export type ResponseHeaderName = keyof typeof responseHeaders;

/** Headers every response carries. */
export const COMMON_HEADERS: ResponseHeaderName[] = ['X-Request-Id', 'Cache-Control', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];

/**
 * The Header Objects of a response: references to components.headers, or an inline copy where
 * the response requires a header the component leaves optional (ETag on a 304).
 */
export function headersFor(names: ResponseHeaderName[], required: ResponseHeaderName[] = []): Record<string, unknown> {
  return Object.fromEntries(
    names.map((name) => {
      const header: HeaderObject = responseHeaders[name];
      return [name, required.includes(name) && !header.required ? { ...header, required: true } : { $ref: `#/components/headers/${name}` }];
    }),
  );
}
