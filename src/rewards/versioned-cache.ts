/**
 * A bounded map whose entries stay valid while the program's data version is unchanged (no
 * commit since, see RewardsService.dataVersion) and until their expiry: the instant time alone
 * would change the value when the computation knows it (reputation decays with time; see
 * reputationStableUntil), else `ttlMs` after they were stored. The one mechanism behind the
 * rewards service's remembered reads (read-memo.ts) and the server's remembered responses
 * (src/server/live-responses.ts).
 *
 * Bounded by count and by weight (the caller's measure, bytes say), least recently used out
 * first; and emptied when the version moves, since a commit makes every entry stale at once
 * (otherwise stale entries would hold their memory until evicted).
 */
export interface VersionedCacheOptions {
  /** Changes whenever a commit happened since the last call. */
  version: () => string;
  now: () => number;
  /** How long an entry stored without its own expiry stays valid. */
  ttlMs?: number;
  maxEntries?: number;
  /** With `weigh`: the most the entries may weigh together (bytes, say); least recently used go first. */
  maxWeight?: number;
}

interface Entry<T> {
  version: string;
  at: number;
  expiresAt: number;
  weight: number;
  value: T;
}

export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private weight = 0;
  /** The version the entries were checked against last: when it moves, all of them are stale. */
  private seenVersion: string | undefined;

  constructor(
    private readonly options: VersionedCacheOptions,
    defaults: { maxEntries: number; maxWeight?: number },
    private readonly weigh: (value: T, key: string) => number = () => 0,
  ) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? defaults.maxEntries;
    this.maxWeight = options.maxWeight ?? defaults.maxWeight ?? Infinity;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The current value for `key`; a stale one is dropped. A clock moved backwards counts as stale. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    // A miss reads no version: most requests that ask (every pre-rendered file) miss.
    if (!entry) return undefined;
    const version = this.currentVersion();
    if (this.entries.get(key) !== entry) return undefined; // the version moved: all dropped
    const now = this.options.now();
    this.entries.delete(key);
    if (entry.version === version && now >= entry.at && now < entry.expiresAt) {
      this.entries.set(key, entry); // now the most recently used
      return entry.value;
    }
    this.weight -= entry.weight;
    return undefined;
  }

  /** The version to tag a value with: read it before computing the value (see `set`). */
  version(): string {
    return this.options.version();
  }

  /**
   * Stores `value` under `version`; past `maxEntries` or `maxWeight` the least recently used go. Pass
   * the version read before the value was computed: a commit that lands meanwhile then makes the
   * entry stale at once, instead of tagging data read before it with the newer version.
   * `expiresAt` (ms): when time alone makes the value wrong; `ttlMs` from now when not given.
   */
  set(key: string, value: T, version?: string, expiresAt?: number): void {
    const current = this.currentVersion();
    version ??= current;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    const weight = this.weigh(value, key);
    if (weight > this.maxWeight) return;
    this.makeRoom(weight);
    const at = this.options.now();
    this.entries.set(key, { version, at, expiresAt: expiresAt ?? at + this.ttlMs, weight, value });
    this.weight += weight;
  }

  /**
   * What is known of `key`'s value once it is computed (a remembered promise): when time alone
   * would change it, and what it weighs. Applies only if `key` still holds `value`.
   */
  settle(key: string, value: T, known: { expiresAt?: number; weight?: number }): void {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return;
    if (known.expiresAt !== undefined) entry.expiresAt = known.expiresAt;
    if (known.weight !== undefined) {
      this.delete(key, entry);
      if (known.weight > this.maxWeight) return;
      this.makeRoom(known.weight);
      entry.weight = known.weight;
      this.entries.set(key, entry);
      this.weight += known.weight;
    }
  }

  /** Drops `key` only if it still holds `value` (a newer value may have replaced it). */
  forget(key: string, value: T): void {
    const entry = this.entries.get(key);
    if (entry?.value === value) this.delete(key, entry);
  }

  private delete(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  /** Drops the least recently used entries until one more of `weight` fits. */
  private makeRoom(weight: number): void {
    while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || this.weight + weight > this.maxWeight)) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.delete(oldestKey, oldest);
    }
  }

  /** The data version now; every entry is dropped the first time it is seen to have moved. */
  private currentVersion(): string {
    const version = this.options.version();
    if (version !== this.seenVersion) {
      this.seenVersion = version;
      this.entries.clear();
      this.weight = 0;
    }
    return version;
  }
}
