/**
 * A bounded map whose entries stay valid while the program's data under them is unchanged and
 * until their expiry: the instant time alone would change the value when the computation knows
 * it (reputation decays with time; see reputationStableUntil), else `ttlMs` after they were
 * stored. The one mechanism behind the rewards service's remembered reads (read-memo.ts) and the
 * server's remembered responses (src/server/live-responses.ts).
 *
 * "Unchanged" is the owner's call (`current`): by default, no commit since the entry's version
 * was read (the version is the same value). An entry may also carry a `scope`, what it depends
 * on (one agent's rows, say), so the owner can keep it across commits that did not touch that
 * (see src/rewards/program-changes.ts).
 *
 * Bounded by count and by weight (the caller's measure, bytes say), least recently used out
 * first; and emptied when the version's era moves (`era`, by default the version itself), since
 * then every entry is stale at once (otherwise stale entries would hold their memory until
 * evicted).
 *
 * "Least recently used" is kept the cheap way, in the Map's own order, with one care: an entry
 * changes place (delete, then set at the back) only once it has fallen behind by half the
 * entries, and a key stored again is updated where it stands. V8 leaves each deleted copy of a
 * key in that key's hash chain until the table is next rebuilt, and every `set` of the key walks
 * the chain: moving a hot key on every hit (the leaderboard, thousands of times a second) next
 * to 10,000 remembered profiles made one hit cost about 20 µs instead of 0.1 µs (BENCHMARKS.md,
 * fix 26). So the guarantee is: an entry used within the last `size / 2` insertions is never the
 * one evicted.
 */
export interface VersionedCacheOptions<V = unknown> {
  /** The data version now; the same value (===) while nothing changed. */
  version: () => V;
  /** Whether an entry read at version `stored`, depending on `scope`, is current at version `now`. */
  current?: (stored: V, scope: unknown, now: V) => boolean;
  /** A change in era ends every entry; by default any change of version does. */
  era?: (version: V) => unknown;
  now: () => number;
  /** How long an entry stored without its own expiry stays valid. */
  ttlMs?: number;
  maxEntries?: number;
  /** With `weigh`: the most the entries may weigh together (bytes, say); least recently used go first. */
  maxWeight?: number;
}

/** What `set` and `settle` may know of a value besides itself. */
export interface EntryFacts<V> {
  /** The version read before the value was computed (default: now's). */
  version?: V;
  /** When time alone makes the value wrong (ms); `ttlMs` from now when not given. */
  expiresAt?: number;
  /** What the value depends on, for `current`. */
  scope?: unknown;
}

interface Entry<T, V> {
  /** `inserted` when the entry last took its place at the back of the Map. */
  placed: number;
  version: V;
  scope: unknown;
  at: number;
  expiresAt: number;
  weight: number;
  value: T;
}

export class VersionedCache<T, V = unknown> {
  private readonly entries = new Map<string, Entry<T, V>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private weight = 0;
  /** Entries placed at the back of the Map so far: the age of a place. */
  private inserted = 0;
  /** The era the entries were checked against last: when it moves, all of them are stale. */
  private seenEra: unknown;
  private readonly current: (stored: V, scope: unknown, now: V) => boolean;
  private readonly era: (version: V) => unknown;

