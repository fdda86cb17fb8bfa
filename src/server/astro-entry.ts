/**
 * Astro's server entry for this service: astro.config.mjs puts it in place of @astrojs/node's own
 * (`@astrojs/node/server.js`), keeping everything else of the adapter. Astro builds it into
 * dist/server/entry.mjs with the build's manifest; the front (src/server/start.ts) imports the
 * one export, `handler`, and calls it for every request it hands to Astro (src/server/astro-handoff.ts).
 *
 * The handler does what @astrojs/node's middleware handler does (NodeApp.createRequest, match,
 * render, NodeApp.writeResponse), with two differences:
 * - No AsyncLocalStorage around each render. The adapter keeps one only to name the URL when it
 *   logs an unhandled rejection, and on Node 20 and 22 its first `run` turns on an async hook that
 *   every promise and tick in the process pays for from then on, cached reads included: measured
 *   with both servers under the same load, a cached leaderboard read cost 10% more CPU with it.
 * - A page route's empty 404 stays empty: the front answers it with the site's 404 page from the
 *   build (create-server.ts), instead of Astro reading the page from disk again.
 */
import type { SSRManifest } from 'astro';
import { NodeApp } from 'astro/app/node';
import type { AstroHandler } from './astro-handoff.ts';

export function createExports(manifest: SSRManifest): { handler: AstroHandler } {
  const app = new NodeApp(manifest);
  const allowedDomains = app.getAllowedDomains?.() ?? [];
  const emptyNotFound = () => Promise.resolve(new Response(null, { status: 404 }));
  return {
    async handler(req, res, next, locals) {
      const request = NodeApp.createRequest(req, { allowedDomains });
      const routeData = app.match(request, true);
      if (!routeData) return next();
      const response = await app.render(request, { addCookieHeader: true, locals, routeData, prerenderedErrorPageFetch: emptyNotFound });
      await NodeApp.writeResponse(response, res);
    },
  };
}
