/** POST /api/public/ai/earn: report an action, earn its points (dedupe, daily caps, Idempotency-Key). */
import { implement, route, writeReply } from '../../../../http/endpoint.ts';
import { earnEndpoint } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { POST, ALL } = route(
  implement(earnEndpoint, async ({ body, apiKey, idempotencyKey, services }) => writeReply(services, await services.rewards.earn({ apiKey, idempotencyKey }, body))),
);
