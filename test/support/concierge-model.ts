/**
 * The concierge's model over the real content/ folder (the catalog the API serves), and a live
 * program made of plain objects, for unit tests and the evaluation: no server, no database.
 * The operations' definitions read the generated catalog, so `npm run content` (or a build) comes first.
 */
import { readContentDir } from '../../scripts/lib/read-content-dir.ts';
import { buildCatalog } from '../../src/catalog/load-content.ts';
import type { LeaderboardSort, ProgramAgent, ProgramSnapshot } from '../../src/concierge/answer-types.ts';
import { buildModel } from '../../src/concierge/compose-answer.ts';
import { operations } from '../../src/api/registry.ts';

export const contentCatalog = buildCatalog(readContentDir('content'), { builtAt: new Date('2026-11-22T00:00:00Z') });
export const conciergeModel = buildModel(
  contentCatalog,
  operations.map((o) => o.definition),
);

/** A snapshot over `agents` that records every read, so tests can see which reads a question caused. */
export function snapshotOf(agents: ProgramAgent[]): ProgramSnapshot & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    topAgents(limit: number, sort: LeaderboardSort) {
      reads.push(`top ${limit} ${sort}`);
      return [...agents].sort((a, b) => (sort === 'promo' ? (b.promoPoints ?? 0) - (a.promoPoints ?? 0) : b.points - a.points)).slice(0, limit);
    },
    async findAgent(name: string) {
      reads.push(`agent ${name}`);
      return agents.find((a) => a.name.toLowerCase() === name.toLowerCase());
    },
  };
}
