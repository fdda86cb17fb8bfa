/** GET /api/public/ai/leaderboard?sort=points|promo&limit&offset: the Hall of Fame. */
import { methodNotAllowed, programFreshness } from '../../../../http/agent-request.ts';
import { handle, parseQuery, sharedJson } from '../../../../http/respond.ts';
import { leaderboardQuerySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const GET = handle(async (ctx) => {
  const { sort, limit, offset } = parseQuery(ctx.url, leaderboardQuerySchema);
  const { services } = ctx.locals;
  return sharedJson(ctx, await services.rewards.leaderboard(sort, limit, offset), programFreshness(services));
});

export const ALL = methodNotAllowed('GET');
