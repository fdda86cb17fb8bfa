/**
 * Every listed agent's place in both leaderboard orders, kept in memory, so a profile's rank is
 * a binary search instead of two SQL range counts (about 0.3 ms per profile at 10,000 agents,
 * the largest part of a profile read that is not remembered; see BENCHMARKS.md).
 *
 * The snapshot belongs to one data version (no commit since it was loaded). When the version has
 * moved it is loaded again, but at most once per `minRebuildMs`: while the program changes faster
 * than that, `rankOf` answers undefined and the caller counts in SQL. So a rank is never older
 * than the data, and a write-heavy moment costs one load per interval at most.
 */
import type { LeaderboardSort } from '../store/agent-repository.ts';

export interface RankRow {
  id: number;
  points: number;
  promo_points: number;
}

export interface RankIndexOptions {
  /** Every listed (not suspended) agent; through kysely, so it never sees a write group half done. */
  load: () => Promise<RankRow[]>;
  /** Changes whenever a commit happened (RewardsService.dataVersion). */
  version: () => string;
  /** A monotonic clock in ms, for the rebuild interval only. */
  now?: () => number;
  minRebuildMs?: number;
}

/** One order: values best first, ties by id ascending (the leaderboard's order). */
class Order {
  private readonly values: Float64Array;
  private readonly ids: Float64Array;

  constructor(rows: RankRow[], value: (row: RankRow) => number) {
    const sorted = [...rows].sort((a, b) => value(b) - value(a) || a.id - b.id);
    this.values = Float64Array.from(sorted, value);
    this.ids = Float64Array.from(sorted, (r) => r.id);
  }

  /** 1 + the number of listed agents ahead of (value, id). */
  rank(value: number, id: number): number {
    let lo = 0;
    let hi = this.values.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const ahead = this.values[mid] > value || (this.values[mid] === value && this.ids[mid] < id);
      if (ahead) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  }
}

interface Snapshot {
  version: string;
  orders: Record<LeaderboardSort, Order>;
}

export class RankIndex {
  private snapshot: Snapshot | undefined;
  private loading: Promise<void> | undefined;
  private lastLoadAt = -Infinity;
  private readonly now: () => number;
  private readonly minRebuildMs: number;

  constructor(private readonly options: RankIndexOptions) {
    this.now = options.now ?? (() => performance.now());
    this.minRebuildMs = options.minRebuildMs ?? 1_000;
  }

  /** The agent's 1-based rank in `sort`, or undefined when no current snapshot is at hand. */
  async rankOf(agent: RankRow, sort: LeaderboardSort): Promise<number | undefined> {
    const version = this.options.version();
    if (this.snapshot?.version !== version) {
      if (!this.loading && this.now() - this.lastLoadAt < this.minRebuildMs) return undefined;
      await (this.loading ??= this.load(version).finally(() => (this.loading = undefined)));
      // A commit landed while loading: the snapshot may not match what the caller read.
      if (this.snapshot?.version !== this.options.version()) return undefined;
    }
    return this.snapshot!.orders[sort].rank(sort === 'points' ? agent.points : agent.promo_points, agent.id);
  }

  private async load(version: string): Promise<void> {
    this.lastLoadAt = this.now();
    const rows = await this.options.load();
    this.snapshot = { version, orders: { points: new Order(rows, (r) => r.points), promo: new Order(rows, (r) => r.promo_points) } };
  }
}
