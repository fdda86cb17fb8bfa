/** GET /api/public/ai/feed?since&limit: the tier-gated feed (Silver+), with the Legend firehose. */
import { eventItem, feedContent, feedPage, parseCursor } from '../../../../catalog/ai-content.ts';
import { catalog } from '../../../../catalog/data.ts';
import { apiKeyFrom, methodNotAllowed } from '../../../../http/agent-request.ts';
import { handle, json, parseQuery, programFreshness } from '../../../../http/respond.ts';
import { feedQuerySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const GET = handle(async ({ request, url, locals: { services } }) => {
  const query = parseQuery(url, feedQuerySchema);
  const agent = await services.rewards.reader(apiKeyFrom(request, query.apiKey), 'Silver');
  const cursor = parseCursor(query.since);
  const firehose = agent.tier === 'Legend';
  const events = firehose ? (await services.reads.eventsAfter(cursor.eventId, query.limit + 1)).map((e) => eventItem(e, (n) => services.rewards.agentUrl(n))) : [];
  const page = feedPage(feedContent(catalog, agent.tier, services.clock.now()), events, cursor, query.limit);
  return json({ tier: agent.tier, firehose, ...page }, programFreshness(services));
});

export const ALL = methodNotAllowed('GET');
