/** Per-request facts the server works out once: id, client IP, apiKey (never logged), timing. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { apiKeyOf } from '../http/api-key.ts';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The client address. With TRUST_PROXY (one proxy of ours in front, which appends the address it
 * saw) that is the LAST X-Forwarded-For entry: earlier entries come from the client and could be
 * anything, so taking the first would let a client pick its own rate-limit identity. An entry that
 * is not an IP address is ignored in favour of the socket's.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const forwarded = Array.isArray(header) ? header.join(',') : header;
    const last = forwarded?.slice(-256).split(',').at(-1)?.trim();
    if (last && isIP(last)) return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * The apiKey from a header (preferred) or the query string, read as the endpoints read it
 * (`apiKeyOf`). Body keys are read from the body the server already has (create-server.ts).
 */
export function apiKeyFromHeaders(req: IncomingMessage, url: URL | undefined): string | undefined {
  // Only a URL with a query can carry one (and searchParams is an object built on first use).
  return apiKeyOf((name) => headerOf(req, name), url?.search ? (url.searchParams.get('apiKey') ?? undefined) : undefined);
}

/** A request header the way the web's `Headers.get` reads it: repeated values joined. */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The path and query for a log line, with any secret-looking query value replaced. */
export function loggablePath(url: URL): string {
  if (!url.search) return url.pathname;
  const params = new URLSearchParams(url.search);
  for (const key of [...params.keys()]) {
    if (/key|token|secret|password/i.test(key)) params.set(key, '[redacted]');
  }
  return `${url.pathname}?${params.toString()}`;
}

/**
 * The request's URL, or why it is refused: only origin-form paths are accepted, the path must
 * decode cleanly (a malformed escape or a NUL byte is a 400 rather than a guess), and HTTP/1.1
 * requires a Host header (RFC 9112 3.2).
 */
export function parseRequestUrl(req: IncomingMessage): URL | string {
  if (req.httpVersion === '1.1' && req.headers.host === undefined) return 'An HTTP/1.1 request must carry a Host header.';
  const raw = req.url ?? '/';
  if (!raw.startsWith('/') || raw.startsWith('//')) return 'The request target must be a path (origin-form).';
  try {
    // One string to parse, not a base and a reference (a third cheaper); the host never comes from
    // the target: a backslash after the first slash stays in the path, where a base would read
    // `/\host` as another host.
    const url = new URL(`http://localhost${raw}`);
    if (url.pathname.includes('%') && decodeURIComponent(url.pathname).includes('\0')) return 'The request path contains a NUL byte.';
    return url;
  } catch {
    return 'The request URL is malformed.';
  }
}
