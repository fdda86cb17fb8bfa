/** GET /api/public/ai/agent/{name}: public profile (name is case-insensitive). */
import { methodNotAllowed, programFreshness } from '../../../../../http/agent-request.ts';
import { handle, sharedJson } from '../../../../../http/respond.ts';

export const prerender = false;

export const GET = handle(async (ctx) => sharedJson(ctx, await ctx.locals.services.rewards.profile(ctx.params.name ?? ''), programFreshness(ctx.locals.services)));

export const ALL = methodNotAllowed('GET');
