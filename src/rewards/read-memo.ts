/**
 * Remembers the result of expensive program reads (leaderboard pages, profiles, reputation,
 * stats) until the data under them changes.
 *
 * Why: those reads join the ledger to score reputation (about 11 ms for a leaderboard page at
 * 10,000 agents) while the answer only changes when someone writes. An entry is dropped when
 * the database's version moves (any commit, ours or another process's such as the admin CLI)
 * and after `ttlMs` at most, because reputation's recency component decays with time alone.
 */
import { VersionedCache, type VersionedCacheOptions } from './versioned-cache.ts';

export type ReadMemoOptions = VersionedCacheOptions;

export class ReadMemo {
  private readonly cache: VersionedCache<Promise<unknown>>;

  constructor(options: ReadMemoOptions) {
    this.cache = new VersionedCache(options, { maxEntries: 2_000 });
  }

  /**
   * The remembered value for `key`, or `compute()`'s. Concurrent callers of a missing key share
   * one computation. A rejected computation is forgotten at once, so errors are never replayed.
   */
  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit) return hit as Promise<T>;
    const version = this.cache.version();
    const value = compute();
    this.cache.set(key, value, version);
    value.catch(() => this.cache.forget(key, value));
    return value;
  }
}
