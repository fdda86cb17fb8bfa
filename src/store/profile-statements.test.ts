/**
 * ProfileStatements against the kysely queries they replaced, on a real SQLite file with random
 * ledgers: agents without rows, adjustments and partnership rows, rows on either side of and
 * exactly at the engagement window's start, and ledger ids out of time order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIVERSITY_TYPES } from '../domain/reputation.ts';
import { findAgentByName } from './agent-repository.ts';
import { readSnapshot, type Db } from './database.ts';
import { openSqlite, type OpenSqlite } from './sqlite.ts';
import { recentActivity } from './ledger-repository.ts';
import { migrateOrThrow } from './migrate.ts';
import { ProfileStatements, type ReputationFacts } from './profile-statements.ts';

const LEDGER_TYPES = ['share', 'mention', 'promote', 'referral', 'api_use', 'content_submit', 'task_post', 'task_claim', 'partnership', 'adjustment'] as const;
const DAY_MS = 86_400_000;

/** The grouped query reputation facts came from before ProfileStatements, as it was. */
async function groupedReputationFacts(db: Db, agentIds: number[], windowStart: Date): Promise<Map<number, Omit<ReputationFacts, 'claims' | 'verifiedClaims'>>> {
  const rows = await db
    .selectFrom('activities')
    .select((eb) => [
      'agent_id',
      sql<number>`count(distinct case when ${eb.ref('created_at')} >= ${windowStart.toISOString()} and ${eb.ref('type')} != 'adjustment' then substr(${eb.ref('created_at')}, 1, 10) end)`.as('days'),
      sql<number>`count(distinct case when ${eb.ref('type')} in (${sql.join(DIVERSITY_TYPES.map((t) => sql.lit(t)))}) then ${eb.ref('type')} end)`.as('types'),
      // Added with oldestInWindow: the earliest of the rows the days count.
      sql<string | null>`min(case when ${eb.ref('created_at')} >= ${windowStart.toISOString()} and ${eb.ref('type')} != 'adjustment' then ${eb.ref('created_at')} end)`.as('oldest'),
    ])
    .where('agent_id', 'in', agentIds)
    .groupBy('agent_id')
    .execute();
  return new Map(rows.map((r) => [r.agent_id, { activeDaysInWindow: Number(r.days), distinctActivityTypes: Number(r.types), oldestInWindow: r.oldest }]));
}

let dir: string;
let store: OpenSqlite;
let statements: ProfileStatements;
let run = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-profile-'));
  store = openSqlite(join(dir, 'db.sqlite'));
  await migrateOrThrow(store);
  statements = new ProfileStatements(store, DIVERSITY_TYPES);
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Where a row lies relative to the window start: at it, a millisecond either side, its UTC day's edges, or anywhere in ±45 days. */
const rowTime = fc.oneof(fc.constantFrom(0, -1, 1, 'day start' as const, 'day end' as const), fc.integer({ min: -45 * DAY_MS, max: 45 * DAY_MS }));

