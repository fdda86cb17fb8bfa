/**
 * The write path every point goes through, on better-sqlite3 statements prepared once: the
 * agent behind an apiKey digest, the anti-farming lookups (dedupe and daily caps) and `award`,
 * which writes the ledger row, the agent's totals and (on a tier-up) a program event together.
 *
 * Why not kysely here: building and compiling these queries per call was about a third of the
 * server's CPU under the earn benchmark, for SQL that never changes. Kysely stays the way the
 * rest of the store is written.
 *
 * The methods are synchronous. `award` and the checks before it must run inside
 * `writeTransaction` (src/store/database.ts): it holds the one connection, so these statements
 * run inside its transaction and nothing else runs between them. `agentByKeyHash` also serves
 * the rate limiter's synchronous identification outside any write.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { promoActions, tierFor, type ActivityType, type TierName } from '../domain/tiers.ts';
import type { ActivityRow, AgentRow, CheckKind } from './schema.ts';

export type LedgerType = ActivityType | 'partnership' | 'adjustment' | 'reversal';

export interface AwardInput {
  type: LedgerType;
  points: number;
  url?: string | null;
  description?: string | null;
  idempotencyKey?: string | null;
  ref?: string | null;
  /** On a reversal: the row taken back. */
  reverses?: number | null;
  /** Promotion Efforts points of the row when its type alone does not say (a reversal of a promo award). */
  promoPoints?: number;
  now: Date;
}

/** An award to verify: its own url, or the verified promotion of the subject agent. */
export interface CheckInput {
  activityId: number;
  agentId: number;
  kind: CheckKind;
  subjectAgentId: number;
  url: string | null;
  dueAt: Date;
  now: Date;
}

export interface AwardResult {
  activity: ActivityRow;
  agent: AgentRow;
  previousTier: TierName;
  tier: TierName;
}

type Statement<P extends unknown[], R> = BetterSqlite3.Statement<P, R>;

export class AwardStatements {
  private readonly byKeyHash: Statement<[string], AgentRow>;
  private readonly awardSince: Statement<[number, string, string, string], ActivityRow>;
  private readonly countSince: Statement<[number, string, string], { n: number }>;
  private readonly pointsOf: Statement<[number], { points: number }>;
  private readonly insertActivity: Statement<[number, string, number, string | null, string | null, string, string | null, string | null, number | null], ActivityRow>;
  private readonly activityById: Statement<[number], ActivityRow>;
  private readonly insertCheckRow: Statement<[number, number, string, number, string | null, string, string, string | null, string, string | null, string | null], unknown>;
  private readonly verifiedPromotion: Statement<[number, number, string], number>;
  private readonly addToTotals: Statement<[number, number, string | null, number], AgentRow>;
  private readonly insertEvent: Statement<[number, string, string], unknown>;

