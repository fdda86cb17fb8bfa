/**
 * Where a request carries its apiKey, read the same way by the Node front (the rate limiter's
 * identity, src/server/request-context.ts) and by the endpoints (src/http/agent-request.ts).
 * No imports, so the front can read it without loading the endpoints' modules.
 */

/** A request header by its lower-case name: `request.headers.get` for a web Request, `req.headers` in Node. */
export type HeaderOf = (name: string) => string | null | undefined;

/** Header first (Authorization: Bearer, then X-API-Key), then the body or query value. */
export function apiKeyOf(header: HeaderOf, fallback?: string): string | undefined {
  const bearer = header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return bearer;
  const key = header('x-api-key')?.trim();
  if (key) return key;
  return fallback || undefined;
}
