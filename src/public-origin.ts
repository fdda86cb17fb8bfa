/**
 * The one public origin every absolute URL the service shows is built from: links and media in
 * API bodies, `Location` headers, the agent and MCP cards, the OpenAPI `servers`, feeds, llms.txt,
 * problem types and the concierge's sources.
 *
 * It is `PUBLIC_URL` when set; otherwise the address the server listens on
 * (`http://localhost:PORT`, or `http://HOST:PORT` for a named HOST), so links shown by a local
 * `npm start` work from that machine. content/site.yaml's `baseUrl` is the brand's production
 * address: a production deployment sets PUBLIC_URL to it.
 *
 * The build pre-renders with the origin of its own environment (`npm start` builds with the same
 * PUBLIC_URL, HOST and PORT it then serves with) and records it in dist/build-info.json; a server
 * that answers at another origin shows its own in the pre-rendered files too
 * (src/server/static-files.ts). A build made with PUBLIC_URL keeps that origin unless the server
 * is given another PUBLIC_URL.
 */

/** The default port of `npm start` (src/config.ts). */
export const DEFAULT_PORT = 4321;

let current: string | undefined;

/** The origin absolute URLs are built from, without a trailing slash. */
export function publicOrigin(): string {
  current ??= originFromEnv(process.env).origin;
  return current;
}

/** Set once by the server at start, before it answers anything. */
export function setPublicOrigin(origin: string): void {
  current = origin;
}

/** `pathOrUrl` made absolute on the public origin; an absolute http(s) URL is returned as it is. */
export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${publicOrigin()}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export interface OriginChoice {
  origin: string;
  /** Whether PUBLIC_URL named it, rather than the listening address. */
  explicit: boolean;
}

/** The origin an environment names (the build's): PUBLIC_URL, else `http://{HOST or localhost}:{PORT}`. */
export function originFromEnv(env: NodeJS.ProcessEnv): OriginChoice {
  if (env.PUBLIC_URL) return { origin: parsePublicUrl(env.PUBLIC_URL), explicit: true };
  const port = env.PORT ? Number(env.PORT) : DEFAULT_PORT;
  return { origin: listeningOrigin(env.HOST ?? '', port), explicit: false };
}

/** Where a server bound to `host`:`port` is reached from its own machine: a wildcard address as localhost, IPv6 in brackets. */
export function listeningOrigin(host: string, port: number): string {
  const name = host === '' || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** PUBLIC_URL must be an http(s) origin; a trailing slash is dropped, a path or query refused. */
export function parsePublicUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new Error(`PUBLIC_URL must be an http(s) origin such as https://tv.example.org, with no path (got "${value}")`);
  }
  return url.origin;
}
