/**
 * The write path every point goes through, on statements prepared once (SQL written once for
 * both engines): the agent behind an apiKey digest, the anti-farming lookups (dedupe and daily
 * caps) and `award`, which writes the ledger row, the agent's totals and (on a tier-up) a
 * program event together.
 *
 * Why not kysely here: building and compiling these queries on every call is the largest CPU
 * cost of a write, for SQL that never changes. Kysely stays the way the
 * rest of the store is written.
 *
 * Every method takes the `trx` of the `writeTransaction` (src/store/database.ts) it runs in.
 * On PostgreSQL, `writer` and `lock` take the agent's row lock (`for update`), which is what
 * serialises one agent's writes across instances (see src/store/postgres.ts); on SQLite the
 * write transaction already holds the one connection, and the lock is a plain read.
 */
import { promoActions, tierFor, type ActivityType, type TierName } from '../domain/tiers.ts';
import type { Db, OpenDatabase, Statement } from './database.ts';
import type { ActivitiesTable, ActivityRow, AgentRow, AgentsTable, CheckKind } from './schema.ts';

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

/**
 * What else the transaction of a ledger row writes when the agent has an enabled webhook
 * endpoint: the webhook outbox (src/webhooks/outbox.ts), so each event commits with the row that
 * caused it, or not at all.
 */
export interface AwardObserver {
  awarded(trx: Db, result: AwardResult): Promise<void>;
}

/**
 * Every column of a table, named rather than `*`: on PostgreSQL these statements are prepared once
 * per connection (src/store/postgres.ts), and a plan whose result type changed (a migration added
 * a column while an older instance runs) cannot be reused. The type refuses a list that misses one.
 */
function allColumns<T>() {
  return <const C extends readonly (keyof T & string)[]>(columns: C & ([Exclude<keyof T, C[number]>] extends [never] ? unknown : never)): string => columns.join(', ');
}

const AGENT_COLUMNS = allColumns<AgentsTable>()([
  'id',
  'name',
  'name_lower',
  'operator',
  'avatar_url',
  'api_key_hash',
  'referral_code',
  'referred_by',
  'points',
  'promo_points',
  'partner',
  'partner_at',
  'verified',
  'suspended',
  'created_at',
  'key_rotated_at',
  'last_activity_at',
  'registered_from',
]);
const ACTIVITY_COLUMNS = allColumns<ActivitiesTable>()(['id', 'agent_id', 'type', 'points', 'url', 'description', 'created_at', 'idempotency_key', 'ref', 'reverses']);

export class AwardStatements {
  private readonly byKeyHash: Statement<[string], AgentRow>;
  private readonly writerByKeyHash: Statement<[string], AgentRow>;
  private readonly lockAgent: Statement<[number], AgentRow>;
  private readonly usage: Statement<[number, string, string, number, string, string | null, string], { used: number | string; earlier_id: number | string | null; earlier_at: string | null }>;
  private readonly countSince: Statement<[number, string, string], { n: number }>;
  private readonly insertActivity: Statement<[number, string, number, string | null, string | null, string, string | null, string | null, number | null], ActivityRow>;
  private readonly activityById: Statement<[number], ActivityRow>;
  private readonly insertCheckRow: Statement<[number, number, string, number, string | null, string, string, string | null, string, string | null, string | null], unknown>;
  private readonly verifiedPromotion: Statement<[number, number, string], { yes: number }>;
  private readonly addToTotals: Statement<[number, number, string | null, number], AgentRow & { listening: number | boolean }>;
  private readonly insertEvent: Statement<[number, string, string], unknown>;

