/** GET /api/public/ai/agent/{name}: public profile (name is case-insensitive). */
import { methodNotAllowed } from '../../../../../http/agent-request.ts';
import { handle, programJson } from '../../../../../http/respond.ts';

export const prerender = false;

export const GET = handle(async ({ params, locals: { services } }) => {
  const { value, stableUntil } = await services.reads.profile(params.name ?? '');
  return programJson(services, value, stableUntil);
});

export const ALL = methodNotAllowed('GET');
