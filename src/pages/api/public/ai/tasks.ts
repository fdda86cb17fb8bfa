/** GET: community tasks. POST { title, description, url? }: post one, +20 points. */
import { methodNotAllowed, respondWrite, writeAuth } from '../../../../http/agent-request.ts';
import { handle, json, parseBody, parseQuery, programFreshness } from '../../../../http/respond.ts';
import { taskBodySchema, taskListQuerySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const GET = handle(async ({ url, locals: { services } }) => {
  const { status, limit, offset } = parseQuery(url, taskListQuerySchema);
  return json(await services.reads.tasks(status, limit, offset), programFreshness(services));
});

export const POST = handle(async ({ request, locals: { services, body: preRead } }) => {
  const { apiKey, ...input } = await parseBody(request, taskBodySchema, preRead);
  return respondWrite(services, await services.rewards.postTask(writeAuth(request, apiKey), input));
});

export const ALL = methodNotAllowed('GET', 'POST');
