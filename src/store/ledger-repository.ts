/**
 * The append-only activity ledger and the agent totals it drives. `award` is the only way
 * points change: it writes the ledger row, the agent's totals and (on a tier-up) a program event
 * together, and must run inside a write transaction.
 */
import { sql } from 'kysely';
import { promoActions, tierFor, type ActivityType, type TierName } from '../domain/tiers.ts';
import type { Db } from './database.ts';
import { recordEvent } from './event-repository.ts';
import type { ActivityRow, AgentRow } from './schema.ts';

export type LedgerType = ActivityType | 'partnership' | 'adjustment';

export interface AwardInput {
  type: LedgerType;
  points: number;
  url?: string | null;
  description?: string | null;
  idempotencyKey?: string | null;
  ref?: string | null;
  now: Date;
}

export interface AwardResult {
  activity: ActivityRow;
  agent: AgentRow;
  previousTier: TierName;
  tier: TierName;
}

export async function award(trx: Db, agentId: number, input: AwardInput): Promise<AwardResult> {
  const at = input.now.toISOString();
  const before = await trx.selectFrom('agents').select('points').where('id', '=', agentId).executeTakeFirstOrThrow();
  const activity = await trx
    .insertInto('activities')
    .values({
      agent_id: agentId,
      type: input.type,
      points: input.points,
      url: input.url ?? null,
      description: input.description ?? null,
      created_at: at,
      idempotency_key: input.idempotencyKey ?? null,
      ref: input.ref ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const promo = (promoActions as readonly string[]).includes(input.type) ? input.points : 0;
  const agent = await trx
    .updateTable('agents')
    .set((eb) => ({
      points: eb('points', '+', input.points),
      promo_points: eb('promo_points', '+', promo),
      ...(input.type === 'adjustment' ? {} : { last_activity_at: at }),
    }))
    .where('id', '=', agentId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const previousTier = tierFor(before.points).name;
  const tier = tierFor(agent.points).name;
  if (agent.points > before.points && tier !== previousTier) await recordEvent(trx, { kind: 'tier_up', agentId, tier, now: input.now });
  return { activity, agent, previousTier, tier };
}

/** The newest award of (agent, type, url) at or after `since`, for the dedupe rule. */
export function findAwardSince(db: Db, agentId: number, type: LedgerType, url: string, since: Date): Promise<ActivityRow | undefined> {
  return db
    .selectFrom('activities')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('type', '=', type)
    .where('url', '=', url)
    .where('created_at', '>', since.toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function countAwardsSince(db: Db, agentId: number, type: LedgerType, since: Date): Promise<number> {
  const row = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('agent_id', '=', agentId)
    .where('type', '=', type)
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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
export async function lastWriteAt(db: Db): Promise<string | undefined> {
  const row = await sql<{ at: string | null }>`select max(at) as at from (
    select max(created_at) as at from activities
    union all select max(created_at) from agents
    union all select max(created_at) from program_events
    union all select max(coalesce(claimed_at, created_at)) from tasks)`.execute(db);
  return row.rows[0]?.at ?? undefined;
}
