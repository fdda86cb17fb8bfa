/** GET /api/public/stats: live numbers about the brand's content, knowledge base and AI program. */
import { methodNotAllowed } from '../../../http/agent-request.ts';
import { catalog } from '../../../catalog/data.ts';
import { contentStats } from '../../../catalog/stats.ts';
import { freshness } from '../../../http/freshness.ts';
import { handle, json } from '../../../http/respond.ts';

export const prerender = false;

export const GET = handle(async ({ locals }) => {
  const now = locals.services.clock.now();
  const aiProgram = await locals.services.reads.stats();
  const lastModified = new Date(Math.max(Date.parse(catalog.builtAt), Date.parse(locals.services.rewards.lastModified())));
  const dataFreshness = freshness({ source: 'live', generatedAt: now, contentVersion: catalog.contentVersion, lastModified, maxAgeSeconds: 0 });
  // Time alone changes the specials on air and the actions of the last 24 h: kept a minute at most.
  return json({ ...contentStats(catalog, now), aiProgram }, dataFreshness, { cache: { scope: 'program', until: now.getTime() + 60_000 } });
});

export const ALL = methodNotAllowed('GET');
