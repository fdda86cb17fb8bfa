/** The live AI-program block of /api/public/stats, computed from the database per request. */
import { sql } from 'kysely';
import { capDay } from '../domain/anti-farming.ts';
import { PROGRAM_HISTORY } from '../domain/program-config.ts';
import { promoActions, tiers, type TierName } from '../domain/tiers.ts';
import type { Db } from './database.ts';

export interface ProgramStats {
  agents: number;
  partners: number;
  verifiedAgents: number;
  pointsAwarded: number;
  agentsPerTier: Record<TierName, number>;
  actionsLast24h: number;
  /** The last PROGRAM_HISTORY.statsDays UTC days, oldest first, today included: awards made (reversals and adjustments aside) and their points. */
  actionsPerDay: Array<{ date: string; actions: number; points: number }>;
  /** The urls promoted most often in those days (promotion actions), most first. */
  mostPromoted: Array<{ url: string; promotions: number; points: number }>;
  tasks: { posted: number; open: number };
}

const DAY_MS = 86_400_000;

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
  // Both over the created_at index: one range of the last statsDays days, today's included.
  const { statsDays, mostPromoted } = PROGRAM_HISTORY;
  const firstDay = new Date(capDay(now).start.getTime() - (statsDays - 1) * DAY_MS);
  const perDay = await db
    .selectFrom('activities')
    .select([sql<string>`substr(created_at, 1, 10)`.as('day'), (eb) => eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(points), 0)`.as('points')])
    .where('type', 'not in', ['adjustment', 'reversal'])
    .where('created_at', '>=', firstDay.toISOString())
    .groupBy(sql`substr(created_at, 1, 10)`)
    .execute();
  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const actionsPerDay = Array.from({ length: statsDays }, (_, i) => {
    const date = new Date(firstDay.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(date);
    return { date, actions: Number(row?.n ?? 0), points: Number(row?.points ?? 0) };
  });
  const promoted = await db
    .selectFrom('activities')
    .select(['url', (eb) => eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(points), 0)`.as('points')])
    .where('type', 'in', [...promoActions])
    .where('url', 'is not', null)
    .where('created_at', '>=', firstDay.toISOString())
    .groupBy('url')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('url')
    .limit(mostPromoted)
    .execute();
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
    actionsPerDay,
    mostPromoted: promoted.map((r) => ({ url: r.url!, promotions: Number(r.n), points: Number(r.points) })),
    tasks: { posted: Number(taskCounts.n), open: Number(taskCounts.open) },
  };
}
