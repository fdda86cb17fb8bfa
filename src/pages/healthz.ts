/** GET /healthz: 200 when the server can read its content and database, else 503 (CONTRACT.md section 1). */
import { catalog } from '../catalog/data.ts';
import { methodNotAllowed } from '../http/agent-request.ts';
import { freshness } from '../http/freshness.ts';
import { handle, json } from '../http/respond.ts';

export const prerender = false;

export const GET = handle(({ locals: { services } }) => {
  const health = services.health();
  const now = services.clock.now();
  return json(
    { status: health.ok ? 'ok' : 'unavailable', checks: health.checks, contentVersion: services.contentVersion, uptimeSeconds: Math.round((now.getTime() - services.startedAt.getTime()) / 1000) },
    freshness({ source: 'live', generatedAt: now, contentVersion: services.contentVersion, lastModified: catalog.builtAt, maxAgeSeconds: 0 }),
    { status: health.ok ? 200 : 503 },
  );
});

export const ALL = methodNotAllowed('GET');
