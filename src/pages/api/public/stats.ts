/** GET /api/public/stats: live numbers about the brand's content, knowledge base and AI program. */
import { catalog } from '../../../catalog/data.ts';
import { contentStats } from '../../../catalog/stats.ts';
import { freshness } from '../../../http/freshness.ts';
import { handle, sharedJson } from '../../../http/respond.ts';

export const prerender = false;

export const GET = handle(async (ctx) => {
  const { locals } = ctx;
  const now = locals.services.clock.now();
  const aiProgram = await locals.services.rewards.stats();
  const lastModified = new Date(Math.max(Date.parse(catalog.builtAt), Date.parse(locals.services.rewards.lastModified())));
  const dataFreshness = freshness({ source: 'live', generatedAt: now, contentVersion: catalog.contentVersion, lastModified, maxAgeSeconds: 0 });
  return sharedJson(ctx, { body: { ...contentStats(catalog, now), aiProgram }, dataFreshness });
});
