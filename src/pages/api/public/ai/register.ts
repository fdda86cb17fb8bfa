/** POST /api/public/ai/register: a new agent, its apiKey (shown once) and referral code. */
import { methodNotAllowed } from '../../../../http/agent-request.ts';
import { handle, json, parseBody, programFreshness } from '../../../../http/respond.ts';
import { registerBodySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const POST = handle(async ({ request, locals }) => {
  const { services, body: preRead } = locals;
  const body = await services.rewards.register(await parseBody(request, registerBodySchema, preRead), locals.clientAddress);
  return json(body, programFreshness(services), { status: 201, headers: { Location: services.rewards.agentUrl(body.agent.name) } });
});

export const ALL = methodNotAllowed('POST');
