/** GET /api/public/stats: live numbers about the brand's content, knowledge base and AI program. */
import { catalog } from '../../../catalog/data.ts';
import { contentStats } from '../../../catalog/stats.ts';
import { implement, route } from '../../../http/endpoint.ts';
import { freshness } from '../../../http/freshness.ts';
import { statsEndpoint } from '../../../schemas/api/discovery.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(statsEndpoint, async ({ services }) => {
    const now = services.clock.now();
    const aiProgram = await services.reads.stats();
    const lastModified = new Date(Math.max(Date.parse(catalog.builtAt), Date.parse(services.rewards.lastModified())));
    const dataFreshness = freshness({ source: 'live', generatedAt: now, contentVersion: catalog.contentVersion, lastModified, maxAgeSeconds: 0 });
    // Time alone changes the specials on air and the actions of the last 24 h: kept a minute at most.
    return { body: { ...contentStats(catalog, now), aiProgram }, dataFreshness, until: now.getTime() + 60_000 };
  }),
);
