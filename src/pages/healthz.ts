/** GET /healthz: 200 when the server can read its content and database, else 503 (CONTRACT.md section 1). */
import { catalog } from '../catalog/data.ts';
import { implement, route } from '../http/endpoint.ts';
import { freshness } from '../http/freshness.ts';
import { healthEndpoint } from '../schemas/api/discovery.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(healthEndpoint, ({ services }) => {
    const health = services.health();
    const now = services.clock.now();
    return {
      body: { status: health.ok ? ('ok' as const) : ('unavailable' as const), checks: health.checks, contentVersion: services.contentVersion, uptimeSeconds: Math.round((now.getTime() - services.startedAt.getTime()) / 1000) },
      dataFreshness: freshness({ source: 'live', generatedAt: now, contentVersion: services.contentVersion, lastModified: catalog.builtAt, maxAgeSeconds: 0 }),
      status: health.ok ? 200 : 503,
    };
  }),
);
