/**
 * Remembers the result of expensive program reads (leaderboard pages, profiles, reputation,
 * stats) until the data under them changes.
 *
 * Why: those reads join the ledger to score reputation (about 11 ms for a leaderboard page at
 * 10,000 agents) while the answer only changes when someone writes. An entry is dropped when a
 * commit may have changed it (the owner's `current`: for the rewards service, any commit for a
 * read of many agents, a commit that touched the agent for a read of one; see
 * program-changes.ts), or when time alone would change it: reads that show reputation say when
 * (its recency and longevity components move with time); others last `ttlMs`.
 */
import { VersionedCache, type VersionedCacheOptions } from './versioned-cache.ts';

export type ReadMemoOptions<V = unknown> = VersionedCacheOptions<V>;

export class ReadMemo<V = unknown> {
  private readonly cache: VersionedCache<Promise<unknown>, V>;

  constructor(options: ReadMemoOptions<V>) {
    // Weighed by the length of the value's JSON once computed: a leaderboard page of long avatar
    // URLs is far bigger than a stats object, and entries may now live for hours.
    this.cache = new VersionedCache(options, { maxEntries: 2_000, maxWeight: 32 * 1024 * 1024 }, (_value, key) => overhead(key));
  }

  /**
   * The remembered value for `key`, or `compute()`'s. Concurrent callers of a missing key share
   * one computation. A rejected computation is forgotten at once, so errors are never replayed.
   * `known`, given the computed value: the instant (ms) time alone would change it (`expiresAt`,
   * see reputationStableUntil; without it an entry lasts `ttlMs`), and what it depends on
   * (`scope`, see VersionedCache).
   */
  get<T>(key: string, compute: () => Promise<T>, known?: (value: T) => { expiresAt?: number; scope?: unknown }): Promise<T> {
    const hit = this.cache.get(key);
    if (hit) return hit as Promise<T>;
    const version = this.cache.version();
    const value = compute();
    this.cache.set(key, value, { version });
    value.then(
      (v) => this.cache.settle(key, value, { ...known?.(v), weight: overhead(key) + (JSON.stringify(v)?.length ?? 0) }),
      () => this.cache.forget(key, value),
    );
    return value;
  }
}

/** What an entry costs besides its value: the key, the map slot, the promise. */
const overhead = (key: string) => key.length + 256;
