/**
 * The rewards database, whichever engine holds it: SQLite in a file (the embedded default,
 * src/store/sqlite.ts) or PostgreSQL (DATABASE_URL, src/store/postgres.ts). Both are reached
 * through kysely, and through three functions here that the rest of the code calls without
 * knowing which engine it has:
 *
 * - `writeTransaction(db, fn)`: one write, all of it or nothing, and settled only once committed.
 * - `readSnapshot(db, fn)`: several reads that see one consistent state.
 * - `OpenDatabase.prepare(sql)`: SQL written once with `?` placeholders, for the hot paths where
 *   building queries with kysely per call cost a third of the CPU (award-statements.ts,
 *   profile-statements.ts); on SQLite a statement prepared once, on PostgreSQL the same text
 *   with `$n` placeholders.
 *
 * How each engine keeps points exact under concurrency is described where it is implemented.
 */
import type { Kysely } from 'kysely';
import type { ChangeFeed } from './change-feed.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type Dialect = 'sqlite' | 'postgres';

/**
 * A SQL statement prepared once. Run it with the `Db` that holds the connection: the `trx` of
 * `writeTransaction` or `readSnapshot` (on SQLite there is one connection, and these functions hold it).
 */
export interface Statement<P extends unknown[], R> {
  /** The SQL as written (with `?` placeholders). */
  readonly sql: string;
  get(db: Db, ...params: P): Promise<R | undefined>;
  all(db: Db, ...params: P): Promise<R[]>;
  run(db: Db, ...params: P): Promise<void>;
}

export interface OpenDatabase {
  db: Db;
  dialect: Dialect;
  /** Prepares portable SQL (`?` placeholders, no engine-specific syntax). */
  prepare<P extends unknown[], R>(sql: string): Statement<P, R>;
  /** Commits of this process and of others (other instances, the admin CLI). */
  changes: ChangeFeed;
  /** Rejects when the database cannot answer a trivial query (health). */
  ping(): Promise<void>;
  /** Connections in use and waiting (metrics): SQLite has one. */
  pool(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * What a write tells its commit. `nothingShown()` declares that it changed nothing a public read
 * shows (a message to the team), so cached program reads stay; `wroteAt(instant)` is the
 * instant of the write, which becomes the program's lastModified once it commits.
 */
export interface WriteScope {
  nothingShown(): void;
  wroteAt(instant: Date): void;
}

/** What a committed write changed: `at` is its newest declared instant, when it declared one. */
export interface Commit {
  shown: boolean;
  at: string | undefined;
}

export type CommitListener = (commit: Commit) => void;

/** How one engine runs writes and snapshots; registered by the engine's `open` for its Db. */
export interface Engine {
  write<T>(fn: (trx: Db, scope: WriteScope) => Promise<T>): Promise<T>;
  read<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
  listeners: Set<CommitListener>;
  stats: { transactions: number; writes: number };
}

const engines = new WeakMap<Db, Engine>();

export function registerEngine(db: Db, engine: Engine): void {
  engines.set(db, engine);
}

function engineOf(db: Db): Engine {
  const engine = engines.get(db);
  if (!engine) throw new Error('the database was not opened with openStore (src/store/open-store.ts)');
  return engine;
}

/** Runs `fn` as one write: committed as a whole and settled after the commit, or rolled back when it throws. */
export function writeTransaction<T>(db: Db, fn: (trx: Db, scope: WriteScope) => Promise<T>): Promise<T> {
  try {
    return engineOf(db).write(fn);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Runs `fn`'s reads in one snapshot; they never see a write that is not committed. */
export function readSnapshot<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return engineOf(db).read(fn);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Adds a listener (the change feed) told after each commit of this process; returns its removal. */
export function onCommit(db: Db, listener: CommitListener): () => void {
  const { listeners } = engineOf(db);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Commits and writes so far through `writeTransaction` on `db`: writes / transactions is the group size. */
export function writeStats(db: Db): { transactions: number; writes: number } {
  const stats = engines.get(db)?.stats;
  return { transactions: stats?.transactions ?? 0, writes: stats?.writes ?? 0 };
}

/** Tells the listeners of a commit; a listener that throws must not turn the commit into a failure. */
export function tellCommit(listeners: Set<CommitListener>, commit: Commit): void {
  for (const listener of listeners) {
    try {
      listener(commit);
    } catch {
      // The listener's own problem; the commit stands.
    }
  }
}

/** A scope that records what a write declares. */
export function recordingScope(): WriteScope & { shown: boolean; at: string | undefined } {
  const scope = {
    shown: true,
    at: undefined as string | undefined,
    nothingShown() {
      scope.shown = false;
    },
    wroteAt(instant: Date) {
      const iso = instant.toISOString();
      if (scope.at === undefined || iso > scope.at) scope.at = iso;
    },
  };
  return scope;
}
