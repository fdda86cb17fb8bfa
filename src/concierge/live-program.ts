/**
 * Reads the live program data one question needs through the caller's ProgramSnapshot: nothing
 * for most questions, the leaderboard's head for a question about the leaders, and one lookup per
 * word that may be an agent's name. Separate from composing so the composition stays synchronous
 * and pure, and a test can hand it a snapshot made of plain objects.
 */
import type { AgentContext, LiveProgram, ProgramAgent, ProgramSnapshot } from './answer-types.ts';
import { liveReadsFor, type ConciergeModel } from './compose-answer.ts';

/** Resolves the reads a question needs (`liveReadsFor`) through the snapshot. */
export async function readLive(m: ConciergeModel, message: string, agent: AgentContext, program: ProgramSnapshot): Promise<LiveProgram> {
  const reads = liveReadsFor(m, { message, agent });
  const [top, found] = await Promise.all([
    reads.top ? program.topAgents(reads.top.limit, reads.top.sort) : undefined,
    Promise.all(reads.names.map(async (name) => [name.toLowerCase(), (await program.findAgent(name)) ?? null] as [string, ProgramAgent | null])),
  ]);
  return { ...(top && reads.top ? { top: { sort: reads.top.sort, agents: top } } : {}), agents: new Map(found) };
}
