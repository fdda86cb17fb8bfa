/**
 * The store's change feed: told when a commit changed what public program reads show, so the
 * response cache can drop those reads and `lastModified` can move. It is the only way anything
 * outside the store learns of a write.
 *
 * Sources: this process's own commits (exact, told on commit before anyone is answered), and
 * commits by others, which each engine reports its own way: on SQLite, another process on the
 * same file (the admin CLI), seen through `data_version` when `sync()` polls it (at most once per
 * turn of the event loop, so a request that calls it sees every commit that finished before its
 * turn began); on PostgreSQL, every other instance and the admin CLI, through LISTEN/NOTIFY.
 */

export interface Change {
  /** The instant of the newest write committed, when the committer said; undefined: not known (read it). */
  at: string | undefined;
}

export type ChangeListener = (change: Change) => void;

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private check: (() => void) | undefined;
  private checkedThisTurn = false;

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The engine's cheap synchronous look for commits by others, run by `sync()`. */
  poll(check: () => void): void {
    this.check = check;
  }

  /** Notices commits by other processes where the engine must look for them; cheap to call per request. */
  sync(): void {
    if (!this.check || this.checkedThisTurn) return;
    this.checkedThisTurn = true;
    setImmediate(() => (this.checkedThisTurn = false));
    this.check();
  }

  /** Someone else committed: what changed and when is not known. */
  foreign(): void {
    this.emit({ at: undefined });
  }

  /** A commit of a write made at `at`: this process's own (the engine tells it), or another instance's. */
  committed(at: string | undefined): void {
    this.emit({ at });
  }

  private emit(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }
}
