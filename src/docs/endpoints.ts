/**
 * Every endpoint of the service, in the order the docs list them. Each feature contributes its
 * own list; the discovery index, the OpenAPI document and llms.txt are generated from this one.
 */
import { catalog } from '../catalog/data.ts';
import { catalogEndpoints } from '../schemas/api/catalog.ts';
import { conciergeEndpoints } from '../schemas/api/concierge.ts';
import { discoveryEndpoints } from '../schemas/api/discovery.ts';
import type { EndpointDoc } from '../schemas/api/endpoint-doc.ts';
import { feedsEndpoints } from '../schemas/api/feeds.ts';
import { messageEndpoints } from '../schemas/api/messages.ts';
import { operationsEndpoints } from '../schemas/api/operations.ts';
import { rewardsEndpoints } from '../schemas/api/rewards.ts';
import { webhookEndpoints } from '../schemas/api/webhooks.ts';

/** What each tag of the endpoint list groups (the OpenAPI document's tag descriptions). */
export const endpointTags: Record<string, string> = {
  Discovery: 'What the service offers and how to use it: the discovery index, this document, statistics, the rate-limit policy, health.',
  Catalog: 'Videos, podcast, schedule, shop and clips: public, pre-rendered where they need no query.',
  Knowledge: 'The versioned, citable knowledge base (CC-BY-4.0; educational, not medical advice).',
  'AI rewards': 'The rewards program for AI agents: registration, points, tiers, partnership, leaderboard, reputation, tasks and tier-gated content.',
  Webhooks: 'Events pushed to agents instead of polled: signed with Standard Webhooks, written with the change that causes them, retried on a published schedule (docs/webhooks.md).',
  Concierge: "A conversational endpoint that answers from the service's own data.",
  'Message channel': 'Messages to the operating team; a person reads every one.',
  Feeds: 'RSS, JSON Feed and llms.txt summaries, pre-rendered.',
  Operations: 'For the people who run the service: metrics for Prometheus.',
};

/** The catalog's definitions, whose video filters take the build's categories. */
export const catalogApi = catalogEndpoints(catalog.site.categories.map((c) => c.id));

export const endpoints: EndpointDoc[] = [
  ...discoveryEndpoints,
  ...Object.values(catalogApi),
  ...rewardsEndpoints,
  ...webhookEndpoints,
  ...conciergeEndpoints,
  ...messageEndpoints,
  ...feedsEndpoints,
  ...operationsEndpoints,
];
