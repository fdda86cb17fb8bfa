/** GET /api/public/ai/leaderboard?sort=points|promo&limit&offset: the Hall of Fame. */
import { leaderboard } from '../../../../api/rewards.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(leaderboard);
