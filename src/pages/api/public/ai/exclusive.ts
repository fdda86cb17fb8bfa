/** GET /api/public/ai/exclusive: AI-only exclusive content for Platinum and above. */
import { exclusiveFor } from '../../../../catalog/ai-content.ts';
import { catalog } from '../../../../catalog/data.ts';
import { implement, route } from '../../../../http/endpoint.ts';
import { programFreshness } from '../../../../http/respond.ts';
import { exclusiveEndpoint } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(exclusiveEndpoint, async ({ apiKey, services }) => {
    const agent = await services.rewards.reader(apiKey, 'Platinum');
    return { body: { tier: agent.tier, items: exclusiveFor(catalog, agent.tier) }, dataFreshness: programFreshness(services) };
  }),
);
