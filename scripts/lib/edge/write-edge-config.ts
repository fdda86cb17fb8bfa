/**
 * Writes the edge's deploy configuration into the build (scripts/postbuild.ts): dist/edge/nginx.conf
 * (an envsubst template, see nginx-config.ts) and dist/client/_headers and _redirects. nginx needs
 * no list of on-demand routes (whatever is not a file goes to the origin); `_redirects` does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { headersFile, redirectsFile } from './cdn-files.ts';
import { collectEdgeRoutes, twinQueryParameters } from './edge-routes.ts';
import { nginxSiteConfig } from './nginx-config.ts';
import { onDemandRoutes } from './on-demand-routes.ts';

export async function writeEdgeConfig(distDir: string, originUrl: string): Promise<{ routes: number; paths: number; onDemand: number }> {
  const client = join(distDir, 'client');
  const routes = collectEdgeRoutes(client);
  mkdirSync(join(distDir, 'edge'), { recursive: true });
  writeFileSync(join(distDir, 'edge', 'nginx.conf'), nginxSiteConfig(routes));
  writeFileSync(join(client, '_headers'), headersFile(routes));
  const onDemand = await onDemandRoutes(distDir);
  writeFileSync(join(client, '_redirects'), redirectsFile(routes, originUrl, twinQueryParameters(client), onDemand));
  return { routes: routes.length, paths: routes.reduce((n, r) => n + r.paths.length, 0), onDemand: onDemand.length };
}
