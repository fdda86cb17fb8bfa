/** POST /api/public/ai/share: earn with actionType share (+10) for a required url. */
import { implement, route, writeReply } from '../../../../http/endpoint.ts';
import { shareEndpoint } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { POST, ALL } = route(
  implement(shareEndpoint, async ({ body, apiKey, idempotencyKey, services }) =>
    writeReply(services, await services.rewards.earn({ apiKey, idempotencyKey }, { actionType: 'share', url: body.url })),
  ),
);
