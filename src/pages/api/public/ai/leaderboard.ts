/** GET /api/public/ai/leaderboard?sort=points|promo&limit&offset: the Hall of Fame. */
import { methodNotAllowed, programFreshness } from '../../../../http/agent-request.ts';
import { handle, json, parseQuery } from '../../../../http/respond.ts';
import { leaderboardQuerySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const GET = handle(async ({ url, locals: { services } }) => {
  const { sort, limit, offset } = parseQuery(url, leaderboardQuerySchema);
  return json(await services.rewards.leaderboard(sort, limit, offset), programFreshness(services));
});

export const ALL = methodNotAllowed('GET');