const ledger = fc.record({
  windowStart: fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T23:59:59Z'), noInvalidDate: true }),
  agents: fc.array(
    fc.record({
      verified: fc.boolean(),
      partner: fc.boolean(),
      suspended: fc.boolean(),
      points: fc.integer({ min: -100, max: 20_000 }),
      rows: fc.array(fc.record({ type: fc.constantFrom(...LEDGER_TYPES), at: rowTime, points: fc.integer({ min: -500, max: 100 }), withUrl: fc.boolean() }), { maxLength: 40 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  // The order rows are written in, so ids do not follow time or agent.
  seed: fc.integer(),
  limit: fc.constantFrom(1, 3, 20, 50),
});

type Ledger = typeof ledger extends fc.Arbitrary<infer T> ? T : never;

function timeOf(windowStart: Date, at: number | 'day start' | 'day end'): string {
  const start = windowStart.getTime();
  if (at === 'day start') return new Date(start - (start % DAY_MS)).toISOString();
  if (at === 'day end') return new Date(start - (start % DAY_MS) + DAY_MS - 1).toISOString();
  return new Date(start + at).toISOString();
}

/** Writes one random ledger; returns its agents' ids and names (mixed case, unique per run). */
function write(input: Ledger) {
  run += 1;
  const raw = store.raw;
  const insertAgent = raw.prepare(
    'insert into agents (name, name_lower, operator, api_key_hash, referral_code, points, promo_points, partner, partner_at, verified, suspended, created_at, last_activity_at) values (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?) returning id',
  );
  const insertRow = raw.prepare('insert into activities (agent_id, type, points, url, description, created_at) values (?, ?, ?, ?, ?, ?)');
  const agents: Array<{ id: number; name: string }> = [];
  const rows: Array<[number, string, number, string | null, string, string]> = [];
  raw.transaction(() => {
    input.agents.forEach((a, i) => {
      const name = `Agent-${run}-${i}`;
      const at = new Date(input.windowStart.getTime() - 60 * DAY_MS).toISOString();
      const { id } = insertAgent.get(
        name,
        name.toLowerCase(),
        i % 2 ? `op ${i}` : null,
        `hash-${run}-${i}`,
        `code-${run}-${i}`,
        a.points,
        a.partner ? 1 : 0,
        a.partner ? at : null,
        a.verified ? 1 : 0,
        a.suspended ? 1 : 0,
        at,
        a.rows.length ? at : null,
      ) as { id: number };
      agents.push({ id, name });
      for (const [j, r] of a.rows.entries()) rows.push([id, r.type, r.points, r.withUrl ? `https://example.com/${run}/${j}` : null, `row ${j} of ${name}`, timeOf(input.windowStart, r.at)]);
    });
    // A deterministic shuffle from the seed.
    let s = input.seed >>> 0;
    for (let i = rows.length - 1; i > 0; i--) {
      s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
      const j = s % (i + 1);
      [rows[i], rows[j]] = [rows[j], rows[i]];
    }
    for (const row of rows) insertRow.run(...row);
  })();
  return agents;
}

describe('ProfileStatements', () => {
  it('reads what the kysely queries read, for random ledgers', async () => {
    await fc.assert(
      fc.asyncProperty(ledger, async (input) => {
        const agents = write(input);
        const grouped = await groupedReputationFacts(
          store.db,
          agents.map((a) => a.id),
          input.windowStart,
        );
        for (const { id, name } of agents) {
          const asked = name.toUpperCase();
          const expected = (await findAgentByName(store.db, asked))!;
          const { api_key_hash, referral_code, referred_by, key_rotated_at, name_lower, registered_from, ...shown } = expected;
          void [api_key_hash, referral_code, referred_by, key_rotated_at, name_lower, registered_from];
          const read = await readSnapshot(store.db, async (trx) => ({
            agent: await statements.agentByName(trx, asked),
            activity: await statements.recentActivity(trx, id, input.limit),
            facts: await statements.reputationFacts(trx, id, input.windowStart),
          }));
          expect(read.agent).toStrictEqual(shown);
          const rows = await recentActivity(store.db, id, input.limit);
          // These ledgers have no claim checks: every row's check is null, and so are the claim counts.
          const noCheck = { check_kind: null, check_state: null, check_due_at: null, check_decided_at: null };
          expect(read.activity).toStrictEqual(rows.map(({ id, type, points, url, description, created_at, reverses }) => ({ id, type, points, url, description, created_at, reverses, ...noCheck })));
          expect(read.facts).toStrictEqual({ ...(grouped.get(id) ?? { activeDaysInWindow: 0, distinctActivityTypes: 0, oldestInWindow: null }), claims: 0, verifiedClaims: 0 });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('finds no agent for an unknown name, and zero facts and no rows for an agent without a ledger', async () => {
    const [agent] = write({ windowStart: new Date('2026-11-22T12:00:00Z'), agents: [{ verified: false, partner: false, suspended: false, points: 0, rows: [] }], seed: 1, limit: 20 });
    const db = store.db;
    expect(await statements.agentByName(db, 'nobody-by-this-name')).toBeUndefined();
    expect(await findAgentByName(store.db, 'nobody-by-this-name')).toBeUndefined();
    expect(await statements.recentActivity(db, agent.id, 20)).toEqual([]);
    expect(await statements.reputationFacts(db, agent.id, new Date('2026-11-22T12:00:00Z'))).toEqual({
      activeDaysInWindow: 0,
      distinctActivityTypes: 0,
      oldestInWindow: null,
      claims: 0,
      verifiedClaims: 0,
    });
  });

  it('counts a day in the window once, from a row at its start, and leaves out adjustments', async () => {
    const windowStart = new Date('2026-11-22T12:00:00.000Z');
    const [agent] = write({
      windowStart,
      agents: [
        {
          verified: false,
          partner: false,
          suspended: false,
          points: 0,
          rows: [
            { type: 'share', at: -1, points: 10, withUrl: true }, // before the window, same UTC day
            { type: 'share', at: 0, points: 10, withUrl: true }, // at the window start: counts
            { type: 'mention', at: 'day end', points: 15, withUrl: false }, // same day again
            { type: 'adjustment', at: DAY_MS, points: -5, withUrl: false }, // next day, adjustment only
            { type: 'partnership', at: 2 * DAY_MS, points: 100, withUrl: false }, // counts as a day, not a type
          ],
        },
      ],
      seed: 7,
      limit: 20,
    });
    expect(await statements.reputationFacts(store.db, agent.id, windowStart)).toEqual({
      activeDaysInWindow: 2,
      distinctActivityTypes: 2,
      oldestInWindow: windowStart.toISOString(),
      claims: 0,
      verifiedClaims: 0,
    });
  });

  it('reads through the indexes the ledger has, the facts from the covering one alone', () => {
    const plan = (statement: { sql: string }, ...params: unknown[]) =>
      (store.raw.prepare(`explain query plan ${statement.sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
    expect(plan(statements['byName'], 'x')).toMatch(/^SEARCH agents USING INDEX \S+ \(name_lower=\?\)$/);
    // Each row's claim check is one primary-key probe.
    expect(plan(statements['recent'], 1, 20)).toBe('SEARCH a USING INDEX activities_agent_recent (agent_id=?) | SEARCH c USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN');
    expect(plan(statements['claimCounts'], 1)).toBe('SEARCH claim_checks USING COVERING INDEX claim_checks_agent (agent_id=? AND kind=?)');
    expect(plan(statements['activeDays'], 1, '2026-01-01')).toContain('SEARCH activities USING COVERING INDEX activities_agent_type_time (agent_id=?)');
    const types = plan(statements['typesUsed'], 1);
    expect(types).toMatch(/SEARCH activities (EXISTS )?USING COVERING INDEX activities_agent_type_time \(agent_id=\? AND type=\?\)/);
    expect(types).not.toContain('TEMP B-TREE');
  });
});
