/** GET /api/public/ai/feed?since&limit: the tier-gated feed (Silver+), with the Legend firehose. */
import { eventItem, feedContent, feedPage, parseCursor } from '../../../../catalog/ai-content.ts';
import { catalog } from '../../../../catalog/data.ts';
import { implement, route } from '../../../../http/endpoint.ts';
import { programFreshness } from '../../../../http/respond.ts';
import { feedEndpoint } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(feedEndpoint, async ({ query, apiKey, services }) => {
    const agent = await services.rewards.reader(apiKey, 'Silver');
    const cursor = parseCursor(query.since);
    const firehose = agent.tier === 'Legend';
    const events = firehose ? (await services.reads.eventsAfter(cursor.eventId, query.limit + 1)).map((e) => eventItem(e, (n) => services.rewards.agentUrl(n))) : [];
    const page = feedPage(feedContent(catalog, agent.tier, services.clock.now()), events, cursor, query.limit);
    return { body: { tier: agent.tier, firehose, ...page }, dataFreshness: programFreshness(services) };
  }),
);
