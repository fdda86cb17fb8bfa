/** Program events: the Legend firehose (new agents, tier-ups, partnerships), read by id cursor. */
import type { ProgramEvent, ProgramEventKind } from '../domain/program-events.ts';
import type { Db } from './database.ts';

export async function recordEvent(trx: Db, e: { kind: ProgramEventKind; agentId: number; tier?: string | null; now: Date }): Promise<void> {
  await trx
    .insertInto('program_events')
    .values({ kind: e.kind, agent_id: e.agentId, tier: e.tier ?? null, created_at: e.now.toISOString() })
    .execute();
}

/** The oldest `limit` events after `afterId` (so a poller never skips any), with agent names. */
export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<ProgramEvent[]> {
  const rows = await db
    .selectFrom('program_events as e')
    .innerJoin('agents as a', 'a.id', 'e.agent_id')
    .select(['e.id', 'e.kind', 'a.name', 'e.tier', 'e.created_at'])
    .where('e.id', '>', afterId)
    .orderBy('e.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, kind: r.kind as ProgramEventKind, agentName: r.name, tier: r.tier, createdAt: r.created_at }));
}
