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
export interface StoredResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

interface Entry extends StoredResponse {
  version: string;
  at: number;
}

export interface LiveResponsesOptions {
  /** Changes whenever a commit happened (the rewards service's `dataVersion`). */
  version: () => string;
  now: () => number;
  ttlMs?: number;
  maxEntries?: number;
}

export class LiveResponses {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: LiveResponsesOptions) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 5_000;
  }

  remember(key: string, response: StoredResponse): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...response, version: this.options.version(), at: this.options.now() });
  }

  lookup(key: string): StoredResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.options.now() - entry.at;
    if (entry.version === this.options.version() && age >= 0 && age < this.ttlMs) return entry;
    this.entries.delete(key);
    return undefined;
  }
}
