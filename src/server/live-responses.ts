/**
 * Finished bodies of on-demand reads that depend only on their URL and the program's data
 * (leaderboard pages, agent profiles, reputation, stats), kept until the next commit, and until
 * the instant time alone would change them when the read says so (reputation decays with time),
 * else `ttlMs`. At most `maxEntries` bodies of `maxBytes` in all (64 MiB by default: every
 * profile of 10,000 agents fits), the oldest dropped first.
 *
 * Why: under load the leaderboard was bound by Astro's own per-request cost (about 0.5-1 ms of
 * CPU to turn a Node request into a Request and back), not by its data, which the rewards
 * service already remembers. The server answers a repeat of the same URL from here before the
 * Astro hand-off. Only requests without credentials are stored or served, so nothing personal
 * is ever shared between callers; every answer still passes the rate limiter and gets its own
 * request id and CORS headers.
 */
import { VersionedCache, type VersionedCacheOptions } from '../rewards/versioned-cache.ts';

export interface StoredResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

export type LiveResponsesOptions = Omit<VersionedCacheOptions, 'maxWeight'> & { maxBytes?: number };

export class LiveResponses {
  private readonly cache: VersionedCache<StoredResponse>;

  constructor(options: LiveResponsesOptions) {
    this.cache = new VersionedCache({ ...options, maxWeight: options.maxBytes }, { maxEntries: 50_000, maxWeight: 64 * 1024 * 1024 }, (r) => r.body.length);
  }

  /** Read when a request arrives, before its body is computed; passed back to `remember`. */
  version(): string {
    return this.cache.version();
  }

  /**
   * `version`: from `version()` when the request arrived, so a commit meanwhile makes it stale.
   * `stableUntil`: the instant (ms) time alone would change the body, when the read knows it.
   */
  remember(key: string, response: StoredResponse, version?: string, stableUntil?: number): void {
    this.cache.set(key, response, version, stableUntil);
  }

  lookup(key: string): StoredResponse | undefined {
    return this.cache.get(key);
  }
}
