/** GET /api/public/ai/leaderboard?sort=points|promo&limit&offset: the Hall of Fame. */
import { implement, route } from '../../../../http/endpoint.ts';
import { programFreshness } from '../../../../http/respond.ts';
import { leaderboardEndpoint } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(leaderboardEndpoint, async ({ query, services }) => {
    const { value, stableUntil } = await services.reads.leaderboard(query.sort, query.limit, query.offset);
    return { body: value, dataFreshness: programFreshness(services), until: stableUntil };
  }),
);
