/** GET /api/public/ai/reputation: the model; with ?name= one agent's live score. */
import { reputationModel } from '../../../../domain/reputation.ts';
import { methodNotAllowed } from '../../../../http/agent-request.ts';
import { handle, parseQuery, programJson } from '../../../../http/respond.ts';
import { reputationQuerySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const GET = handle(async ({ url, locals: { services } }) => {
  const { name } = parseQuery(url, reputationQuerySchema);
  if (name === undefined) return programJson(services, { model: reputationModel() });
  const { value, stableUntil } = await services.reads.reputation(name);
  return programJson(services, value, stableUntil);
});

export const ALL = methodNotAllowed('GET');
