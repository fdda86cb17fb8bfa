/**
 * /api/concierge-chat. GET: the welcome payload. POST { message, sessionId?, apiKey? }: a grounded
 * answer with its sources. On demand because answers depend on the time (what is on now) and on
 * the asking agent's own standing when its apiKey comes along.
 */
import { catalog } from '../../catalog/data.ts';
import { agentContext } from '../../concierge/agent-context.ts';
import { askWithProgram } from '../../concierge/concierge.ts';
import type { ProgramSnapshot } from '../../concierge/answer-types.ts';
import { DomainError } from '../../domain/errors.ts';
import type { ProgramReads } from '../../rewards/program-reads.ts';
import { welcomeBody } from '../../concierge/welcome.ts';
import { implement, route } from '../../http/endpoint.ts';
import { contentFreshness } from '../../http/respond.ts';
import { conciergeAskEndpoint, conciergeWelcomeEndpoint } from '../../schemas/api/concierge.ts';

export const prerender = false;

const newestContent = () => Object.values(catalog.lastModified).sort().at(-1)!;

/** The live program as the concierge reads it: the leaderboard's top and one listed agent by name. */
function programSnapshot(reads: ProgramReads): ProgramSnapshot {
  return {
    async topAgents(limit, sort) {
      const { value } = await reads.leaderboard(sort, limit, 0);
      return value.entries.map((e) => ({ name: e.name, tier: e.tier, points: e.points, promoPoints: e.promoPoints, rank: e.rank }));
    },
    async findAgent(name) {
      try {
        const { agent } = (await reads.profile(name)).value;
        return agent.suspended ? undefined : { name: agent.name, tier: agent.tier, points: agent.points, promoPoints: agent.promoPoints, rank: agent.rank ?? undefined };
      } catch (error) {
        if (error instanceof DomainError && error.code === 'not_found') return undefined;
        throw error;
      }
    },
  };
}

export const { GET, POST, ALL } = route(
  implement(conciergeWelcomeEndpoint, ({ services }) => ({ body: welcomeBody(catalog), dataFreshness: contentFreshness('live', catalog.builtAt, services.clock.now()) })),
  implement(conciergeAskEndpoint, async ({ body: { message, sessionId }, apiKey, services }) => {
    const now = services.clock.now();
    const answer = await askWithProgram(message, now, await agentContext(services, apiKey), programSnapshot(services.reads));
    return { body: { ...answer, sessionId: sessionId ?? null }, dataFreshness: contentFreshness('live', newestContent(), now) };
  }),
);
