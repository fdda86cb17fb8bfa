/**
 * The PostgreSQL side of a benchmark run: a database of its own on the PostgreSQL server the run
 * is given (BENCH_DATABASE_URL, else TEST_DATABASE_URL), filled from the seeded SQLite file by
 * `npm run db:copy`'s own code (scripts/lib/copy-store.ts), so both servers start from the same
 * 10,000 agents and 200,000 ledger rows; and the CPU the PostgreSQL server's processes use, read
 * from /proc, so a request's database cost is measured rather than guessed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { copyStore } from '../../scripts/lib/copy-store.ts';
import { storeLabel } from '../../src/store/open-store.ts';
import { openPostgres } from '../../src/store/postgres.ts';
import { openSqlite } from '../../src/store/sqlite.ts';
import { cpuSeconds } from './processes.ts';

export interface PostgresDatabase {
  url: string;
  copySeconds: number;
  /** Ledger rows the copy holds, before any load. */
  ledgerRows: number;
  drop(): Promise<void>;
}

/** The PostgreSQL URL the run may create a database from, or why there is none. */
export async function postgresAdminUrl(): Promise<{ url: string } | { skipped: string }> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) return { skipped: 'PostgreSQL side: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set' };
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return { url };
  } catch (error) {
    return { skipped: `PostgreSQL side: ${storeLabel({ databasePath: '', databaseUrl: url })} is not reachable (${error instanceof Error ? error.message : String(error)})` };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs one statement on its own connection (CREATE DATABASE and VACUUM cannot run in a transaction). */
async function execute(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database named `canopy_bench_<tag>` holding a copy of the SQLite file. */
export async function copyIntoPostgres(adminUrl: string, sqlitePath: string, tag: string): Promise<PostgresDatabase> {
  const name = `canopy_bench_${tag.replace(/[^a-z0-9]/g, '')}`;
  await execute(adminUrl, `drop database if exists ${name}`);
  await execute(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const started = performance.now();
  const source = openSqlite(sqlitePath);
  const target = openPostgres({ url: url.toString(), poolMax: 2 });
  let ledgerRows: number;
  try {
    ledgerRows = (await copyStore(source, target, () => {})).rows.activities ?? 0;
  } finally {
    await source.close();
    await target.close();
  }
  // Fresh statistics, as autovacuum would have gathered on a database that grew over time.
  await execute(url.toString(), 'vacuum analyze');
  return { url: url.toString(), copySeconds: (performance.now() - started) / 1000, ledgerRows, drop: () => execute(adminUrl, `drop database if exists ${name} with (force)`) };
}

/** CPU seconds used so far by every process named `postgres` (the server and its backends). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue; // The process ended between the listing and the read.
    }
    const seconds = comm === 'postgres' ? cpuSeconds(Number(entry)) : Number.NaN;
    if (Number.isFinite(seconds)) total += seconds;
  }
  return total;
}
