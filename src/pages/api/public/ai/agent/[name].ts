/** GET /api/public/ai/agent/{name}: public profile (name is case-insensitive). */
import { methodNotAllowed, programFreshness } from '../../../../../http/agent-request.ts';
import { handle, json } from '../../../../../http/respond.ts';

export const prerender = false;

export const GET = handle(async ({ params, locals: { services } }) => json(await services.rewards.profile(params.name ?? ''), programFreshness(services)));

export const ALL = methodNotAllowed('GET');
