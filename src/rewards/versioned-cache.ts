/**
 * A bounded map whose entries stay valid while the program's data version is unchanged (no
 * commit since, see RewardsService.dataVersion) and for `ttlMs` at most, because reputation
 * decays with time alone. The one mechanism behind the rewards service's remembered reads
 * (read-memo.ts) and the server's remembered responses (src/server/live-responses.ts).
 */
export interface VersionedCacheOptions {
  /** Changes whenever a commit happened since the last call. */
  version: () => string;
  now: () => number;
  ttlMs?: number;
  maxEntries?: number;
}

interface Entry<T> {
  version: string;
  at: number;
  value: T;
}

export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly options: VersionedCacheOptions,
    defaults: { maxEntries: number },
  ) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? defaults.maxEntries;
  }

  /** The current value for `key`; a stale one is dropped. A clock moved backwards counts as stale. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.options.now() - entry.at;
    if (entry.version === this.options.version() && age >= 0 && age < this.ttlMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** The version to tag a value with: read it before computing the value (see `set`). */
  version(): string {
    return this.options.version();
  }

  /**
   * Stores `value` under `version`; past `maxEntries` the oldest entry goes. Pass the version
   * read before the value was computed: a commit that lands meanwhile then makes the entry
   * stale at once, instead of tagging data read before it with the newer version.
   */
  set(key: string, value: T, version: string = this.options.version()): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, at: this.options.now(), value });
  }

  /** Drops `key` only if it still holds `value` (a newer value may have replaced it). */
  forget(key: string, value: T): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }
}
