/**
 * Which database the HTTP tests run the server on. `npm test` runs the suite twice when
 * TEST_DATABASE_URL is set (vitest.config.ts): once on SQLite files, once on PostgreSQL with
 * TEST_BACKEND=postgres. A test names its database by a file path either way; on PostgreSQL the
 * path names a database of its own (created on first use), so restart tests reuse it just as they
 * reuse a file.
 */
import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Database } from '../../src/store/schema.ts';

export const backend: 'sqlite' | 'postgres' = process.env.TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';

/**
 * Databases this checkout's runs create start with this; the global setup drops those its earlier
 * runs left. The checkout's own tag keeps two checkouts on one PostgreSQL server (a clone beside a
 * working copy) from dropping each other's databases mid-run.
 */
const TEST_DATABASE_PREFIX = `canopy_t_${createHash('sha1').update(process.cwd()).digest('hex').slice(0, 6)}_`;

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_BACKEND=postgres needs TEST_DATABASE_URL (a PostgreSQL database the tests may create databases from)');
  return url;
}

function databaseName(databasePath: string): string {
  return TEST_DATABASE_PREFIX + createHash('sha1').update(databasePath).digest('hex').slice(0, 20);
}

function urlOf(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The environment that points the server (or a CLI) at the test database named by `databasePath`, creating it on PostgreSQL. */
export async function storeEnv(databasePath: string): Promise<Record<string, string>> {
  if (backend === 'sqlite') return { DATABASE_PATH: databasePath };
  const name = databaseName(databasePath);
  await withAdmin(async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await client.query(`create database ${name}`);
  });
  return { DATABASE_PATH: databasePath, DATABASE_URL: urlOf(name) };
}

/** Drops the PostgreSQL database behind `databasePath` (nothing on SQLite: the file goes with its folder). */
export async function dropStore(databasePath: string): Promise<void> {
  if (backend === 'sqlite') return;
  await withAdmin((client) => client.query(`drop database if exists ${databaseName(databasePath)} with (force)`));
}

/** Drops every test database an earlier run left behind (a killed run never drops its own). */
export async function dropLeftovers(): Promise<void> {
  await withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [TEST_DATABASE_PREFIX]);
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  });
}

/** A kysely handle on the test database beside the running server, for what only an operator could do (tamper, count). */
export function openTestDatabase(env: Record<string, string>): Kysely<Database> {
  if (env.DATABASE_URL) return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 }) }) });
  const raw = new BetterSqlite3(env.DATABASE_PATH, { fileMustExist: true });
  raw.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
}
