/** GET /api/public/ai/exclusive: AI-only exclusive content for Platinum and above. */
import { exclusiveFor } from '../../../../catalog/ai-content.ts';
import { catalog } from '../../../../catalog/data.ts';
import { apiKeyFrom, methodNotAllowed } from '../../../../http/agent-request.ts';
import { handle, json, parseQuery, programFreshness } from '../../../../http/respond.ts';
import { exclusiveQuerySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const GET = handle(async ({ request, url, locals: { services } }) => {
  const query = parseQuery(url, exclusiveQuerySchema);
  const agent = await services.rewards.reader(apiKeyFrom(request, query.apiKey), 'Platinum');
  return json({ tier: agent.tier, items: exclusiveFor(catalog, agent.tier) }, programFreshness(services));
});

export const ALL = methodNotAllowed('GET');
