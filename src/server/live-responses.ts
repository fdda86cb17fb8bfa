/**
 * Finished bodies of on-demand reads that depend only on their URL and the program's data
 * (leaderboard pages, agent profiles, reputation, stats), kept until the next commit and `ttlMs`
 * at most (reputation decays with time alone).
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

export type LiveResponsesOptions = VersionedCacheOptions;

export class LiveResponses {
  private readonly cache: VersionedCache<StoredResponse>;

  constructor(options: LiveResponsesOptions) {
    this.cache = new VersionedCache(options, { maxEntries: 5_000 });
  }

  /** Read when a request arrives, before its body is computed; passed back to `remember`. */
  version(): string {
    return this.cache.version();
  }

  /** `version`: from `version()` when the request arrived, so a commit meanwhile makes it stale. */
  remember(key: string, response: StoredResponse, version?: string): void {
    this.cache.set(key, response, version);
  }

  lookup(key: string): StoredResponse | undefined {
    return this.cache.get(key);
  }
}
