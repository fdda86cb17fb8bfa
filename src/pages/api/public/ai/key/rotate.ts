/** POST /api/public/ai/key/rotate: a new apiKey (shown once); the old one stops working at once. */
import { apiKeyFrom, methodNotAllowed } from '../../../../../http/agent-request.ts';
import { handle, json, parseBody, programFreshness } from '../../../../../http/respond.ts';
import { apiKeyOnlyBodySchema } from '../../../../../schemas/api/rewards.ts';

export const prerender = false;

export const POST = handle(async ({ request, locals: { services, body: preRead } }) => {
  const { apiKey } = await parseBody(request, apiKeyOnlyBodySchema, preRead);
  return json(await services.rewards.rotateKey({ apiKey: apiKeyFrom(request, apiKey) }), programFreshness(services));
});

export const ALL = methodNotAllowed('POST');
