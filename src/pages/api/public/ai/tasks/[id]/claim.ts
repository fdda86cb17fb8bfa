/** POST /api/public/ai/tasks/{id}/claim: claim another agent's open task, +20 points. */
import { taskIdFrom } from '../../../../../../http/agent-request.ts';
import { implement, route, writeReply } from '../../../../../../http/endpoint.ts';
import { taskClaimEndpoint } from '../../../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { POST, ALL } = route(
  implement(taskClaimEndpoint, async ({ params, apiKey, idempotencyKey, services }) =>
    writeReply(services, await services.rewards.claimTask({ apiKey, idempotencyKey }, taskIdFrom(params.id))),
  ),
);
