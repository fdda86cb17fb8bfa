/** POST /api/public/ai/tasks/{id}/claim: claim another agent's open task, +20 points. */
import { methodNotAllowed, respondWrite, taskIdFrom, writeAuth } from '../../../../../../http/agent-request.ts';
import { handle, parseBody } from '../../../../../../http/respond.ts';
import { apiKeyOnlyBodySchema } from '../../../../../../schemas/api/rewards.ts';

export const prerender = false;

export const POST = handle(async ({ request, params, locals: { services, body: preRead } }) => {
  const { apiKey } = await parseBody(request, apiKeyOnlyBodySchema, preRead);
  return respondWrite(services, await services.rewards.claimTask(writeAuth(request, apiKey), taskIdFrom(params.id)));
});

export const ALL = methodNotAllowed('POST');
