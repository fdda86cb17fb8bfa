/**
 * The store's change feed: told when a commit changed what public program reads show, so the
 * response cache can drop those reads and `lastModified` can move. It is the only way anything
 * outside the store learns of a write.
 *
 * Two sources on SQLite: this process's own write groups (exact, told on commit before anyone
 * is answered), and commits by other processes on the same file (the admin CLI), seen through
 * SQLite's `data_version`, which moves only when another connection commits. Reading it costs a
 * read transaction, so `sync()` checks at most once per turn of the event loop: a request that
 * calls it sees every commit that finished before its turn began.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { onCommit, type Db } from './database.ts';

export interface Change {
  /** True when another process committed (the admin CLI): what changed is not known. */
  foreign: boolean;
}

export type ChangeListener = (change: Change) => void;

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private readonly dataVersion: BetterSqlite3.Statement<[], number>;
  private seenVersion: number;
  private checkedThisTurn = false;

  constructor(db: Db, raw: BetterSqlite3.Database) {
    this.dataVersion = raw.prepare<[], number>('select data_version from pragma_data_version').pluck();
    this.seenVersion = this.dataVersion.get()!;
    onCommit(db, (shown) => {
      if (shown) this.emit({ foreign: false });
    });
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Notices commits by other processes (see the module comment); cheap to call per request. */
  sync(): void {
    if (this.checkedThisTurn) return;
    this.checkedThisTurn = true;
    setImmediate(() => (this.checkedThisTurn = false));
    const version = this.dataVersion.get()!;
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    this.emit({ foreign: true });
  }

  private emit(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }
}
