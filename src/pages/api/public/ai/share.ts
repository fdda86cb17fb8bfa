/** POST /api/public/ai/share: earn with actionType share (+10) for a required url. */
import { methodNotAllowed, respondWrite, writeAuth } from '../../../../http/agent-request.ts';
import { handle, parseBody } from '../../../../http/respond.ts';
import { shareBodySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const POST = handle(async ({ request, locals: { services, body: preRead } }) => {
  const { apiKey, url } = await parseBody(request, shareBodySchema, preRead);
  return respondWrite(services, await services.rewards.earn(writeAuth(request, apiKey), { actionType: 'share', url }));
});

export const ALL = methodNotAllowed('POST');