  constructor(raw: BetterSqlite3.Database) {
    this.byKeyHash = raw.prepare('select * from agents where api_key_hash = ?');
    this.awardSince = raw.prepare('select * from activities where agent_id = ? and type = ? and url = ? and created_at > ? order by id desc limit 1');
    this.countSince = raw.prepare('select count(*) as n from activities where agent_id = ? and type = ? and created_at >= ?');
    this.pointsOf = raw.prepare('select points from agents where id = ?');
    this.insertActivity = raw.prepare('insert into activities (agent_id, type, points, url, description, created_at, idempotency_key, ref, reverses) values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning *');
    this.activityById = raw.prepare('select * from activities where id = ?');
    this.insertCheckRow = raw.prepare(
      'insert into claim_checks (activity_id, agent_id, kind, subject_agent_id, url, created_at, due_at, next_fetch_at, state, decided_at, last_result) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.verifiedPromotion = raw
      .prepare<[number, number, string], number>(
        `select exists (select 1 from agents where id = ? and verified = 1)
             or exists (select 1 from claim_checks where agent_id = ? and kind = 'url' and state = 'verified' and decided_at <= ?)`,
      )
      .pluck();
    // An adjustment passes null for the time: it is not activity, so last_activity_at stays.
    this.addToTotals = raw.prepare('update agents set points = points + ?, promo_points = promo_points + ?, last_activity_at = coalesce(?, last_activity_at) where id = ? returning *');
    this.insertEvent = raw.prepare("insert into program_events (kind, agent_id, tier, created_at) values ('tier_up', ?, ?, ?)");
  }

  /** The agent whose apiKey has this SHA-256 digest. */
  agentByKeyHash(hash: string): AgentRow | undefined {
    return this.byKeyHash.get(hash);
  }

  /** The newest award of (agent, type, url) after `since`, for the dedupe rule. */
  findAwardSince(agentId: number, type: LedgerType, url: string, since: Date): ActivityRow | undefined {
    return this.awardSince.get(agentId, type, url, since.toISOString());
  }

  /** Awards of `type` to the agent at or after `since`, for the daily caps. */
  countAwardsSince(agentId: number, type: LedgerType, since: Date): number {
    return this.countSince.get(agentId, type, since.toISOString())!.n;
  }

  /** The only way points change: ledger row, totals and tier-up event, in the caller's transaction. */
  award(agentId: number, input: AwardInput): AwardResult {
    const at = input.now.toISOString();
    const before = this.pointsOf.get(agentId);
    if (!before) throw new Error(`award: no agent with id ${agentId}`);
    const activity = this.insertActivity.get(
      agentId,
      input.type,
      input.points,
      input.url ?? null,
      input.description ?? null,
      at,
      input.idempotencyKey ?? null,
      input.ref ?? null,
      input.reverses ?? null,
    )!;
    const promo = input.promoPoints ?? ((promoActions as readonly string[]).includes(input.type) ? input.points : 0);
    // Adjustments and reversals are not the agent's activity: last_activity_at (recency) stays.
    const agent = this.addToTotals.get(input.points, promo, input.type === 'adjustment' || input.type === 'reversal' ? null : at, agentId)!;
    const previousTier = tierFor(before.points).name;
    const tier = tierFor(agent.points).name;
    if (agent.points > before.points && tier !== previousTier) this.insertEvent.run(agentId, tier, at);
    return { activity, agent, previousTier, tier };
  }

  /**
   * Registers an award for verification: a url check is fetched at once; a standing or referral
   * check whose subject already has a verified promotion stands from the start.
   */
  addCheck(input: CheckInput): { state: 'pending' | 'verified'; dueAt: string; decidedAt: string | null } {
    const at = input.now.toISOString();
    const stands = input.kind !== 'url' && this.hasVerifiedPromotion(input.subjectAgentId, input.now);
    const state = stands ? 'verified' : 'pending';
    this.insertCheckRow.run(
      input.activityId,
      input.agentId,
      input.kind,
      input.subjectAgentId,
      input.url,
      at,
      input.dueAt.toISOString(),
      input.kind === 'url' ? at : null,
      state,
      stands ? at : null,
      stands ? 'stands on a verified promotion' : null,
    );
    return { state, dueAt: input.dueAt.toISOString(), decidedAt: stands ? at : null };
  }

  /**
   * True when the agent has a promotion verified at or before `by`, or the operator verified the
   * agent: what standing and referral checks stand on.
   */
  hasVerifiedPromotion(agentId: number, by: Date): boolean {
    return this.verifiedPromotion.get(agentId, agentId, by.toISOString()) === 1;
  }

  /**
   * Takes an award back with a `reversal` row of its own (the ledger is never edited): its points,
   * never more than the agent holds, and its Promotion Efforts share. Undefined when the row was
   * already reversed, which the unique index on `reverses` also guarantees under any race.
   */
  reverse(activityId: number, reason: string, now: Date): AwardResult | undefined {
    const original = this.activityById.get(activityId);
    if (!original || original.type === 'reversal' || original.points <= 0) return undefined;
    const holds = this.pointsOf.get(original.agent_id)!.points;
    const points = -Math.min(original.points, Math.max(0, holds));
    const promo = (promoActions as readonly string[]).includes(original.type) ? points : 0;
    try {
      return this.award(original.agent_id, {
        type: 'reversal',
        points,
        promoPoints: promo,
        url: original.url,
        description: reason.slice(0, 500),
        ref: String(original.id),
        reverses: original.id,
        now,
      });
    } catch (error) {
      if (error instanceof Error && /UNIQUE constraint failed: activities\.reverses/.test(error.message)) return undefined;
      throw error;
    }
  }
}
