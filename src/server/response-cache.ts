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
}

/** The cache's generation per scope when a request began; see `store`. */
export type CacheMark = ReadonlyMap<string, number>;

export interface ResponseCacheOptions {
  maxBytes: number;
  /** The services' clock, in ms: tests move it, and entries expire by it. */
  now: () => number;
}

/** Bytes an entry holds, counting its headers and key roughly. */
function sizeOf(entry: CachedResponse, key: string): number {
  let size = key.length + 256;
  for (const [name, value] of entry.headers) size += name.length + value.length;
  for (const body of Object.values(entry.variants)) size += body.length;
  for (const tag of Object.values(entry.etags ?? {})) size += tag.length;
  return size;
}

export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse>;
  private readonly keysByScope = new Map<string, Set<string>>();
  private readonly generations = new Map<string, number>();
  hits = 0;
  misses = 0;

  constructor(options: ResponseCacheOptions) {
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
    return new Map(this.generations);
  }

  /** Keeps `entry` for at most `ttlMs` (undefined: until evicted), unless its scope was purged since `mark`. */
  store(key: string, entry: CachedResponse, ttlMs: number | undefined, mark: CacheMark): boolean {
    if ((this.generations.get(entry.scope) ?? 0) !== (mark.get(entry.scope) ?? 0)) return false;
    if ((ttlMs !== undefined && !(ttlMs > 0)) || sizeOf(entry, key) > this.entries.maxSize) return false;
    this.entries.set(key, entry, { ttl: ttlMs ?? 0 });
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
