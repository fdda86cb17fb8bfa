/**
 * The referral tree (src/domain/related-agents.ts says why it relates agents): each agent points
 * at the agent whose code it registered with (`referred_by`). A recursive common table expression
 * walks an agent's chain up to its root, on SQLite and PostgreSQL alike. A chain cannot loop (a
 * referrer registered before the agents it referred), and the walk stops at `MAX_DEPTH` anyway.
 */
import { sql } from 'kysely';
import type { Ancestry } from '../domain/related-agents.ts';
import type { Db } from './database.ts';

const MAX_DEPTH = 10_000;

/** `agentId` and its ancestors, each with its distance from `agentId` (0 for itself), nearest first. */
export async function ancestry(db: Db, agentId: number): Promise<Ancestry> {
  const rows = await db
    .withRecursive('chain(id, referred_by, depth)', (qb) =>
      qb
        .selectFrom('agents')
        .select(['id', 'referred_by', sql<number>`0`.as('depth')])
        .where('id', '=', agentId)
        .unionAll((up) =>
          up
            .selectFrom('agents as a')
            .innerJoin('chain', 'chain.referred_by', 'a.id')
            .select(['a.id', 'a.referred_by', sql<number>`chain.depth + 1`.as('depth')])
            .where('chain.depth', '<', MAX_DEPTH),
        ),
    )
    .selectFrom('chain')
    .select(['id', 'depth'])
    .orderBy('depth')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), depth: Number(r.depth) }));
}
