/**
 * Opens the SQLite file behind the rewards program: better-sqlite3 wrapped in kysely's
 * SqliteDialect. One connection per process; kysely queues its users on a mutex, and every
 * point-changing write runs in a BEGIN IMMEDIATE transaction (see `writeTransaction`), so
 * concurrent requests are serialised and never lose or double-count points.
 */
import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface OpenDatabase {
  db: Db;
  /** The raw handle, for the few synchronous reads that must not queue (apiKey identification, health). */
  raw: BetterSqlite3.Database;
  close(): Promise<void>;
}

export function openDatabase(path: string): OpenDatabase {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  const raw = new BetterSqlite3(file);
  // WAL lets readers (the admin CLI, a backup) run beside the server; FULL survives power loss
  // at the cost of an fsync per commit, which a points ledger is worth.
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  let closed = false;
  return {
    db,
    raw,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/**
 * Runs `fn` inside BEGIN IMMEDIATE on the one connection. IMMEDIATE takes the write lock up
 * front: with a deferred BEGIN, a transaction that reads and then writes can fail with
 * SQLITE_BUSY when another process (the admin CLI) wrote in between.
 */
export async function writeTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}

/** Distinct SQL texts kept prepared; the builders produce a few dozen, `in (...)` lists a few more. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver calls `prepare(sql)` for every query it runs. Preparing is parsing and
 * planning the SQL again: measured under the earn benchmark it was about 6% of the server's CPU.
 * This hands kysely the same better-sqlite3 statement for the same SQL text instead (least
 * recently used texts are dropped past the limit). Safe because kysely runs one query at a time
 * on the one connection, and SQLite re-prepares a statement by itself after a schema change.
 */
function withStatementCache(raw: BetterSqlite3.Database) {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = raw.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      raw.close();
    },
  };
}
