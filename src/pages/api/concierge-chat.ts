/**
 * /api/concierge-chat. GET: the welcome payload. POST { message, sessionId?, apiKey? }: a grounded
 * answer with its sources. On demand because answers depend on the time (what is on now) and on
 * the asking agent's own standing when its apiKey comes along.
 */
import { catalog } from '../../catalog/data.ts';
import { agentContext } from '../../concierge/agent-context.ts';
import { ask } from '../../concierge/concierge.ts';
import { welcomeBody } from '../../concierge/welcome.ts';
import { apiKeyFrom, methodNotAllowed } from '../../http/agent-request.ts';
import { contentFreshness, handle, json, parseBody } from '../../http/respond.ts';
import { conciergeRequestSchema } from '../../schemas/api/concierge.ts';

export const prerender = false;

const newestContent = () => Object.values(catalog.lastModified).sort().at(-1)!;

export const GET = handle(({ locals: { services } }) => json(welcomeBody(catalog), contentFreshness('live', catalog.builtAt, services.clock.now())));

export const POST = handle(async ({ request, locals: { services, body: preRead } }) => {
  const { message, sessionId, apiKey } = await parseBody(request, conciergeRequestSchema, preRead);
  const now = services.clock.now();
  const answer = ask(message, now, await agentContext(services, apiKeyFrom(request, apiKey)));
  return json({ ...answer, sessionId: sessionId ?? null }, contentFreshness('live', newestContent(), now));
});

export const ALL = methodNotAllowed('GET', 'POST');
