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

type Statement<P extends unknown[], R> = BetterSqlite3.Statement<P, R>;

export class AwardStatements {
  private readonly byKeyHash: Statement<[string], AgentRow>;
  private readonly awardSince: Statement<[number, string, string, string], ActivityRow>;
  private readonly countSince: Statement<[number, string, string], { n: number }>;
  private readonly pointsOf: Statement<[number], { points: number }>;
  private readonly insertActivity: Statement<[number, string, number, string | null, string | null, string, string | null, string | null], ActivityRow>;
  private readonly addToTotals: Statement<[number, number, string | null, number], AgentRow>;
  private readonly insertEvent: Statement<[number, string, string], unknown>;

  constructor(raw: BetterSqlite3.Database) {
    this.byKeyHash = raw.prepare('select * from agents where api_key_hash = ?');
    this.awardSince = raw.prepare('select * from activities where agent_id = ? and type = ? and url = ? and created_at > ? order by id desc limit 1');
    this.countSince = raw.prepare('select count(*) as n from activities where agent_id = ? and type = ? and created_at >= ?');
    this.pointsOf = raw.prepare('select points from agents where id = ?');
    this.insertActivity = raw.prepare(
      'insert into activities (agent_id, type, points, url, description, created_at, idempotency_key, ref) values (?, ?, ?, ?, ?, ?, ?, ?) returning *',
    );
    // An adjustment passes null for the time: it is not activity, so last_activity_at stays.
    this.addToTotals = raw.prepare(
      'update agents set points = points + ?, promo_points = promo_points + ?, last_activity_at = coalesce(?, last_activity_at) where id = ? returning *',
    );
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
    const activity = this.insertActivity.get(agentId, input.type, input.points, input.url ?? null, input.description ?? null, at, input.idempotencyKey ?? null, input.ref ?? null)!;
    const promo = (promoActions as readonly string[]).includes(input.type) ? input.points : 0;
    const agent = this.addToTotals.get(input.points, promo, input.type === 'adjustment' ? null : at, agentId)!;
    const previousTier = tierFor(before.points).name;
    const tier = tierFor(agent.points).name;
    if (agent.points > before.points && tier !== previousTier) this.insertEvent.run(agentId, tier, at);
    return { activity, agent, previousTier, tier };
  }
}
