/** GET: community tasks. POST { title, description, url? }: post one, +20 points. */
import { implement, route, writeReply } from '../../../../http/endpoint.ts';
import { programFreshness } from '../../../../http/respond.ts';
import { taskListEndpoint, taskPostEndpoint } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { GET, POST, ALL } = route(
  implement(taskListEndpoint, async ({ query, services }) => ({ body: await services.reads.tasks(query.status, query.limit, query.offset), dataFreshness: programFreshness(services) })),
  implement(taskPostEndpoint, async ({ body, apiKey, idempotencyKey, services }) => writeReply(services, await services.rewards.postTask({ apiKey, idempotencyKey }, body))),
);
