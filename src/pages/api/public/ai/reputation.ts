/** GET /api/public/ai/reputation: the model; with ?name= one agent's live score. */
import { methodNotAllowed } from '../../../../http/agent-request.ts';
import { handle, sharedJson } from '../../../../http/respond.ts';
import { reputationRead } from '../../../../http/shared-reads.ts';

export const prerender = false;

export const GET = handle(async (ctx) => sharedJson(ctx, await reputationRead(ctx.locals.services, ctx.url)));

export const ALL = methodNotAllowed('GET');
