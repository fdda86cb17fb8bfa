/** GET /api/public/stats: live numbers about the brand's content, knowledge base and AI program. */
import { catalog } from '../../../catalog/data.ts';
import { contentStats } from '../../../catalog/stats.ts';
import { freshness } from '../../../http/freshness.ts';
import { handle, json } from '../../../http/respond.ts';

export const prerender = false;

export const GET = handle(({ locals }) => {
  const now = locals.services.clock.now();
  return json(contentStats(catalog, now), freshness({ source: 'live', generatedAt: now, contentVersion: catalog.contentVersion, lastModified: catalog.builtAt, maxAgeSeconds: 0 }));
});
