/**
 * The embedded engine: a SQLite file through better-sqlite3, wrapped in kysely's SqliteDialect.
 * One connection per process; kysely queues its users on a mutex, and every point-changing write
 * runs in a BEGIN IMMEDIATE transaction (grouped, see WriteGroups), so concurrent requests are
 * serialised and never lose or double-count points.
 */
import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { ChangeFeed } from './change-feed.ts';
import { onCommit, recordingScope, registerEngine, tellCommit, type CommitListener, type Db, type Engine, type OpenDatabase, type Statement, type WriteScope } from './database.ts';
import type { Database } from './schema.ts';

export interface OpenSqlite extends OpenDatabase {
  /** The better-sqlite3 handle: for bulk loads (the bench seed) and backups, never beside a running write. */
  raw: BetterSqlite3.Database;
}

export function openSqlite(path: string): OpenSqlite {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  const raw = new BetterSqlite3(file);
  // WAL lets readers (the admin CLI, a backup) run beside the server; FULL survives power loss
  // at the cost of an fsync per commit, which a points ledger is worth.
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // Reads of a profile or a leaderboard page touch pages all over a large ledger: a 64 MiB page
  // cache and a memory-mapped file serve them without a read() system call each (the default
  // cache is 2 MiB). Writes still go through the WAL.
  raw.pragma('cache_size = -65536');
  raw.pragma('mmap_size = 268435456');
  // Sorts and groupings a query's indexes cannot give build a temporary b-tree: in memory, not a
  // temporary file opened and removed for each statement run.
  raw.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  const groups = new WriteGroups(db, raw);
  registerEngine(db, groups);
  const changes = new ChangeFeed();
  onCommit(db, ({ at }) => changes.committed(at));
  // Commits by other processes on the same file (the admin CLI) move SQLite's data_version,
  // which this connection sees when it reads it: checked at most once per turn of the loop. The
  // PRAGMA itself, prepared once (the pragma_data_version table prepares a PRAGMA on each read).
  const dataVersion = raw.prepare<[], number>('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get()!;
  changes.poll(() => {
    const version = dataVersion.get()!;
    if (version === seenVersion) return;
    seenVersion = version;
    changes.foreign();
  });
  const ping = raw.prepare('select 1');
  let closed = false;
  return {
    db,
    raw,
    dialect: 'sqlite',
    changes,
    prepare: <P extends unknown[], R>(sql: string) => sqliteStatement<P, R>(raw, sql),
    ping: async () => void ping.get(),
    pool: () => ({ total: 1, idle: groups.busy ? 0 : 1, waiting: groups.queued }),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** Synchronous underneath: callers hold the one connection (writeTransaction, readSnapshot). */
function sqliteStatement<P extends unknown[], R>(raw: BetterSqlite3.Database, sql: string): Statement<P, R> {
  const s = raw.prepare<P, R>(sql);
  return {
    sql,
    get: async (_db, ...params) => s.get(...params),
    all: async (_db, ...params) => s.all(...params),
    run: async (_db, ...params) => void s.run(...params),
  };
}

/** At most this many writes share one transaction, which bounds how long one group holds the loop. */
const MAX_GROUP = 64;

interface PendingWrite {
  fn: (trx: Db, scope: WriteScope) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Control = 'begin' | 'begin immediate' | 'commit' | 'rollback' | 'savepoint write' | 'release write' | 'rollback to write';

/**
 * Group commit: writes that arrive together (in the same turn of the event loop) share one
 * BEGIN IMMEDIATE ... COMMIT, each inside its own SAVEPOINT. A write that throws is rolled back
 * to its savepoint and changes nothing, while the others in the group still commit; nobody is
 * answered before the COMMIT that holds their write has returned, so an acknowledged write is as
 * durable as with one transaction each. Why: at `synchronous = FULL` every COMMIT waits for an
 * fsync of the WAL and writes the pages the transaction changed; writes that share a commit share
 * the fsync and write hot pages (the agents' rank indexes, the ledger's tail) once. Writes in a
 * group run one after another and see each other's changes, so the anti-farming checks and
 * Idempotency-Keys hold within a group.
 *
 * IMMEDIATE takes the write lock up front: with a deferred BEGIN, a transaction that reads and
 * then writes can fail with SQLITE_BUSY when another process (the admin CLI) wrote in between.
 */
class WriteGroups implements Engine {
  private queue: PendingWrite[] = [];
  private scheduled = false;
  private readonly controls = new Map<Control, BetterSqlite3.Statement>();
  readonly stats = { transactions: 0, writes: 0 };
  readonly listeners = new Set<CommitListener>();
  busy = false;

  constructor(
    private readonly db: Db,
    private readonly raw: BetterSqlite3.Database,
  ) {}

  get queued(): number {
    return this.queue.length;
  }

  write<T>(fn: (trx: Db, scope: WriteScope) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /**
   * Holds the one connection, so the reads queue behind an open group on kysely's mutex (a
   * statement run on the raw handle meanwhile would read the group's uncommitted rows), in one
   * read transaction: the reads see one snapshot even when another process commits between them.
   */
  read<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (conn) => {
      this.control('begin');
      try {
        const value = await fn(conn);
        this.control('commit');
        return value;
      } catch (error) {
        if (this.raw.inTransaction) this.control('rollback');
        throw error;
      }
    });
  }

  private control(statement: Control): void {
    let s = this.controls.get(statement);
    if (!s) this.controls.set(statement, (s = this.raw.prepare(statement)));
    s.run();
  }

  /** After the current I/O phase, so every request parsed in it can join the group. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.commitGroup(this.queue.splice(0, MAX_GROUP)).finally(() => {
        this.scheduled = false;
        if (this.queue.length) this.schedule();
      });
    });
  }

  private async commitGroup(group: PendingWrite[]): Promise<void> {
    const settled: Array<() => void> = [];
    let shown = false;
    let at: string | undefined;
    try {
      await this.db.connection().execute(async (conn) => {
        this.busy = true;
        this.control('begin immediate');
        try {
          for (const write of group) {
            this.control('savepoint write');
            const scope = recordingScope();
            let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
            try {
              outcome = { ok: true, value: await write.fn(conn, scope) };
              shown ||= scope.shown;
              if (scope.at !== undefined && (at === undefined || scope.at > at)) at = scope.at;
            } catch (error) {
              // Rolled back: it changed nothing, whatever it declared.
              outcome = { ok: false, error };
              this.control('rollback to write');
            }
            this.control('release write');
            settled.push(outcome.ok ? () => write.resolve(outcome.value) : () => write.reject(outcome.error));
          }
          this.control('commit');
        } catch (error) {
          // The group as a whole failed (COMMIT itself, or a savepoint could not be rolled back):
          // nothing of it is kept, and every write in it is told so.
          try {
            this.control('rollback');
          } catch {
            // Already rolled back by SQLite itself.
          }
          throw error;
        } finally {
          this.busy = false;
        }
        // Told on the connection, before anyone is answered.
        if (shown) tellCommit(this.listeners, { shown, at });
      });
    } catch (error) {
      for (const write of group) write.reject(error);
      return;
    }
    this.stats.transactions += 1;
    this.stats.writes += group.length;
    for (const settle of settled) settle();
  }
}

/** Distinct SQL texts kept prepared; the builders produce a few dozen, `in (...)` lists a few more. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver calls `prepare(sql)` for every query it runs. Preparing is parsing and
 * planning the SQL again, a visible share of every write's CPU. This hands kysely the same
 * better-sqlite3 statement for the same SQL text instead (least recently used texts are dropped
 * past the limit). Safe because kysely runs one query at a time
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
