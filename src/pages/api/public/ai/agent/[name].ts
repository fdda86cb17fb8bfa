/** GET /api/public/ai/agent/{name}: public profile (name is case-insensitive). */
import { implement, route } from '../../../../../http/endpoint.ts';
import { programFreshness } from '../../../../../http/respond.ts';
import { profileEndpoint } from '../../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(profileEndpoint, async ({ params, services }) => {
    const { value, stableUntil } = await services.reads.profile(params.name);
    return { body: value, dataFreshness: programFreshness(services), until: stableUntil };
  }),
);
