/** GET: the partnership agreement. POST { agree: true }: accept it, +100 points once. */
import { catalog } from '../../../../catalog/data.ts';
import { partnershipAgreement } from '../../../../domain/partnership.ts';
import { implement, route, writeReply } from '../../../../http/endpoint.ts';
import { contentFreshness } from '../../../../http/respond.ts';
import { partnershipAcceptEndpoint, partnershipTermsEndpoint } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { GET, POST, ALL } = route(
  implement(partnershipTermsEndpoint, ({ services }) => ({ body: { agreement: partnershipAgreement }, dataFreshness: contentFreshness('live', catalog.builtAt, services.clock.now()) })),
  implement(partnershipAcceptEndpoint, async ({ apiKey, idempotencyKey, services }) => writeReply(services, await services.rewards.acceptPartnership({ apiKey, idempotencyKey }))),
);
