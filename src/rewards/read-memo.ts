/**
 * Remembers the result of expensive program reads (leaderboard pages, profiles, reputation,
 * stats) until the data under them changes.
 *
 * Why: those reads join the ledger to score reputation (about 11 ms for a leaderboard page at
 * 10,000 agents) while the answer only changes when someone writes. An entry is dropped when
 * the database's version moves (any commit, ours or another process's such as the admin CLI)
 * and after `ttlMs` at most, because reputation's recency component decays with time alone.
 */
export interface ReadMemoOptions {
  /** Changes whenever a commit happened since the last call (see `sqliteDataVersion`). */
  version: () => string;
  now: () => number;
  ttlMs?: number;
  maxEntries?: number;
}

interface Entry {
  version: string;
  at: number;
  value: Promise<unknown>;
}

export class ReadMemo {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: ReadMemoOptions) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 2_000;
  }

  /**
   * The remembered value for `key`, or `compute()`'s. Concurrent callers of a missing key share
   * one computation. A rejected computation is forgotten at once, so errors are never replayed.
   */
  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = this.options.version();
    const now = this.options.now();
    const hit = this.entries.get(key);
    // A clock moved backwards (tests do that) counts as expired too.
    if (hit && hit.version === version && now >= hit.at && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = compute();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
