/**
 * Opens the SQLite file behind the rewards program: better-sqlite3 wrapped in kysely's
 * SqliteDialect. One connection per process; kysely queues its users on a mutex, and every
 * point-changing write runs in a BEGIN IMMEDIATE transaction (see `writeTransaction`, which
 * groups writes that arrive together into one commit), so concurrent requests are serialised
 * and never lose or double-count points.
 */
import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface OpenDatabase {
  db: Db;
  /**
   * The raw handle, for the few synchronous reads that must not queue (apiKey identification,
   * health), and for prepared statements run inside `writeTransaction` or `readSnapshot`.
   */
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
  // Reads of a profile or a leaderboard page touch pages all over a large ledger: a 64 MiB page
  // cache and a memory-mapped file serve them without a read() system call each (the default
  // cache is 2 MiB). Writes still go through the WAL.
  raw.pragma('cache_size = -65536');
  raw.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  rawHandles.set(db, raw);
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
 * Runs `fn` in a write transaction on the one connection and settles once its changes are
 * committed (or rolled back when it throws).
 *
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
export function writeTransaction<T>(db: Db, fn: (trx: Db, scope: WriteScope) => Promise<T>): Promise<T> {
  const group = writeGroupsOf(db);
  return group ? group.run(fn) : Promise.reject(new Error('writeTransaction needs a database opened with openDatabase'));
}

/**
 * What a write tells its commit: `nothingShown()` declares that it changed nothing a public read
 * shows (a message to the team), so cached program reads stay. A write that declares nothing
 * changed, as far as anyone can tell, what public reads show: the default is always safe.
 */
export interface WriteScope {
  nothingShown(): void;
}

/**
 * Told right after each write group of this process commits, on the connection and before anyone
 * is answered: whether the group changed anything a public read shows. A group that rolled back
 * as a whole changed nothing and is not told.
 */
export type CommitListener = (shown: boolean) => void;

/** Adds a listener (the store's change feed) to the database's write groups; returns its removal. */
export function onCommit(db: Db, listener: CommitListener): () => void {
  const group = writeGroupsOf(db);
  if (!group) throw new Error('onCommit needs a database opened with openDatabase');
  group.listeners.add(listener);
  return () => group.listeners.delete(listener);
}

function writeGroupsOf(db: Db): WriteGroups | undefined {
  let group = writeGroups.get(db);
  if (!group) {
    const raw = rawHandles.get(db);
    if (!raw) return undefined;
    writeGroups.set(db, (group = new WriteGroups(db, raw)));
  }
  return group;
}

/**
 * Runs `fn`, synchronous reads on the raw handle (prepared statements such as ProfileStatements),
 * while holding the one connection, in one read transaction; settles with what `fn` returned.
 *
 * Why wait for the connection: a write group keeps its transaction open across several turns of
 * the event loop (`writeTransaction`), and a statement run on the raw handle meanwhile would read
 * the group's uncommitted rows, which may still roll back. Holding the connection queues these
 * reads behind an open group on kysely's mutex, like any kysely query. Why one transaction: the
 * reads see one snapshot even when another process (the admin CLI) commits between them, and in
 * WAL mode one read transaction costs no more than the separate ones each statement opens alone.
 */
export function readSnapshot<T>(db: Db, fn: () => T): Promise<T> {
  const raw = rawHandles.get(db);
  if (!raw) return Promise.reject(new Error('readSnapshot needs a database opened with openDatabase'));
  return db.connection().execute(async () => {
    control(raw, 'begin');
    try {
      const value = fn();
      if (value instanceof Promise) throw new Error('readSnapshot runs synchronous reads only: fn returned a promise, which would read outside the snapshot');
      control(raw, 'commit');
      return value;
    } catch (error) {
      if (raw.inTransaction) control(raw, 'rollback');
      throw error;
    }
  });
}

/** Commits and writes so far through `writeTransaction` on `db`: writes / transactions is the group size. */
export function writeStats(db: Db): { transactions: number; writes: number } {
  const group = writeGroups.get(db);
  return { transactions: group?.transactions ?? 0, writes: group?.writes ?? 0 };
}

/** At most this many writes share one transaction, which bounds how long one group holds the loop. */
const MAX_GROUP = 64;

interface PendingWrite {
  fn: (trx: Db, scope: WriteScope) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const writeGroups = new WeakMap<Db, WriteGroups>();
/** The better-sqlite3 handle under each Db opened here: write groups and read snapshots run their statements on it. */
const rawHandles = new WeakMap<Db, BetterSqlite3.Database>();

type Control = 'begin' | 'begin immediate' | 'commit' | 'rollback' | 'savepoint write' | 'release write' | 'rollback to write';

/** Transaction-control statements, prepared once per raw handle: synchronous, on the connection the caller holds. */
const controlStatements = new WeakMap<BetterSqlite3.Database, Map<Control, BetterSqlite3.Statement>>();

function control(raw: BetterSqlite3.Database, statement: Control): void {
  let prepared = controlStatements.get(raw);
  if (!prepared) controlStatements.set(raw, (prepared = new Map()));
  let s = prepared.get(statement);
  if (!s) prepared.set(statement, (s = raw.prepare(statement)));
  s.run();
}

class WriteGroups {
  private queue: PendingWrite[] = [];
  private scheduled = false;
  transactions = 0;
  writes = 0;
  readonly listeners = new Set<CommitListener>();

  constructor(
    private readonly db: Db,
    private readonly raw: BetterSqlite3.Database,
  ) {}

  run<T>(fn: (trx: Db, scope: WriteScope) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
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
    try {
      await this.db.connection().execute(async (conn) => {
        control(this.raw, 'begin immediate');
        try {
          for (const write of group) {
            control(this.raw, 'savepoint write');
            let writeShown = true;
            let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
            try {
              outcome = { ok: true, value: await write.fn(conn, { nothingShown: () => (writeShown = false) }) };
              shown ||= writeShown;
            } catch (error) {
              // Rolled back: it changed nothing, whatever it declared.
              outcome = { ok: false, error };
              control(this.raw, 'rollback to write');
            }
            control(this.raw, 'release write');
            settled.push(outcome.ok ? () => write.resolve(outcome.value) : () => write.reject(outcome.error));
          }
          control(this.raw, 'commit');
        } catch (error) {
          // The group as a whole failed (COMMIT itself, or a savepoint could not be rolled back):
          // nothing of it is kept, and every write in it is told so.
          try {
            control(this.raw, 'rollback');
          } catch {
            // Already rolled back by SQLite itself.
          }
          throw error;
        }
        // A listener that throws must not turn a committed group into a reported failure.
        for (const listener of this.listeners) {
          try {
            listener(shown);
          } catch {
            // The listener's own problem; the group's outcome stands.
          }
        }
      });
    } catch (error) {
      for (const write of group) write.reject(error);
      return;
    }
    this.transactions += 1;
    this.writes += group.length;
    for (const settle of settled) settle();
  }
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