  constructor(
    store: Pick<OpenDatabase, 'prepare' | 'dialect'>,
    private readonly observer: AwardObserver,
  ) {
    const forUpdate = store.dialect === 'postgres' ? ' for update' : '';
    this.byKeyHash = store.prepare(`select ${AGENT_COLUMNS} from agents where api_key_hash = ?`);
    this.writerByKeyHash = store.prepare(`select ${AGENT_COLUMNS} from agents where api_key_hash = ?${forUpdate}`);
    this.lockAgent = store.prepare(`select ${AGENT_COLUMNS} from agents where id = ?${forUpdate}`);
    // The count on the (agent_id, type, created_at) index; the newest award of the url read off the
    // end of the (agent_id, type, url, created_at) index, whose last column is the row id, so nothing is sorted.
    this.usage = store.prepare(
      `select c.used, e.id as earlier_id, e.created_at as earlier_at
       from (select count(*) as used from activities where agent_id = ? and type = ? and created_at >= ?) c
       left join (select id, created_at from activities where agent_id = ? and type = ? and url = ? and created_at > ? order by created_at desc, id desc limit 1) e on 1 = 1`,
    );
    this.countSince = store.prepare('select count(*) as n from activities where agent_id = ? and type = ? and created_at >= ?');
    // A second reversal of the same row inserts nothing (the partial unique index on reverses),
    // under any race, without aborting the transaction it runs in.
    this.insertActivity = store.prepare(
      `insert into activities (agent_id, type, points, url, description, created_at, idempotency_key, ref, reverses) values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (reverses) where reverses is not null do nothing returning ${ACTIVITY_COLUMNS}`,
    );
    this.activityById = store.prepare(`select ${ACTIVITY_COLUMNS} from activities where id = ?`);
    this.insertCheckRow = store.prepare(
      'insert into claim_checks (activity_id, agent_id, kind, subject_agent_id, url, created_at, due_at, next_fetch_at, state, decided_at, last_result) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.verifiedPromotion = store.prepare(
      `select case when exists (select 1 from agents where id = ? and verified = 1)
             or exists (select 1 from claim_checks where agent_id = ? and kind = 'url' and state = 'verified' and decided_at <= ?) then 1 else 0 end as yes`,
    );
    // An adjustment passes null for the time: it is not activity, so last_activity_at stays.
    // `listening`: whether the agent has an enabled webhook endpoint; the observer is called only
    // then, so the many agents without one pay no extra round trip for webhooks.
    this.addToTotals = store.prepare(
      `update agents set points = points + ?, promo_points = promo_points + ?, last_activity_at = coalesce(?, last_activity_at) where id = ?
       returning ${AGENT_COLUMNS}, exists (select 1 from webhook_endpoints w where w.agent_id = agents.id and w.disabled_at is null) as listening`,
    );
    this.insertEvent = store.prepare("insert into program_events (kind, agent_id, tier, created_at) values ('tier_up', ?, ?, ?)");
  }

  /** The agent whose apiKey has this SHA-256 digest (a read: the rate limiter, gated reads). */
  agentByKeyHash(db: Db, hash: string): Promise<AgentRow | undefined> {
    return this.byKeyHash.get(db, hash);
  }

  /** The same, for a write: locks the agent's row until the write commits. */
  writerByKey(trx: Db, hash: string): Promise<AgentRow | undefined> {
    return this.writerByKeyHash.get(trx, hash);
  }

  /** The agent's row as committed now, locked until the write commits. */
  lock(trx: Db, agentId: number): Promise<AgentRow | undefined> {
    return this.lockAgent.get(trx, agentId);
  }

  /**
   * What an earn's rules read, in one round trip: the newest award of (agent, type, url) after
   * `dedupeSince` (none without a url), and how many awards of `type` the agent has had since
   * `capSince`.
   */
  async earnUsage(trx: Db, agentId: number, type: LedgerType, url: string | null, dedupeSince: Date, capSince: Date): Promise<{ earlier?: { id: number; createdAt: string }; used: number }> {
    const row = (await this.usage.get(trx, agentId, type, capSince.toISOString(), agentId, type, url, dedupeSince.toISOString()))!;
    return { used: Number(row.used), ...(row.earlier_id === null ? {} : { earlier: { id: Number(row.earlier_id), createdAt: row.earlier_at! } }) };
  }

