/**
 * Finished bodies of on-demand reads that depend only on their URL and the program's data
 * (leaderboard pages, agent profiles, reputation, stats) or the build's content (filtered lists,
 * knowledge topics: `contentJson` in src/http/respond.ts), kept while no commit may have changed
 * them (RewardsService.isCurrent: any commit for a page of many agents, one that touched the agent
 * for a profile or a reputation, none for content), and until the instant time alone would
 * change them when the read says so (reputation decays with time), else `ttlMs`. At most
 * `maxEntries` bodies and `maxBytes` in all, keys included (64 MiB by default: every profile of
 * 10,000 agents fits), the entries not read lately dropped first (a CLOCK cache: see
 * VersionedCache).
 *
 * Why: under load the leaderboard was bound by Astro's own per-request cost (about 0.5-1 ms of
 * CPU to turn a Node request into a Request and back), not by its data, which the rewards
 * service already remembers. The server answers a repeat of the same URL from here before the
 * Astro hand-off. Only requests without credentials are stored or served, so nothing personal
 * is ever shared between callers; every answer still passes the rate limiter and gets its own
 * request id and CORS headers.
 *
 * What is kept is the body without its dataFreshness (`head`, see src/http/shared-reads.ts) and
 * the dataFreshness it was computed with: every answer states it again with its own generatedAt
 * (`restatedTail`), since the data under it is what it was, unchanged since (and, for a read of
 * one agent, with the program's lastModified of now; a profile's rank is looked up anew too).
 */
import type { DataFreshness } from '../http/freshness.ts';
import type { RankRow } from '../rewards/rank-index.ts';
import { VersionedCache, type EntryFacts, type VersionedCacheOptions } from '../rewards/versioned-cache.ts';

export interface StoredResponse {
  status: number;
  contentType: string;
  /** The JSON body without its closing brace (see `jsonHead`). */
  head: Buffer;
  /** Its dataFreshness when it was computed; each answer restates it at its own instant. */
  dataFreshness: DataFreshness;
  /**
   * A read of one agent, kept across other agents' commits (see RewardsService.isCurrent): its
   * lastModified, the program's newest write, is stated again on every answer too.
   */
  restateLastModified?: boolean;
  /**
   * A profile: `head` ends just before the value of its `rank`, which others' earns move, so it is
   * looked up again for every answer (RewardsService.currentRank) and `afterRank` follows it.
   */
  rankOf?: RankRow;
  afterRank?: Buffer;
  /** `head` with a rank in place, kept while that rank stays (see `headWithRank`). */
  ranked?: { rank: number; head: Buffer };
  /** The rank last joined without keeping its bytes. */
  lastRank?: number;
}

/**
 * The head to answer with: for a profile, its two halves joined around `rank` (undefined: not a
 * profile). The joined bytes are kept while the rank stays (at first, the head as computed, with
 * the rank it was computed with: `storedAnswer`), so a repeat view copies and allocates nothing.
 * (Joining on every view allocated a new buffer of about 4 KB per request; keeping the bytes made
 * repeat views about 12% cheaper in server CPU: BENCHMARKS.md, fix 29.)
 *
 * A new rank's bytes are kept the second time in a row that rank is joined. While agents earn,
 * ranks move at nearly every view, and a kept copy would outlive the young generation only to be
 * replaced soon after; those joins stay short-lived, as before. When the bytes are kept, `head` and
 * `afterRank` are re-pointed into them, so the entry still holds one copy of its body.
 */
export function headWithRank(stored: StoredResponse, rank: number | undefined): Buffer {
  if (!stored.afterRank || rank === undefined) return stored.head;
  if (stored.ranked?.rank === rank) return stored.ranked.head;
  const digits = Buffer.from(String(rank), 'latin1');
  const joined = Buffer.concat([stored.head, digits, stored.afterRank]);
  if (stored.lastRank !== rank) {
    stored.lastRank = rank;
    return joined;
  }
  const before = stored.head.length;
  stored.head = joined.subarray(0, before);
  stored.afterRank = joined.subarray(before + digits.length);
  stored.ranked = { rank, head: joined };
  stored.lastRank = undefined;
  return joined;
}

export type LiveResponsesOptions<V = unknown> = Omit<VersionedCacheOptions<V>, 'maxWeight'> & { maxBytes?: number };

/** What an entry costs besides its body and key: the map slot, the entry and response objects. */
const ENTRY_OVERHEAD = 256;

export class LiveResponses<V = unknown> {
  private readonly cache: VersionedCache<StoredResponse, V>;

  constructor(options: LiveResponsesOptions<V>) {
    this.cache = new VersionedCache(
      { ...options, maxWeight: options.maxBytes },
      { maxEntries: 50_000, maxWeight: 64 * 1024 * 1024 },
      (r, key) => r.head.length + key.length + ENTRY_OVERHEAD,
    );
  }
  /** Read when a request arrives, before its body is computed; passed back to `remember`. */
  version(): V {
    return this.cache.version();
  }

  /**
   * `facts.version`: from `version()` when the request arrived, so a commit meanwhile makes it
   * stale. `facts.expiresAt`: the instant (ms) time alone would change the body, when the read
   * knows it. `facts.scope`: what the body depends on (one agent's rows, say), when the read says.
   */
  remember(key: string, response: StoredResponse, facts: EntryFacts<V> = {}): void {
    this.cache.set(key, response, facts);
  }

  get size(): number {
    return this.cache.size;
  }

  lookup(key: string): StoredResponse | undefined {
    return this.cache.get(key);
  }
}
