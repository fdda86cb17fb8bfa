/** GET /api/public/ai/reputation: the model; with ?name= one agent's live score. */
import { reputationModel } from '../../../../domain/reputation.ts';
import { implement, route } from '../../../../http/endpoint.ts';
import { programFreshness } from '../../../../http/respond.ts';
import { reputationEndpoint } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(reputationEndpoint, async ({ query, services }) => {
    if (query.name === undefined) return { body: { model: reputationModel() }, dataFreshness: programFreshness(services) };
    const { value, stableUntil } = await services.reads.reputation(query.name);
    return { body: value, dataFreshness: programFreshness(services), until: stableUntil };
  }),
);