  /** Awards of `type` to the agent at or after `since`, for the daily caps. */
  async countAwardsSince(trx: Db, agentId: number, type: LedgerType, since: Date): Promise<number> {
    return Number((await this.countSince.get(trx, agentId, type, since.toISOString()))!.n);
  }

  /**
   * The only way points change: ledger row, totals, tier-up event and the observer's webhook
   * events, in the caller's transaction. Undefined only for a reversal of a row already reversed.
   */
  async award(trx: Db, agentId: number, input: AwardInput): Promise<AwardResult | undefined> {
    const at = input.now.toISOString();
    // No lock first: the update of the totals below takes the agent's row lock, and adds to what
    // is committed, so concurrent awards to one agent each count once (a writer holds it already).
    const activity = await this.insertActivity.get(
      trx,
      agentId,
      input.type,
      input.points,
      input.url ?? null,
      input.description ?? null,
      at,
      input.idempotencyKey ?? null,
      input.ref ?? null,
      input.reverses ?? null,
    );
    if (!activity) return undefined;
    const promo = input.promoPoints ?? ((promoActions as readonly string[]).includes(input.type) ? input.points : 0);
    // Adjustments and reversals are not the agent's activity: last_activity_at (recency) stays.
    const totals = await this.addToTotals.get(trx, input.points, promo, input.type === 'adjustment' || input.type === 'reversal' ? null : at, agentId);
    if (!totals) throw new Error(`award: no agent with id ${agentId}`);
    const { listening, ...agent } = totals;
    const previousTier = tierFor(agent.points - input.points).name;
    const tier = tierFor(agent.points).name;
    if (input.points > 0 && tier !== previousTier) await this.insertEvent.run(trx, agentId, tier, at);
    const result = { activity, agent, previousTier, tier };
    if (listening) await this.observer.awarded(trx, result);
    return result;
  }

  /** `award` of a new row, which always inserts. */
  async awardNew(trx: Db, agentId: number, input: AwardInput): Promise<AwardResult> {
    const result = await this.award(trx, agentId, input);
    if (!result) throw new Error('award: the ledger row was not inserted');
    return result;
  }

  /**
   * Registers an award for verification: a url check is fetched at once; a referral check whose
   * subject already has a verified promotion stands from the start.
   */
  async addCheck(trx: Db, input: CheckInput): Promise<{ state: 'pending' | 'verified'; dueAt: string; decidedAt: string | null }> {
    const at = input.now.toISOString();
    // A referral stands on the referred agent's first verified promotion; a standing award waits
    // for its window's end, when the share of the agent's claims verified decides it.
    const stands = input.kind === 'referral' && (await this.hasVerifiedPromotion(trx, input.subjectAgentId, input.now));
    const state = stands ? 'verified' : 'pending';
    await this.insertCheckRow.run(
      trx,
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
  async hasVerifiedPromotion(trx: Db, agentId: number, by: Date): Promise<boolean> {
    return Number((await this.verifiedPromotion.get(trx, agentId, agentId, by.toISOString()))?.yes) === 1;
  }

  /**
   * Takes an award back with a `reversal` row of its own (the ledger is never edited): its points,
   * never more than the agent holds, and its Promotion Efforts share. Undefined when the row was
   * already reversed, which the unique index on `reverses` also guarantees under any race.
   */
  async reverse(trx: Db, activityId: number, reason: string, now: Date): Promise<AwardResult | undefined> {
    const original = await this.activityById.get(trx, activityId);
    if (!original || original.type === 'reversal' || original.points <= 0) return undefined;
    const holder = (await this.lock(trx, original.agent_id))!;
    const points = -Math.min(original.points, Math.max(0, holder.points));
    const promo = (promoActions as readonly string[]).includes(original.type) ? points : 0;
    return this.award(trx, original.agent_id, {
      type: 'reversal',
      points,
      promoPoints: promo,
      url: original.url,
      description: reason.slice(0, 500),
      ref: String(original.id),
      reverses: original.id,
      now,
    });
  }
}
