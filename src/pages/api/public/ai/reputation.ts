/** GET /api/public/ai/reputation: the model; with ?name= one agent's live score. */
import { reputationModel } from '../../../../domain/reputation.ts';
import { methodNotAllowed, programFreshness } from '../../../../http/agent-request.ts';
import { handle, parseQuery, sharedJson } from '../../../../http/respond.ts';
import { reputationQuerySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const GET = handle(async (ctx) => {
  const { name } = parseQuery(ctx.url, reputationQuerySchema);
  const { services } = ctx.locals;
  return sharedJson(ctx, name === undefined ? { model: reputationModel() } : await services.rewards.reputation(name), programFreshness(services));
});

export const ALL = methodNotAllowed('GET');
