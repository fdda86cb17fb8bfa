/**
 * The server's one response cache: finished GET responses, kept by URL, bounded in bytes
 * (lru-cache), with their compressed variants: on-demand answers whose endpoint allows it, and the
 * build's files once read from disk (src/server/static-files.ts). It knows no route: an endpoint
 * that wants its body kept says so with the Surrogate-Control and Surrogate-Key headers
 * (`CachePolicy` in src/http/respond.ts), which the server removes before answering.
 *
 * Entries end three ways: evicted when the cache is full (least recently used first), expired
 * when time alone would change them (max-age, on the services' clock), or purged by scope when
 * the store's change feed says a commit changed what public program reads show. A body computed
 * while a purge of its scope happened is not stored: it may show data from before the commit.
 */
import { LRUCache } from 'lru-cache';
import type { Encoding } from './compression.ts';

export interface CachedResponse {
  status: number;
  /** Header name/value pairs as sent (Content-Type, Cache-Control...). */
  headers: Array<[string, string]>;
  scope: string;
  variants: Partial<Record<Encoding | 'identity', Buffer>>;
  /** Validators, for the build's files: a strong ETag per variant and Last-Modified (304s). */
  etags?: Partial<Record<Encoding | 'identity', string>>;
  lastModified?: string;
  /** Whether a range of the body may be asked for (audio and video files of the build). */
  byteRanges?: boolean;
  /** The route pattern that answered, for metrics (absent for the build's files). */
  route?: string;
}

/** When a request began, on the cache's clock, and the cache's generation per scope then; see `store`. */
export interface CacheMark {
  at: number;
  generations: ReadonlyMap<string, number>;
}

export interface ResponseCacheOptions {
  maxBytes: number;
  /** The services' clock, in ms: tests move it, and entries expire by it. */
  now: () => number;
}

/**
 * Memory an entry holds beyond its strings and bodies: the entry, header pairs and variant
 * objects, the LRU's and the scope index's slots, one ArrayBuffer's bookkeeping. Measured with
 * 20,000 list answers (about 1 KiB of heap each), rounded up.
 */
const ENTRY_OVERHEAD = 1280;

/**
 * Bytes an entry holds: what it retains, not just what it shows. A body that is a view into a
 * larger buffer (zlib's 16 KiB output chunk, Node's 8 KiB pool) would keep the whole buffer
 * alive; `store` packs such bodies into one exact-size buffer first, so their length is what
 * they hold; a body in a buffer of its own counts that buffer. Strings count two bytes a
 * character, their worst case in V8.
 */
function sizeOf(entry: CachedResponse, key: string): number {
  let size = ENTRY_OVERHEAD + 2 * key.length;
  for (const [name, value] of entry.headers) size += 2 * (name.length + value.length);
  // Each buffer once, whole: packed variants share one.
  const buffers = new Set<ArrayBufferLike>();
  for (const body of Object.values(entry.variants)) buffers.add(body.buffer);
  for (const buffer of buffers) size += buffer.byteLength;
  for (const tag of Object.values(entry.etags ?? {})) size += 2 * tag.length;
  return size;
}

/**
 * The entry with every body that is a view into a larger buffer copied, all of them into one
 * buffer of exactly their total size, so the cache never keeps memory it does not count.
 */
function packed(entry: CachedResponse): CachedResponse {
  const bodies = Object.entries(entry.variants) as Array<[keyof CachedResponse['variants'], Buffer]>;
  if (bodies.every(([, body]) => body.byteOffset === 0 && body.byteLength === body.buffer.byteLength)) return entry;
  const total = bodies.reduce((sum, [, body]) => sum + body.byteLength, 0);
  const buffer = Buffer.allocUnsafeSlow(total);
  const variants: CachedResponse['variants'] = {};
  let offset = 0;
  for (const [name, body] of bodies) {
    body.copy(buffer, offset);
    variants[name] = buffer.subarray(offset, offset + body.byteLength);
    offset += body.byteLength;
  }
  return { ...entry, variants };
}

export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse>;
  private readonly keysByScope = new Map<string, Set<string>>();
  private readonly generations = new Map<string, number>();
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(options: ResponseCacheOptions) {
    this.now = options.now;
    this.entries = new LRUCache<string, CachedResponse>({
      maxSize: options.maxBytes,
      sizeCalculation: sizeOf,
      perf: { now: options.now },
      // Read the clock at every check: a test moves it without waiting a millisecond.
      ttlResolution: 0,
      // Each entry gets its own ttl when stored; a stale one is never served.
      ttlAutopurge: false,
      dispose: (entry, key) => this.keysByScope.get(entry.scope)?.delete(key),
    });
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) this.hits += 1;
    else this.misses += 1;
    return entry;
  }

  /** Taken when a request begins; `store` refuses a body whose scope was purged since. */
  mark(): CacheMark {
    return { at: this.now(), generations: new Map(this.generations) };
  }

  /**
   * Keeps `entry` for at most `ttlMs` from when its request began (undefined: until evicted), unless its scope was purged since
   * `mark`. Counted from the mark, not from now: a body computed while time moved on is never kept past the instant it was good to.
   */
  store(key: string, given: CachedResponse, ttlMs: number | undefined, mark: CacheMark): boolean {
    if ((this.generations.get(given.scope) ?? 0) !== (mark.generations.get(given.scope) ?? 0)) return false;
    if (ttlMs !== undefined && !(ttlMs > 0)) return false;
    const entry = packed(given);
    if (sizeOf(entry, key) > this.entries.maxSize) return false;
    this.entries.set(key, entry, { ttl: ttlMs ?? 0, start: mark.at });
    if (!this.entries.has(key)) return false;
    let keys = this.keysByScope.get(entry.scope);
    if (!keys) this.keysByScope.set(entry.scope, (keys = new Set()));
    keys.add(key);
    return true;
  }

  /** Drops every entry of `scope` (a commit changed what they show). */
  purge(scope: string): void {
    this.generations.set(scope, (this.generations.get(scope) ?? 0) + 1);
    const keys = this.keysByScope.get(scope);
    if (!keys) return;
    for (const key of [...keys]) this.entries.delete(key);
    keys.clear();
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }

  get size(): number {
    return this.entries.size;
  }
}
