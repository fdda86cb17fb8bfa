/** POST /api/public/ai/register: a new agent, its apiKey (shown once) and referral code. */
import { implement, route } from '../../../../http/endpoint.ts';
import { programFreshness } from '../../../../http/respond.ts';
import { registerEndpoint } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { POST, ALL } = route(
  implement(registerEndpoint, async ({ body, services, clientAddress }) => {
    const registered = await services.rewards.register(body, clientAddress);
    return { body: registered, dataFreshness: programFreshness(services), status: 201, headers: { Location: services.rewards.agentUrl(registered.agent.name) } };
  }),
);
