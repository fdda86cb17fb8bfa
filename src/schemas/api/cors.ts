/**
 * CORS for every response, static and errors included (docs/api.md, "Conventions"): part of the
 * API's contract, kept as data because three places say it: the server sends it, the edge
 * configuration (scripts/lib/edge/) writes the same lines, and the concierge explains it.
 */
export const EXPOSED_HEADERS =
  'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit-Policy, RateLimit, Retry-After, ETag, X-Request-Id, ' +
  // MCP Streamable HTTP: a browser client must read the session id a server may assign.
  'Idempotent-Replayed, Location, Allow, X-Cache, Mcp-Session-Id';

/**
 * Request headers a cross-origin caller may send: the API's own, and the agent protocols' (MCP
 * Streamable HTTP's protocol version, session id and resumption id; A2A's version and extensions
 * headers), so a browser can call /mcp and /a2a like any other endpoint.
 */
export const ALLOWED_HEADERS = 'Content-Type, Authorization, X-API-Key, Idempotency-Key, X-Request-Id, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID, A2A-Version, A2A-Extensions';

/** On every response. */
export const CORS_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSED_HEADERS],
];

export const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';

/** How long a browser may keep a preflight's answer. */
export const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/** Added to an OPTIONS answer (204 on any path). */
export const PREFLIGHT_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Methods', ALLOWED_METHODS],
  ['Access-Control-Allow-Headers', ALLOWED_HEADERS],
  ['Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS)],
];
