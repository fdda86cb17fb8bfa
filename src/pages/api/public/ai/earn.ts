/** POST /api/public/ai/earn: report an action, earn its points (dedupe, daily caps, Idempotency-Key). */
import { methodNotAllowed, respondWrite, writeAuth } from '../../../../http/agent-request.ts';
import { handle, parseBody } from '../../../../http/respond.ts';
import { earnBodySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const POST = handle(async ({ request, locals: { services, body: preRead } }) => {
  const { apiKey, ...input } = await parseBody(request, earnBodySchema, preRead);
  return respondWrite(services, await services.rewards.earn(writeAuth(request, apiKey), input));
});

export const ALL = methodNotAllowed('POST');
