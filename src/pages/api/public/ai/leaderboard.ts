/** GET /api/public/ai/leaderboard?sort=points|promo&limit&offset: the Hall of Fame. */
import { methodNotAllowed } from '../../../../http/agent-request.ts';
import { handle, parseQuery, programJson } from '../../../../http/respond.ts';
import { leaderboardQuerySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const GET = handle(async ({ url, locals: { services } }) => {
  const { sort, limit, offset } = parseQuery(url, leaderboardQuerySchema);
  const { value, stableUntil } = await services.reads.leaderboard(sort, limit, offset);
  return programJson(services, value, stableUntil);
});

export const ALL = methodNotAllowed('GET');
