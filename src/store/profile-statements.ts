/**
 * The reads behind a profile and a reputation, on statements prepared once (SQL written once for
 * both engines): the agent by name, its newest ledger rows, and the ledger facts its reputation
 * score needs.
 *
 * Why not kysely here: a cold profile is CPU-bound, and building and compiling these queries on
 * every call would be a large part of that CPU, for SQL that never changes.
 *
 * Why this SQL (by EXPLAIN QUERY PLAN on a database of 10,000 agents): each read selects only the columns a public body shows, so a profile
 * never loads the apiKey digest or the referral code. The reputation facts are two queries on the
 * covering index (agent_id, type, created_at) instead of one `count(distinct case ...)` over the
 * agent's rows, which needed two temporary B-trees: the active days scan the agent's index
 * entries, and the diversity is one index probe per earning type.
 *
 * Every method takes the `trx` of the `readSnapshot` (src/store/database.ts) it runs in, which
 * makes the reads of one profile one snapshot.
 */
import type { Db, OpenDatabase, Statement } from './database.ts';
import type { ActivityRow, AgentRow, CheckKind, CheckState } from './schema.ts';

/** An agent as public reads show it: no apiKey digest, referral code, referrer or key rotation. */
export type PublicAgentRow = Pick<
  AgentRow,
  'id' | 'name' | 'operator' | 'avatar_url' | 'points' | 'promo_points' | 'partner' | 'partner_at' | 'verified' | 'suspended' | 'created_at' | 'last_activity_at'
>;

/** A ledger row as a profile's recentActivity shows it, with where its verification stands (null when nothing checks it). */
export type LedgerEntryRow = Pick<ActivityRow, 'id' | 'type' | 'points' | 'url' | 'description' | 'created_at'> & {
  reverses?: number | null;
  check_kind?: CheckKind | null;
  check_state?: CheckState | null;
  check_due_at?: string | null;
  check_decided_at?: string | null;
};

export interface ReputationFacts {
  /** Distinct UTC days (the first 10 characters of created_at) with a row other than an adjustment or reversal since the window start. */
  activeDaysInWindow: number;
  /** Distinct earning types the agent has ever used. */
  distinctActivityTypes: number;
  /**
   * The earliest created_at among the rows counted in activeDaysInWindow (null when none): when
   * it leaves the window, engagement may drop with no write (see reputationStableUntil).
   */
  oldestInWindow: string | null;
  /** The agent's claimed urls (url checks), and how many of them were verified: the verified component. */
  claims: number;
  verifiedClaims: number;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

export class ProfileStatements {
  private readonly byName: Statement<[string], PublicAgentRow>;
  private readonly recent: Statement<[number, number], LedgerEntryRow>;
  private readonly activeDays: Statement<[number, string], { days: number; oldest: string | null }>;
  private readonly typesUsed: Statement<[number], { n: number }>;
  private readonly claimCounts: Statement<[number], { claims: number; verified: number | null }>;
  private readonly rankByPoints: Statement<[number, number, number], { rank: number }>;
  private readonly pointsByDay: Statement<[number, number], { day: string; points: number }>;

  /** `earningTypes`: the activity types whose variety reputation counts (DIVERSITY_TYPES). */
  constructor(store: Pick<OpenDatabase, 'prepare'>, earningTypes: readonly string[]) {
    this.byName = store.prepare('select id, name, operator, avatar_url, points, promo_points, partner, partner_at, verified, suspended, created_at, last_activity_at from agents where name_lower = ?');
    // Newest first through (agent_id, id); the rows themselves are the only table reads.
    // Each row's check is one primary-key probe of claim_checks.
    this.recent = store.prepare(
      `select a.id, a.type, a.points, a.url, a.description, a.created_at, a.reverses, c.kind as check_kind, c.state as check_state, c.due_at as check_due_at, c.decided_at as check_decided_at
       from activities a left join claim_checks c on c.activity_id = a.id where a.agent_id = ? order by a.id desc limit ?`,
    );
    // On the (agent_id, kind, state) index alone.
    this.claimCounts = store.prepare("select count(*) as claims, sum(case when state = 'verified' then 1 else 0 end) as verified from claim_checks where agent_id = ? and kind = 'url'");
    // The agent's entries of (agent_id, type, created_at), read from the index alone. Bounding
    // each type's range by created_at (type in (...every other type)) reads less for an agent
    // with thousands of rows, but it was slower for the typical agent with a few dozen and would
    // have to list every ledger type; `not in ('adjustment', 'reversal')` stays true to the rule as written.
    this.activeDays = store.prepare(
      "select count(distinct substr(created_at, 1, 10)) as days, min(created_at) as oldest from activities where agent_id = ? and created_at >= ? and type not in ('adjustment', 'reversal')",
    );
    // One index probe per earning type, however long the agent's ledger.
    this.typesUsed = store.prepare(
      `with earning(type) as (values ${earningTypes.map((t) => `(${quote(t)})`).join(', ')})
       select count(*) as n from earning where exists (select 1 from activities where agent_id = ? and type = earning.type)`,
    );
    // The agent's ledger rows summed per UTC day (the first 10 characters of created_at), newest days first.
    this.pointsByDay = store.prepare('select substr(created_at, 1, 10) as day, sum(points) as points from activities where agent_id = ? group by substr(created_at, 1, 10) order by day desc limit ?');
    // Two range counts on the (suspended, points, id) index rather than one count over
    // `points > v or (points = v and id < x)`, which SQLite can only bound by `suspended`.
    this.rankByPoints = store.prepare(
      `select (select count(*) from agents where suspended = 0 and points > ?)
            + (select count(*) from agents where suspended = 0 and points = ? and id < ?) + 1 as rank`,
    );
  }

  /** A listed agent's place on the leaderboard by points (ties: the earlier-registered first). */
  async rank(trx: Db, agent: Pick<PublicAgentRow, 'id' | 'points'>): Promise<number> {
    return Number((await this.rankByPoints.get(trx, agent.points, agent.points, agent.id))!.rank);
  }

  /** Names compare case-insensitively (docs/api.md, "Register"). */
  agentByName(trx: Db, name: string): Promise<PublicAgentRow | undefined> {
    return this.byName.get(trx, name.toLowerCase());
  }

  /** The agent's newest `limit` ledger rows, newest first. */
  recentActivity(trx: Db, agentId: number, limit: number): Promise<LedgerEntryRow[]> {
    return this.recent.all(trx, agentId, limit);
  }

  /** Points per UTC day with ledger rows, the newest `days` such days, newest first. */
  async dailyPoints(trx: Db, agentId: number, days: number): Promise<Array<{ day: string; points: number }>> {
    return (await this.pointsByDay.all(trx, agentId, days)).map((r) => ({ day: r.day, points: Number(r.points) }));
  }

  /** Zero for both when the agent has no ledger rows. */
  async reputationFacts(trx: Db, agentId: number, windowStart: Date): Promise<ReputationFacts> {
    const { days, oldest } = (await this.activeDays.get(trx, agentId, windowStart.toISOString()))!;
    const counts = (await this.claimCounts.get(trx, agentId))!;
    const types = (await this.typesUsed.get(trx, agentId))!;
    return { activeDaysInWindow: Number(days), distinctActivityTypes: Number(types.n), oldestInWindow: oldest, claims: Number(counts.claims), verifiedClaims: Number(counts.verified ?? 0) };
  }
}
