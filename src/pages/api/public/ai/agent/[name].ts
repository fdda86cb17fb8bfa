/** GET /api/public/ai/agent/{name}: public profile (name is case-insensitive). */
import { methodNotAllowed } from '../../../../../http/agent-request.ts';
import { handle, sharedJson } from '../../../../../http/respond.ts';
import { profileRead } from '../../../../../http/shared-reads.ts';

export const prerender = false;

export const GET = handle(async (ctx) => sharedJson(ctx, await profileRead(ctx.locals.services, ctx.params.name ?? '')));

export const ALL = methodNotAllowed('GET');