  constructor(
    private readonly options: VersionedCacheOptions<V>,
    defaults: { maxEntries: number; maxWeight?: number },
    private readonly weigh: (value: T, key: string) => number = () => 0,
  ) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? defaults.maxEntries;
    this.maxWeight = options.maxWeight ?? defaults.maxWeight ?? Infinity;
    this.current = options.current ?? ((stored, _scope, now) => stored === now);
    this.era = options.era ?? ((version) => version);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The current value for `key`, or undefined. A stale entry stays where it is until the key is
   * stored again (in place) or evicted. A clock moved backwards counts as stale.
   */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    // A miss reads no version: most requests that ask (every pre-rendered file) miss.
    if (!entry) return undefined;
    const version = this.checkEra();
    if (this.entries.get(key) !== entry) return undefined; // the era moved: all dropped
    const now = this.options.now();
    if (!(now >= entry.at && now < entry.expiresAt && this.current(entry.version, entry.scope, version))) return undefined;
    if (this.fallenBehind(entry)) {
      // Now the most recently used.
      this.entries.delete(key);
      this.place(key, entry);
    }
    return entry.value;
  }

  /** The version to tag a value with: read it before computing the value (see `set`). */
  version(): V {
    return this.options.version();
  }

  /**
   * Stores `value`; past `maxEntries` or `maxWeight` the least recently used go. Pass the version
   * read before the value was computed: a commit that lands meanwhile then makes the entry stale
   * at once, instead of tagging data read before it with the newer version.
   */
  set(key: string, value: T, facts: EntryFacts<V> = {}): void {
    const version = this.checkEra();
    const old = this.entries.get(key);
    const weight = this.weigh(value, key);
    const at = this.options.now();
    const fields = { version: facts.version ?? version, scope: facts.scope, at, expiresAt: facts.expiresAt ?? at + this.ttlMs, value };
    if (old && weight <= this.maxWeight && !this.fallenBehind(old)) {
      Object.assign(old, fields);
      this.reweigh(key, old, weight);
      return;
    }
    if (old) this.delete(key, old);
    if (weight > this.maxWeight) return;
    this.makeRoom(weight, true);
    this.place(key, { ...fields, weight, placed: 0 });
    this.weight += weight;
  }

  /**
   * What is known of `key`'s value once it is computed (a remembered promise): when time alone
   * would change it, and what it weighs. Applies only if `key` still holds `value`.
   */
  settle(key: string, value: T, known: { expiresAt?: number; weight?: number; scope?: unknown }): void {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return;
    if (known.expiresAt !== undefined) entry.expiresAt = known.expiresAt;
    if (known.scope !== undefined) entry.scope = known.scope;
    if (known.weight === undefined) return;
    if (known.weight > this.maxWeight) this.delete(key, entry);
    else this.reweigh(key, entry, known.weight);
  }

  /** Drops `key` only if it still holds `value` (a newer value may have replaced it). */
  forget(key: string, value: T): void {
    const entry = this.entries.get(key);
    if (entry?.value === value) this.delete(key, entry);
  }

  private delete(key: string, entry: Entry<T, V>): void {
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  /** At the back of the Map: the most recently used. */
  private place(key: string, entry: Entry<T, V>): void {
    entry.placed = ++this.inserted;
    this.entries.set(key, entry);
  }

  /** Whether the entry is in the older half of the Map, by insertions since it took its place. */
  private fallenBehind(entry: Entry<T, V>): boolean {
    return this.inserted - entry.placed >= this.entries.size >> 1;
  }

  /** An entry kept in place with a new weight; others make room if it grew. */
  private reweigh(key: string, entry: Entry<T, V>, weight: number): void {
    this.weight += weight - entry.weight;
    entry.weight = weight;
    this.makeRoom(0, false, key);
  }

  /**
   * Drops the least recently used entries (never `keep`) until `weight` more fits, and one more
   * entry when `adding`.
   */
  private makeRoom(weight: number, adding: boolean, keep?: string): void {
    const fits = () => (!adding || this.entries.size < this.maxEntries) && this.weight + weight <= this.maxWeight;
    if (fits()) return;
    for (const [key, entry] of this.entries) {
      if (key === keep) continue;
      this.delete(key, entry);
      if (fits()) return;
    }
  }

  /** The data version now; every entry is dropped the first time its era is seen to have moved. */
  private checkEra(): V {
    const version = this.options.version();
    const era = this.era(version);
    if (era !== this.seenEra) {
      this.seenEra = era;
      this.entries.clear();
      this.weight = 0;
    }
    return version;
  }
}
