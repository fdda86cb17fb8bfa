/**
 * The routes the origin answers on demand (those not pre-rendered), which a static host must send
 * to the origin. They are read from the built server's own route table, Astro's manifest in
 * dist/server (`manifest_<hash>.mjs`): it lists every route of src/pages, and of any integration,
 * with whether it was pre-rendered, so a new on-demand route is in it the moment it is built,
 * without anyone listing it. This function is the only input of the CDN's proxy rules
 * (cdn-files.ts); a registry of operations can take its place by returning the same list.
 *
 * Astro's own internal routes are left out: `/_image` (the build uses no on-demand image service)
 * and `/_server-islands/[name]` (it has no server islands).
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What this reads of each entry of the manifest's `routes`. */
interface ManifestRoute {
  routeData?: { route?: unknown; prerender?: unknown; origin?: unknown };
}

/**
 * Route patterns in Astro's file syntax (`/mcp`, `/api/public/ai/agent/[name]`), sorted. Throws if
 * the manifest is missing or not as expected, so a build never writes proxy rules from half a table.
 */
export async function onDemandRoutes(distDir: string): Promise<string[]> {
  const serverDir = resolve(distDir, 'server');
  const files = readdirSync(serverDir).filter((name) => /^manifest_.*\.mjs$/.test(name));
  if (files.length !== 1) throw new Error(`expected one manifest_*.mjs in ${serverDir} (Astro's route table), found ${files.length}: run astro build first`);
  const { manifest } = (await import(pathToFileURL(join(serverDir, files[0])).href)) as { manifest?: { routes?: ManifestRoute[] } };
  const routes = manifest?.routes ?? [];
  const onDemand = new Set<string>();
  for (const { routeData } of routes) {
    if (typeof routeData?.route !== 'string' || typeof routeData.prerender !== 'boolean') {
      throw new Error(`${files[0]}: a route without the route/prerender fields this reads; Astro's manifest format has changed`);
    }
    if (!routeData.prerender && routeData.origin !== 'internal') onDemand.add(routeData.route);
  }
  if (onDemand.size === 0) throw new Error(`${files[0]} lists no on-demand route: the service has at least /healthz`);
  return [...onDemand].sort();
}
