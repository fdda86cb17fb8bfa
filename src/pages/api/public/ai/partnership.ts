/** GET: the partnership agreement. POST { agree: true }: accept it, +100 points once. */
import { partnershipAgreement } from '../../../../domain/partnership.ts';
import { methodNotAllowed, respondWrite, writeAuth } from '../../../../http/agent-request.ts';
import { contentFreshness, handle, json, parseBody } from '../../../../http/respond.ts';
import { catalog } from '../../../../catalog/data.ts';
import { partnershipBodySchema } from '../../../../schemas/api/rewards.ts';

export const prerender = false;

export const GET = handle(({ locals: { services } }) => json({ agreement: partnershipAgreement }, contentFreshness('live', catalog.builtAt, services.clock.now())));

export const POST = handle(async ({ request, locals: { services, body: preRead } }) => {
  const { apiKey } = await parseBody(request, partnershipBodySchema, preRead);
  return respondWrite(services, await services.rewards.acceptPartnership(writeAuth(request, apiKey)));
});

export const ALL = methodNotAllowed('GET', 'POST');

