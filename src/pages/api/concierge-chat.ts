/**
 * /api/concierge-chat. GET: the welcome payload. POST { message, sessionId? }: a grounded answer
 * with its sources. On demand because answers depend on the time (what is on now) and the agent.
 */
import { catalog } from '../../catalog/data.ts';
import { ask } from '../../concierge/concierge.ts';
import { welcomeBody } from '../../concierge/welcome.ts';
import { contentFreshness, handle, json, parseBody } from '../../http/respond.ts';
import { conciergeRequestSchema } from '../../schemas/api/concierge.ts';

export const prerender = false;

const newestContent = () => Object.values(catalog.lastModified).sort().at(-1)!;

export const GET = handle(({ locals }) => json(welcomeBody(catalog), contentFreshness('live', catalog.builtAt, locals.services.clock.now())));

export const POST = handle(async ({ request, locals }) => {
  const body = await parseBody(request, conciergeRequestSchema);
  const now = locals.services.clock.now();
  const apiKey = apiKeyFrom(request) ?? body.apiKey;
  const answer = ask(body.message, now, apiKey ? 'unavailable' : undefined);
  return json({ ...answer, sessionId: body.sessionId ?? null }, contentFreshness('live', newestContent(), now));
});

function apiKeyFrom(request: Request): string | undefined {
  const auth = request.headers.get('authorization');
  if (auth && /^Bearer\s+\S+$/i.test(auth)) return auth.replace(/^Bearer\s+/i, '');
  return request.headers.get('x-api-key') || undefined;
}
