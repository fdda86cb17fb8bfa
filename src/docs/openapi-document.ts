/** The published OpenAPI document: every operation, described for this build's site. */
import { catalog } from '../catalog/data.ts';
import type { DataFreshness } from '../http/freshness.ts';
import type { EndpointDoc } from '../schemas/api/endpoint-doc.ts';
import { webhookEventDocs } from '../schemas/api/webhooks.ts';
import { buildOpenApi } from './openapi.ts';
import { publicOrigin } from '../public-origin.ts';

/** What each tag of the operations groups (the document's tag descriptions). */
export const endpointTags: Record<string, string> = {
  Discovery: 'What the service offers and how to use it: the discovery index, this document, statistics, the rate-limit policy, health.',
  Catalog: 'Videos, podcast, schedule, shop and clips: public, pre-rendered where they need no query.',
  Knowledge: 'The versioned, citable knowledge base (CC-BY-4.0; educational, not medical advice).',
  'AI rewards': 'The rewards program for AI agents: registration, points, tiers, partnership, leaderboard, reputation, tasks and tier-gated content.',
  Concierge: "A conversational endpoint that answers from the service's own data.",
  'Message channel': 'Messages to the operating team; a person reads every one.',
  Webhooks: 'Events pushed to agents instead of polled: signed with Standard Webhooks, written with the change that causes them, retried on a published schedule.',
  Feeds: 'RSS, JSON Feed and llms.txt summaries, pre-rendered.',
  Operations: 'For the people who run the service: metrics for Prometheus.',
};

export function openApiDocument(endpoints: EndpointDoc[], dataFreshness: DataFreshness) {
  return {
    ...buildOpenApi(endpoints, {
      title: `${catalog.site.name} public API`,
      description: `${catalog.site.description} The same operations are MCP tools at ${publicOrigin()}/mcp (Streamable HTTP; apiKey as Authorization: Bearer).`,
      version: catalog.contentVersion,
      baseUrl: publicOrigin(),
      contactEmail: catalog.site.contact.email,
      tags: endpointTags,
      webhooks: { tag: 'Webhooks', events: webhookEventDocs },
    }),
    // The dataFreshness every JSON body carries, under the name an
    // OpenAPI 3.1 root admits (only `x-` extensions may be added there).
    'x-dataFreshness': dataFreshness,
  };
}
