/** The concierge: its welcome, and answers grounded in the service's own data and live program. */
import { catalog } from '../catalog/data.ts';
import { agentContext } from '../concierge/agent-context.ts';
import type { ProgramSnapshot } from '../concierge/answer-types.ts';
import { askWithProgram } from '../concierge/concierge.ts';
import { welcomeBody } from '../concierge/welcome.ts';
import { DomainError } from '../domain/errors.ts';
import { implement } from '../http/operation.ts';
import { contentFreshness } from '../http/respond.ts';
import type { ProgramReads } from '../rewards/program-reads.ts';
import { conciergeAskEndpoint, conciergeWelcomeEndpoint } from '../schemas/api/concierge.ts';

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

/** /api/concierge-chat */
export const conciergeWelcome = implement(conciergeWelcomeEndpoint, ({ services }) => ({ body: welcomeBody(catalog), dataFreshness: contentFreshness('live', catalog.builtAt, services.clock.now()) }));

/** /api/concierge-chat */
export const conciergeAsk = implement(conciergeAskEndpoint, async ({ body: { message, sessionId }, apiKey, services, now, operations }) => {
  const answer = await askWithProgram(
    message,
    now,
    await agentContext(services.identify, apiKey),
    programSnapshot(services.reads),
    operations.map((o) => o.definition),
  );
  return { body: { ...answer, sessionId: sessionId ?? null }, dataFreshness: contentFreshness('live', newestContent(), now) };
});
