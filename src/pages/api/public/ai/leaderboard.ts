/** GET /api/public/ai/leaderboard?sort=points|promo&limit&offset: the Hall of Fame. */
import { methodNotAllowed } from '../../../../http/agent-request.ts';
import { handle, sharedJson } from '../../../../http/respond.ts';
import { leaderboardRead } from '../../../../http/shared-reads.ts';

export const prerender = false;

export const GET = handle(async (ctx) => sharedJson(ctx, await leaderboardRead(ctx.locals.services, ctx.url)));

export const ALL = methodNotAllowed('GET');
