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
 * Bounded by count and by weight (the caller's measure, bytes say), entries not read lately out
 * first; and emptied when the version's era moves (`era`, by default the version itself), since
 * then every entry is stale at once (otherwise stale entries would hold their memory until
 * evicted).
 *
 * "Least recently used" is approximated the way a CLOCK (second-chance) cache does it, so that a
 * hit never changes the Map: a hit only marks its entry used. Eviction walks the Map from its
 * oldest entry; a used entry loses its mark and goes to the back (a second chance), an unused one
 * goes. A key stored again is updated where it stands, its mark as it was. So an entry used
 * since eviction last passed it is not evicted on that pass; a key in constant use never goes.
 *
 * Why not move an entry to the back on every hit (a true LRU in the Map's order): V8 leaves each
 * deleted copy of a key in that key's hash chain until the table is rebuilt, and every `set` of
 * the key walks the chain, so moving the leaderboard's key on each of thousands of hits a second,
 * next to 10,000 remembered profiles, cost about 20 µs a hit (BENCHMARKS.md, fix 26). And every
 * move fills the table, whose rebuild allocates a new one of the Map's size: moving entries that
 * had fallen behind by half the Map, as fix 26 did, still rebuilt a 10,000-entry table every few
 * thousand hits while views walked over all remembered profiles (fix 30).
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
  /** With `weigh`: the most the entries may weigh together (bytes, say); entries not read lately go first. */
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
  /** Read since eviction last passed it (see the class comment). */
  used: boolean;
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
    entry.used = true;
    return entry.value;
  }

  /** The version to tag a value with: read it before computing the value (see `set`). */
  version(): V {
    return this.options.version();
  }

  /**
   * Stores `value`; past `maxEntries` or `maxWeight` entries not read lately go. Pass the version
   * read before the value was computed: a commit that lands meanwhile then makes the entry stale
   * at once, instead of tagging data read before it with the newer version.
   */
  set(key: string, value: T, facts: EntryFacts<V> = {}): void {
    const version = this.checkEra();
    const old = this.entries.get(key);
    const weight = this.weigh(value, key);
    const at = this.options.now();
    const fields = { version: facts.version ?? version, scope: facts.scope, at, expiresAt: facts.expiresAt ?? at + this.ttlMs, value };
    if (old && weight <= this.maxWeight) {
      Object.assign(old, fields);
      this.reweigh(key, old, weight);
      return;
    }
    if (old) this.delete(key, old);
    if (weight > this.maxWeight) return;
    this.makeRoom(weight, true);
    this.entries.set(key, { ...fields, weight, used: false });
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

  /** An entry kept in place with a new weight; others make room if it grew. */
  private reweigh(key: string, entry: Entry<T, V>, weight: number): void {
    this.weight += weight - entry.weight;
    entry.weight = weight;
    this.makeRoom(0, false, key);
  }

  /**
   * Drops entries not used lately (never `keep`) until `weight` more fits, and one more entry
   * when `adding`: from the oldest, a used entry loses its mark and goes to the back, an unused
   * one goes. A Map's iteration visits what is set during it, so a pass that clears every mark
   * comes round to the first of them again.
   */
  private makeRoom(weight: number, adding: boolean, keep?: string): void {
    const fits = () => (!adding || this.entries.size < this.maxEntries) && this.weight + weight <= this.maxWeight;
    if (fits()) return;
    for (const [key, entry] of this.entries) {
      if (key === keep) continue;
      if (entry.used) {
        entry.used = false;
        this.entries.delete(key);
        this.entries.set(key, entry);
        continue;
      }
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
