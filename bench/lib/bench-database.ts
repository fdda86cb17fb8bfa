/**
 * The database side of a benchmark run: seed at scale, measure the raw SQLite ceiling on a copy,
 * and afterwards prove that the write load lost and doubled nothing (every agent's total equals
 * the sum of its ledger rows, and the ledger grew by exactly the number of successful earns).
 */
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { seedBenchDatabase } from '../../scripts/lib/seed-bench-db.ts';
import type { OpenDatabase } from '../../src/store/database.ts';
import { openSqlite } from '../../src/store/sqlite.ts';
import { ledgerMismatches } from '../../src/store/ledger-repository.ts';
import { firstJsonLine, spawnTs } from './processes.ts';
import { median } from './stats.ts';

export const SEED_AGENTS = 10_000;
export const SEED_LEDGER_ROWS = 200_000;

export interface Snapshot {
  ledgerRows: number;
}

export interface Integrity {
  ok: boolean;
  agents: number;
  /** Agents whose points or promo points differ from the sums of their ledger rows. */
  mismatched: number;
  ledgerRowsAdded: number;
  /** Awards the load generator saw a 200 for. */
  acknowledged: number;
  /** Acknowledged awards with no ledger row: lost writes. */
  missing: number;
  /** Ledger rows for the same benchmark url more than once: double counting. */
  duplicated: number;
  /** Rows committed whose response the generator never read (in flight when a round stopped). */
  unacknowledged: number;
}

export interface BenchDatabase {
  seed(agentsFile: string): Promise<{ agents: number; ledgerRows: number; seconds: number; note?: string }>;
  ceiling(seconds: number, rounds: number): Promise<{ rps: number; rounds: number[]; note: string }>;
  snapshot(): Snapshot;
  verify(before: Snapshot, ackFile: string, urlPrefix: string): Promise<Integrity>;
}

export function benchDatabase(path: string): BenchDatabase {
  const count = (sql: string) => {
    const db = new BetterSqlite3(path, { readonly: true });
    try {
      return (db.prepare(sql).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  const snapshot = (): Snapshot => ({ ledgerRows: count('select count(*) as n from activities') });

  return {
    async seed(agentsFile) {
      const started = performance.now();
      const result = await seedBenchDatabase({ databasePath: path, agents: SEED_AGENTS, ledgerRows: SEED_LEDGER_ROWS, seed: 20261122, now: new Date() });
      writeFileSync(agentsFile, JSON.stringify(result.credentials));
      return {
        agents: result.agents,
        ledgerRows: result.ledgerRows,
        seconds: (performance.now() - started) / 1000,
        note: 'Through the real migrations; totals equal ledger sums; activity dated before today (UTC) so no cap is used up.',
      };
    },

    async ceiling(seconds, rounds) {
      const copy = `${path}.ceiling`;
      for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
      copyFileSync(path, copy);
      try {
        const child = spawnTs('bench/sqlite-ceiling.ts', [copy, String(seconds), String(rounds), String(SEED_AGENTS)]);
        const out = await firstJsonLine<{ rounds: number[]; journalMode: string; synchronous: string }>(child);
        return {
          rps: median(out.rounds),
          rounds: out.rounds,
          note: `better-sqlite3, one process, BEGIN IMMEDIATE; insert activity row + update agent totals; COMMIT, in a loop (journal_mode=${out.journalMode}, synchronous=${out.synchronous}, as the server opens it); median of ${out.rounds.map((r) => Math.round(r)).join(' / ')} tx/s`,
        };
      } finally {
        for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
      }
    },

    snapshot,

    /**
     * Runs after the server stopped. A round ends with requests in flight: their rows may be
     * committed without the generator reading the answer, so rows added can exceed 200s seen
     * (reported as unacknowledged), but every acknowledged award must be in the ledger once.
     */
    async verify(before, ackFile, urlPrefix) {
      const store = openSqlite(path);
      try {
        return await verifyStore(store, before, ackFile, urlPrefix);
      } finally {
        await store.close();
      }
    },
  };
}

/** Ledger rows in all, through kysely: SQLite or PostgreSQL. */
export async function snapshotStore(store: OpenDatabase): Promise<Snapshot> {
  const row = await store.db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ledgerRows: Number(row.n) };
}

/**
 * Runs after the server stopped, on either engine. A round ends with requests in flight: their
 * rows may be committed without the generator reading the answer, so rows added can exceed 200s
 * seen (reported as unacknowledged), but every acknowledged award must be in the ledger once.
 */
export async function verifyStore(store: OpenDatabase, before: Snapshot, ackFile: string, urlPrefix: string): Promise<Integrity> {
  const after = await snapshotStore(store);
  const mismatches = await ledgerMismatches(store.db);
  const agents = Number(
    (
      await store.db
        .selectFrom('agents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const rows = await store.db
    .selectFrom('activities')
    .select((eb) => ['url', eb.fn.countAll<number>().as('n')])
    // The prefix holds no LIKE wildcard (https://bench.example/<base-36 tag>).
    .where('url', 'like', `${urlPrefix}%`)
    .groupBy('url')
    .execute();
  const inLedger = new Map(rows.map((r) => [r.url, Number(r.n)]));
  const acked = existsSync(ackFile) ? (JSON.parse(readFileSync(ackFile, 'utf8')) as string[]) : [];
  const missing = acked.filter((url) => !inLedger.has(url)).length;
  const duplicated = [...inLedger.values()].filter((n) => n > 1).length;
  return {
    ok: mismatches.length === 0 && missing === 0 && duplicated === 0 && new Set(acked).size === acked.length,
    agents,
    mismatched: mismatches.length,
    ledgerRowsAdded: after.ledgerRows - before.ledgerRows,
    acknowledged: acked.length,
    missing,
    duplicated,
    unacknowledged: rows.length - acked.length,
  };
}
