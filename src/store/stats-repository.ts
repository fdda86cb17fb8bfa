/** The live AI-program block of /api/public/stats, computed from the database per request. */
import { sql } from 'kysely';
import { tiers, type TierName } from '../domain/tiers.ts';
import type { Db } from './database.ts';

export interface ProgramStats {
  agents: number;
  partners: number;
  verifiedAgents: number;
  pointsAwarded: number;
  agentsPerTier: Record<TierName, number>;
  actionsLast24h: number;
  tasks: { posted: number; open: number };
}

export async function programStats(db: Db, now: Date): Promise<ProgramStats> {
  const tierCase = sql.join(
    [...tiers].reverse().map((t) => sql`when points >= ${sql.lit(t.minPoints)} then ${sql.lit(t.name)}`),
    sql` `,
  );
  const perTier = await sql<{ tier: TierName; n: number }>`select case ${tierCase} else 'Bronze' end as tier, count(*) as n from agents group by tier`.execute(db);
  const agents = await db
    .selectFrom('agents')
    .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(partner), 0)`.as('partners'), sql<number>`coalesce(sum(verified), 0)`.as('verified')])
    .executeTakeFirstOrThrow();
  // Every agent's points are the sum of its ledger rows (written in one transaction), so the
  // points awarded are the agents' totals minus the rare adjustments: two index reads instead of
  // a scan of the whole ledger (70 ms per request at 200,000 rows). Reversals stay in the totals:
  // points taken back were not, in the end, awarded.
  const totals = await db.selectFrom('agents').select(sql<number>`coalesce(sum(points), 0)`.as('total')).executeTakeFirstOrThrow();
  const adjustments = await db.selectFrom('activities').select(sql<number>`coalesce(sum(points), 0)`.as('total')).where('type', '=', 'adjustment').executeTakeFirstOrThrow();
  const awarded = { total: Number(totals.total) - Number(adjustments.total) };
  const recent = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', 'not in', ['adjustment', 'reversal'])
    .where('created_at', '>', new Date(now.getTime() - 86_400_000).toISOString())
    .executeTakeFirstOrThrow();
  const taskCounts = await db
    .selectFrom('tasks')
    .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(case when claimed_by is null then 1 else 0 end), 0)`.as('open')])
    .executeTakeFirstOrThrow();
  const agentsPerTier = Object.fromEntries(tiers.map((t) => [t.name, 0])) as Record<TierName, number>;
  for (const r of perTier.rows) agentsPerTier[r.tier] = Number(r.n);
  return {
    agents: Number(agents.n),
    partners: Number(agents.partners),
    verifiedAgents: Number(agents.verified),
    pointsAwarded: Number(awarded.total),
    agentsPerTier,
    actionsLast24h: Number(recent.n),
    tasks: { posted: Number(taskCounts.n), open: Number(taskCounts.open) },
  };
}
