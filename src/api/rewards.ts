/** The AI rewards program: registration, earning, partnership, tasks, key rotation, and its public and tier-gated reads. */
import { eventItem, exclusiveFor, feedContent, feedPage, parseCursor } from '../catalog/ai-content.ts';
import { catalog } from '../catalog/data.ts';
import { DomainError } from '../domain/errors.ts';
import { partnershipAgreement } from '../domain/partnership.ts';
import { reputationModel } from '../domain/reputation.ts';
import { taskIdFrom } from '../http/agent-request.ts';
import { type BodyOf, implement, type JsonReply, type StatusOf } from '../http/operation.ts';
import { contentFreshness, programFreshness } from '../http/respond.ts';
import type { WriteResult } from '../rewards/rewards-service.ts';
import type { Services } from '../services.ts';
import {
  earnEndpoint,
  exclusiveEndpoint,
  feedEndpoint,
  keyRotateEndpoint,
  leaderboardEndpoint,
  partnershipAcceptEndpoint,
  partnershipTermsEndpoint,
  profileEndpoint,
  registerEndpoint,
  reputationEndpoint,
  shareEndpoint,
  taskClaimEndpoint,
  taskListEndpoint,
  taskPostEndpoint,
} from '../schemas/api/rewards.ts';

/** /api/public/ai/agent/[name] */
export const profile = implement(profileEndpoint, async ({ params, services }) => {
  const { value, stableUntil } = await services.reads.profile(params.name);
  return { body: value, dataFreshness: programFreshness(services), until: stableUntil };
});

/** /api/public/ai/earn */
export const earn = implement(earnEndpoint, async ({ body, apiKey, idempotencyKey, services }) =>
  writeReply(services, await counted(services, body.actionType, () => services.rewards.earn({ apiKey, idempotencyKey }, body))),
);

/** /api/public/ai/exclusive */
export const exclusive = implement(exclusiveEndpoint, async ({ apiKey, services }) => {
  const agent = await services.rewards.reader(apiKey, 'Platinum');
  return { body: { tier: agent.tier, items: exclusiveFor(catalog, agent.tier) }, dataFreshness: programFreshness(services) };
});

/** /api/public/ai/feed */
export const feed = implement(feedEndpoint, async ({ query, apiKey, services }) => {
  const agent = await services.rewards.reader(apiKey, 'Silver');
  const cursor = parseCursor(query.since);
  const firehose = agent.tier === 'Legend';
  const events = firehose ? (await services.reads.eventsAfter(cursor.eventId, query.limit + 1)).map((e) => eventItem(e, (n) => services.rewards.agentUrl(n))) : [];
  const page = feedPage(feedContent(catalog, agent.tier, services.clock.now()), events, cursor, query.limit);
  return { body: { tier: agent.tier, firehose, ...page }, dataFreshness: programFreshness(services) };
});

/** /api/public/ai/key/rotate */
export const keyRotate = implement(keyRotateEndpoint, async ({ apiKey, services }) => ({ body: await services.rewards.rotateKey({ apiKey }), dataFreshness: programFreshness(services) }));

/** /api/public/ai/leaderboard */
export const leaderboard = implement(leaderboardEndpoint, async ({ query, services }) => {
  const { value, stableUntil } = await services.reads.leaderboard(query.sort, query.limit, query.offset);
  return { body: value, dataFreshness: programFreshness(services), until: stableUntil };
});

/** /api/public/ai/partnership */
export const partnershipTerms = implement(partnershipTermsEndpoint, ({ services }) => ({
  body: { agreement: partnershipAgreement },
  dataFreshness: contentFreshness('live', catalog.builtAt, services.clock.now()),
}));

/** /api/public/ai/partnership */
export const partnershipAccept = implement(partnershipAcceptEndpoint, async ({ apiKey, idempotencyKey, services }) =>
  writeReply(services, await services.rewards.acceptPartnership({ apiKey, idempotencyKey })),
);

/** /api/public/ai/register */
export const register = implement(registerEndpoint, async ({ body, services, clientAddress }) => {
  const registered = await services.rewards.register(body, clientAddress);
  return { body: registered, dataFreshness: programFreshness(services), status: 201, headers: { Location: services.rewards.agentUrl(registered.agent.name) } };
});

/** /api/public/ai/reputation */
export const reputation = implement(reputationEndpoint, async ({ query, services }) => {
  if (query.name === undefined) return { body: { model: reputationModel() }, dataFreshness: programFreshness(services) };
  const { value, stableUntil } = await services.reads.reputation(query.name);
  return { body: value, dataFreshness: programFreshness(services), until: stableUntil };
});

/** /api/public/ai/share */
export const share = implement(shareEndpoint, async ({ body, apiKey, idempotencyKey, services }) =>
  writeReply(services, await counted(services, 'share', () => services.rewards.earn({ apiKey, idempotencyKey }, { actionType: 'share', url: body.url }))),
);

/** /api/public/ai/tasks */
export const taskList = implement(taskListEndpoint, async ({ query, services }) => ({
  body: await services.reads.tasks(query.status, query.limit, query.offset),
  dataFreshness: programFreshness(services),
}));

/** /api/public/ai/tasks */
export const taskPost = implement(taskPostEndpoint, async ({ body, apiKey, idempotencyKey, services }) => writeReply(services, await services.rewards.postTask({ apiKey, idempotencyKey }, body)));

/** /api/public/ai/tasks/[id]/claim */
export const taskClaim = implement(taskClaimEndpoint, async ({ params, apiKey, idempotencyKey, services }) =>
  writeReply(services, await services.rewards.claimTask({ apiKey, idempotencyKey }, taskIdFrom(params.id))),
);

/** A write's answer: the service's status and body, marked when it replays an earlier Idempotency-Key. */
function writeReply<E>(services: Services, result: WriteResult): JsonReply<E> {
  // The service builds these bodies (and replays stored ones); test/openapi-responses.test.ts
  // checks every one against the definition's response schema.
  return {
    body: result.body as BodyOf<E>,
    dataFreshness: programFreshness(services),
    status: result.status as StatusOf<E>,
    headers: result.replayed ? { 'Idempotent-Replayed': 'true' } : {},
  };
}

/** An earn, counted in the metrics by its outcome: awarded, replayed, or the problem that refused it. */
async function counted(services: Services, actionType: string, earn: () => Promise<WriteResult>): Promise<WriteResult> {
  try {
    const result = await earn();
    services.metrics.earned(actionType, result.replayed ? 'replayed' : 'awarded');
    return result;
  } catch (error) {
    services.metrics.earned(actionType, error instanceof DomainError ? error.code : 'error');
    throw error;
  }
}
