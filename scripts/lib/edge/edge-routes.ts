/**
 * The build's pre-rendered routes as the edge needs them, read from the same table the Node
 * server answers from (src/server/static-files.ts): for every file, the request paths it answers,
 * the header lines the origin sends with it and the strong ETag of each precompressed variant.
 * The nginx configuration and the `_headers` / `_redirects` files are written from this list, so
 * the edge and the origin cannot drift apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StaticFiles } from '../../../src/server/static-files.ts';

export interface EdgeRoute {
  /** The file under dist/client, as a URL path (`/api/public/videos.json`). */
  file: string;
  /** Request paths answered with this file (`/api/public/videos`, `/api/public/videos/`...). */
  paths: string[];
  /** Paths among `paths` whose query goes to the on-demand twin at the origin. */
  twinPaths: string[];
  /** The origin's header lines for this file (Content-Type, Cache-Control, CSP), not ETag or dates. */
  headers: Array<[string, string]>;
  /** ETag per served file: the file itself and its `.br` / `.gz` siblings when the build made them. */
  etags: Record<string, string>;
  /** Whether `.br` and `.gz` siblings exist (the answer then varies on Accept-Encoding). */
  compressed: boolean;
}

/** Only plain path characters: anything else is left to the origin, which decodes paths its own way. */
const PLAIN_PATH = /^\/[A-Za-z0-9._~/-]*$/;

const SUFFIX = { identity: '', br: '.br', gzip: '.gz' } as const;

export function collectEdgeRoutes(clientDir: string): EdgeRoute[] {
  const files = new StaticFiles(clientDir, { contentTypeOf: prerenderedContentTypes(clientDir) });
  const routes: EdgeRoute[] = [];
  for (const asset of files.assets()) {
    if (!PLAIN_PATH.test(asset.path)) continue;
    // Read only for the ETags and the page's CSP; the bytes are not kept.
    const entry = files.load(asset);
    const etags: Record<string, string> = {};
    for (const [variant, etag] of Object.entries(entry.etags ?? {})) etags[asset.path + SUFFIX[variant as keyof typeof SUFFIX]] = etag;
    const paths = files.requestPaths(asset).filter((path) => PLAIN_PATH.test(path));
    routes.push({
      file: asset.path,
      paths,
      twinPaths: paths.filter((path) => files.queryGoesToTwin(asset, path)),
      headers: entry.headers.filter(([name]) => name !== 'Last-Modified'),
      etags,
      compressed: Boolean(entry.variants.br ?? entry.variants.gzip),
    });
  }
  return routes.sort((a, b) => (a.file < b.file ? -1 : 1));
}

/** The media type each operation names for its pre-rendered file (the feeds), from the build's own discovery index. */
function prerenderedContentTypes(clientDir: string): (path: string) => string | undefined {
  const types = new Map<string, string>();
  for (const endpoint of discoveryEndpoints(clientDir)) {
    if (endpoint.prerendered && endpoint.contentType !== 'application/json')
      types.set(endpoint.path, /^text\/|\+xml$|\+json$/.test(endpoint.contentType) ? `${endpoint.contentType}; charset=utf-8` : endpoint.contentType);
  }
  return (path) => types.get(path);
}

interface DiscoveryEndpoint {
  method: string;
  path: string;
  prerendered: boolean;
  contentType: string;
  parameters?: Array<{ name: string; in: string }>;
}

function discoveryEndpoints(clientDir: string): DiscoveryEndpoint[] {
  const file = join(clientDir, 'api/public.json');
  return existsSync(file) ? ((JSON.parse(readFileSync(file, 'utf8')) as { endpoints?: DiscoveryEndpoint[] }).endpoints ?? []) : [];
}

/**
 * The query parameters each pre-rendered API path's on-demand twin reads, from the build's own
 * discovery index (`/api/public`): a CDN that matches rules by named parameter (Netlify) needs them.
 */
export function twinQueryParameters(clientDir: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const endpoint of discoveryEndpoints(clientDir)) {
    const names = (endpoint.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    if (endpoint.method === 'GET' && names.length) params.set(endpoint.path, names);
  }
  return params;
}

export function headerValue(route: EdgeRoute, name: string): string | undefined {
  return route.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}
