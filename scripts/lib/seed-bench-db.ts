/**
 * Seeds a rewards database at benchmark scale (default 10,000 agents, 200,000 ledger rows).
 *
 * The schema comes from the real migrations (src/store/migrate.ts), and the rows obey the same
 * invariants the service keeps: every agent's `points` and `promo_points` equal the sums of its
 * ledger rows, partnership is awarded at most once, keys are stored only as SHA-256 digests made
 * by src/rewards/api-keys.ts. Rows go in through prepared statements in one transaction, because
 * 200,000 inserts through the per-request repositories would take minutes and measure nothing.
 *
 * Deterministic from the seed: names, keys, codes, amounts and dates. Activity is skewed (older
 * agents did more, as on a real leaderboard) and dated before today's UTC day, so it uses up no
 * daily cap and no dedupe window during the benchmark.
 */
import { rmSync } from 'node:fs';
import { promoActions, actionPoints, PARTNERSHIP_BONUS, type ActivityType } from '../../src/domain/tiers.ts';
import { hashApiKey, newApiKey, newReferralCode, type RandomSource } from '../../src/rewards/api-keys.ts';
import { openSqlite } from '../../src/store/sqlite.ts';
import { migrateOrThrow } from '../../src/store/migrate.ts';
import { seededRandom } from './seeded-random.ts';

export interface SeedOptions {
  databasePath: string;
  agents: number;
  ledgerRows: number;
  seed: number;
  /** Activity is dated before the UTC day of `now`; agents registered up to 400 days earlier. */
  now: Date;
}

export interface SeedResult {
  agents: number;
  ledgerRows: number;
  /** Plaintext keys of every seeded agent, for the load generator; never stored in the database. */
  credentials: Array<{ name: string; apiKey: string }>;
}

const DAY = 86_400_000;
const earnTypes: ActivityType[] = ['share', 'mention', 'promote', 'referral', 'api_use', 'content_submit', 'task_post', 'task_claim'];
/** Rough mix of a real ledger: many small api_use and share awards, few referrals. */
const typeWeights = [20, 14, 8, 2, 40, 4, 6, 6];

export async function seedBenchDatabase(options: SeedOptions): Promise<SeedResult> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(options.databasePath + suffix, { force: true });
  const store = openSqlite(options.databasePath);
  await migrateOrThrow(store);
  const random = seededRandom(options.seed);
  const bytes: RandomSource = (n) => Buffer.from(Array.from({ length: n }, () => random.int(0, 255)));
  const todayStart = Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), options.now.getUTCDate());

  interface SeedAgent {
    id: number;
    name: string;
    apiKey: string;
    referralCode: string;
    createdAt: number;
    points: number;
    promo: number;
    partnerAt: number | null;
    lastActivity: number | null;
  }
  const agents: SeedAgent[] = [];
  const codes = new Set<string>();
  for (let i = 0; i < options.agents; i++) {
    let code = newReferralCode(bytes);
    while (codes.has(code)) code = newReferralCode(bytes);
    codes.add(code);
    // Lower ids registered earlier: the spread runs from 400 days ago to 2 days ago, in order.
    const createdAt = todayStart - 400 * DAY + Math.floor((i / options.agents) * 398 * DAY) + random.int(0, DAY - 1);
    agents.push({ id: i + 1, name: `agent-${String(i + 1).padStart(5, '0')}`, apiKey: newApiKey(bytes), referralCode: code, createdAt, points: 0, promo: 0, partnerAt: null, lastActivity: null });
  }

  const totalWeight = typeWeights.reduce((a, b) => a + b, 0);
  const pickType = (): ActivityType => {
    let r = random.next() * totalWeight;
    for (let t = 0; t < earnTypes.length; t++) if ((r -= typeWeights[t]) < 0) return earnTypes[t];
    return earnTypes[0];
  };

  const insertActivity = store.raw.prepare('insert into activities (agent_id, type, points, url, description, created_at, idempotency_key, ref) values (?, ?, ?, ?, ?, ?, null, null)');
  const insertAgent = store.raw.prepare(
    `insert into agents (id, name, name_lower, operator, avatar_url, api_key_hash, referral_code, referred_by, points, promo_points, partner, partner_at, verified, suspended, created_at, key_rotated_at, last_activity_at)
     values (?, ?, ?, ?, null, ?, ?, null, ?, ?, ?, ?, ?, 0, ?, null, ?)`,
  );
  const insertEvent = store.raw.prepare('insert into program_events (kind, agent_id, tier, created_at) values (?, ?, null, ?)');

  const rows: Array<[agentId: number, type: string, points: number, url: string | null, at: number, index: number]> = [];
  for (let r = 0; r < options.ledgerRows; r++) {
    // Squaring skews activity toward the earliest agents, so the leaderboard has a long tail.
    const agent = agents[Math.floor(random.next() ** 2 * agents.length)];
    const at = agent.createdAt + Math.floor(random.next() * (todayStart - 1 - agent.createdAt));
    let type: ActivityType | 'partnership' = pickType();
    if (agent.partnerAt === null && random.chance(0.02)) type = 'partnership';
    const points = type === 'partnership' ? PARTNERSHIP_BONUS : actionPoints[type];
    if (type === 'partnership') agent.partnerAt = at;
    agent.points += points;
    if ((promoActions as readonly string[]).includes(type)) agent.promo += points;
    agent.lastActivity = Math.max(agent.lastActivity ?? 0, at);
    rows.push([agent.id, type, points, type === 'partnership' || type === 'api_use' ? null : `https://seed.example/${agent.id}/${r}`, at, r]);
  }
  rows.sort((a, b) => a[4] - b[4]);

  const iso = (ms: number) => new Date(ms).toISOString();
  store.raw.transaction(() => {
    for (const a of agents) {
      insertAgent.run(
        a.id,
        a.name,
        a.name.toLowerCase(),
        a.id % 3 === 0 ? `Operator ${a.id % 97}` : null,
        hashApiKey(a.apiKey),
        a.referralCode,
        a.points,
        a.promo,
        a.partnerAt === null ? 0 : 1,
        a.partnerAt === null ? null : iso(a.partnerAt),
        a.id % 50 === 0 ? 1 : 0,
        iso(a.createdAt),
        a.lastActivity === null ? null : iso(a.lastActivity),
      );
      insertEvent.run('agent_registered', a.id, iso(a.createdAt));
    }
    for (const [agentId, type, points, url, at, r] of rows) insertActivity.run(agentId, type, points, url, `Seeded ${type} #${r}`, iso(at));
  })();
  // No ANALYZE: the service never runs it, so the benchmark plans queries as production does.
  store.raw.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  return { agents: agents.length, ledgerRows: rows.length, credentials: agents.map((a) => ({ name: a.name, apiKey: a.apiKey })) };
}
