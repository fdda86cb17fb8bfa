/**
 * Reads of the append-only activity ledger: recent activity (for the operator CLI), what badges
 * are worked out from, the integrity check and the newest write. Points change only through `AwardStatements.award`
 * (award-statements.ts); profiles and reputation read through ProfileStatements
 * (profile-statements.ts).
 */
import { sql } from 'kysely';
import { promoActions } from '../domain/tiers.ts';
import type { Db } from './database.ts';
import type { ActivityRow } from './schema.ts';

export function recentActivity(db: Db, agentId: number, limit: number): Promise<ActivityRow[]> {
  return db.selectFrom('activities').selectAll().where('agent_id', '=', agentId).orderBy('id', 'desc').limit(limit).execute();
}

/** What an agent's badges are worked out from (src/domain/badges.ts): its ledger, oldest first, and its first verified promotion. */
export async function badgeRows(db: Db, agentId: number): Promise<{ ledger: { at: string; points: number }[]; firstVerifiedAt: string | null }> {
  const [ledger, verified] = await Promise.all([
    db.selectFrom('activities').select(['created_at', 'points']).where('agent_id', '=', agentId).orderBy('id', 'asc').execute(),
    db
      .selectFrom('claim_checks')
      .select((eb) => eb.fn.min('decided_at').as('at'))
      .where('agent_id', '=', agentId)
      .where('kind', '=', 'url')
      .where('state', '=', 'verified')
      .executeTakeFirst(),
  ]);
  return { ledger: ledger.map((r) => ({ at: r.created_at, points: r.points })), firstVerifiedAt: verified?.at ?? null };
}

export interface LedgerMismatch {
  id: number;
  name: string;
  points: number;
  ledgerPoints: number;
  promoPoints: number;
  ledgerPromoPoints: number;
}

/**
 * Agents whose stored totals differ from the sum of their ledger rows: should always be empty.
 * A reversal counts toward Promotion Efforts when the row it takes back did.
 */
export async function ledgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  const promo = sql.join(promoActions.map((t) => sql.lit(t)));
  const rows = await sql<LedgerMismatch>`
    select a.id, a.name, a.points, a.promo_points as "promoPoints",
      coalesce(l.total, 0) as "ledgerPoints", coalesce(l.promo, 0) as "ledgerPromoPoints"
    from agents a
    left join (
      select x.agent_id, sum(x.points) as total,
        sum(case when x.type in (${promo}) or (x.type = 'reversal' and o.type in (${promo})) then x.points else 0 end) as promo
      from activities x left join activities o on o.id = x.reverses
      group by x.agent_id
    ) l on l.agent_id = a.id
    where a.points != coalesce(l.total, 0) or a.promo_points != coalesce(l.promo, 0)
    order by a.id`.execute(db);
  return rows.rows;
}

/** The newest write to the program, for dataFreshness.lastModified of live bodies. */
/**
 * The newest write anywhere in the program (ledger, registrations, program events, tasks): one
 * value (`at`), read through a prepared statement (`OpenDatabase.prepare`).
 */
export const LAST_WRITE_SQL = `select max(at) as at from (
    select max(created_at) as at from activities
    union all select max(created_at) from agents
    union all select max(created_at) from program_events
    union all select max(coalesce(claimed_at, created_at)) from tasks) as newest`;
