/**
 * Reads of the append-only activity ledger: recent activity, reputation facts, the integrity
 * check and the newest write. Points change only through `AwardStatements.award`
 * (award-statements.ts).
 */
import { sql } from 'kysely';
import { promoActions } from '../domain/tiers.ts';
import type { Db } from './database.ts';
import type { ActivityRow } from './schema.ts';

export function recentActivity(db: Db, agentId: number, limit: number): Promise<ActivityRow[]> {
  return db.selectFrom('activities').selectAll().where('agent_id', '=', agentId).orderBy('id', 'desc').limit(limit).execute();
}

export interface ReputationFacts {
  activeDaysInWindow: number;
  distinctActivityTypes: number;
}

/**
 * Per agent: distinct UTC days with activity since `windowStart`, and distinct earning types
 * ever used. One grouped query for a whole leaderboard page.
 */
export async function reputationFacts(db: Db, agentIds: number[], windowStart: Date, earningTypes: readonly string[]): Promise<Map<number, ReputationFacts>> {
  const facts = new Map<number, ReputationFacts>();
  if (!agentIds.length) return facts;
  const rows = await db
    .selectFrom('activities')
    .select((eb) => [
      'agent_id',
      sql<number>`count(distinct case when ${eb.ref('created_at')} >= ${windowStart.toISOString()} and ${eb.ref('type')} != 'adjustment' then substr(${eb.ref('created_at')}, 1, 10) end)`.as('days'),
      sql<number>`count(distinct case when ${eb.ref('type')} in (${sql.join(earningTypes.map((t) => sql.lit(t)))}) then ${eb.ref('type')} end)`.as('types'),
    ])
    .where('agent_id', 'in', agentIds)
    .groupBy('agent_id')
    .execute();
  for (const r of rows) facts.set(r.agent_id, { activeDaysInWindow: Number(r.days), distinctActivityTypes: Number(r.types) });
  return facts;
}

export interface LedgerMismatch {
  id: number;
  name: string;
  points: number;
  ledgerPoints: number;
  promoPoints: number;
  ledgerPromoPoints: number;
}

/** Agents whose stored totals differ from the sum of their ledger rows: should always be empty. */
export async function ledgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  const promo = sql.join(promoActions.map((t) => sql.lit(t)));
  const rows = await sql<LedgerMismatch>`
    select a.id, a.name, a.points, a.promo_points as promoPoints,
      coalesce(l.total, 0) as ledgerPoints, coalesce(l.promo, 0) as ledgerPromoPoints
    from agents a
    left join (
      select agent_id, sum(points) as total, sum(case when type in (${promo}) then points else 0 end) as promo
      from activities group by agent_id
    ) l on l.agent_id = a.id
    where a.points != coalesce(l.total, 0) or a.promo_points != coalesce(l.promo, 0)
    order by a.id`.execute(db);
  return rows.rows;
}

/** The newest write to the program, for dataFreshness.lastModified of live bodies. */
/**
 * The newest write anywhere in the program (ledger, registrations, program events, tasks): one
 * value, read on the raw handle (`prepare(LAST_WRITE_SQL).pluck()`).
 */
export const LAST_WRITE_SQL = `select max(at) as at from (
    select max(created_at) as at from activities
    union all select max(created_at) from agents
    union all select max(created_at) from program_events
    union all select max(coalesce(claimed_at, created_at)) from tasks)`;
