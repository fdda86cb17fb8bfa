/**
 * Every listed agent's place in both leaderboard orders, kept in memory, so a profile's rank is
 * a binary search instead of two SQL range counts (about 0.3 ms per profile at 10,000 agents,
 * the largest part of a profile read that is not remembered; see BENCHMARKS.md).
 *
 * The snapshot belongs to one data version. A commit that says which agents it changed (an earn,
 * see program-changes.ts) moves them in place (`update`), and the snapshot belongs to the new
 * version. After any other change it is loaded again, but at most once per `minRebuildMs`: while
 * that happens faster, `rankOf` answers undefined and the caller counts in SQL. So a rank is
 * never older than the data, and a moment of such changes costs one load per interval at most.
 */
import type { LeaderboardSort } from '../store/agent-repository.ts';

export interface RankRow {
  id: number;
  points: number;
  promo_points: number;
}

export interface RankIndexOptions<V> {
  /**
   * Reads every listed (not suspended) agent and the data version they are of, and hands both to
   * `install` at once, all while holding the connection (`readSnapshot`), so no commit can fall
   * between the read and the snapshot taking its place: each commit after it then moves it in
   * place (`update`). Reading the version first and waiting for the connection behind a write
   * group, or installing the rows a turn later, tagged them with a version a commit had already
   * passed: under a steady stream of earns no load was ever current.
   */
  load: (install: (loaded: { rows: RankRow[]; version: V }) => void) => Promise<void>;
  /** The program's data version (ProgramChanges.version): the same value (===) while nothing was committed. */
  version: () => V;
  /** A monotonic clock in ms, for the rebuild interval only. */
  now?: () => number;
  minRebuildMs?: number;
}

/** One order: values best first, ties by id ascending (the leaderboard's order). */
class Order {
  private readonly values: number[];
  private readonly ids: number[];

  constructor(
    rows: RankRow[],
    private readonly value: (row: RankRow) => number,
  ) {
    const sorted = [...rows].sort((a, b) => value(b) - value(a) || a.id - b.id);
    this.values = sorted.map(value);
    this.ids = sorted.map((r) => r.id);
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

  /**
   * Moves an agent from `before` (undefined: was not listed) to `after` (undefined: no longer
   * listed). An earn moves an agent a few places up: only the agents between its old and new
   * place shift, not the whole order (two splices of 10,000 entries were 0.2 ms an earn).
   */
  move(id: number, before: RankRow | undefined, after: RankRow | undefined): void {
    const from = before ? this.rank(this.value(before), id) - 1 : -1;
    if (before && this.ids[from] !== id) throw new Error(`rank index out of step: agent ${id} not where expected`);
    if (!after) {
      if (before) {
        this.values.splice(from, 1);
        this.ids.splice(from, 1);
      }
      return;
    }
    const value = this.value(after);
    // Agents ahead of its new place, counting its old entry when that is ahead too.
    let to = this.rank(value, id) - 1;
    if (!before) {
      this.values.splice(to, 0, value);
      this.ids.splice(to, 0, id);
      return;
    }
    if (to > from) to -= 1;
    for (let i = from; i > to; i--) {
      this.values[i] = this.values[i - 1];
      this.ids[i] = this.ids[i - 1];
    }
    for (let i = from; i < to; i++) {
      this.values[i] = this.values[i + 1];
      this.ids[i] = this.ids[i + 1];
    }
    this.values[to] = value;
    this.ids[to] = id;
  }
}

interface Snapshot<V> {
  version: V;
  orders: Record<LeaderboardSort, Order>;
  /** Each listed agent's values, as placed in the orders. */
  rows: Map<number, RankRow>;
}

/** An agent as a commit left it: its values, and whether it is listed (not suspended, exists). */
export interface RankChange {
  id: number;
  row: RankRow | undefined;
}

export class RankIndex<V = unknown> {
  private snapshot: Snapshot<V> | undefined;
  private loading: Promise<void> | undefined;
  private lastLoadAt = -Infinity;
  private readonly now: () => number;
  private readonly minRebuildMs: number;

  constructor(private readonly options: RankIndexOptions<V>) {
    this.now = options.now ?? (() => performance.now());
    this.minRebuildMs = options.minRebuildMs ?? 1_000;
  }

  /** The agent's 1-based rank in `sort`, or undefined when no current snapshot is at hand. */
  async rankOf(agent: RankRow, sort: LeaderboardSort): Promise<number | undefined> {
    const version = this.options.version();
    if (this.snapshot?.version !== version) {
      if (!this.loading && this.now() - this.lastLoadAt < this.minRebuildMs) return undefined;
      await (this.loading ??= this.load().finally(() => (this.loading = undefined)));
    }
    return this.current(agent, sort);
  }

  /** Synchronously: the rank from a current snapshot, or undefined (none, or an older version). */
  current(agent: RankRow, sort: LeaderboardSort): number | undefined {
    if (this.snapshot === undefined || this.snapshot.version !== this.options.version()) return undefined;
    return this.snapshot.orders[sort].rank(sort === 'points' ? agent.points : agent.promo_points, agent.id);
  }

  /**
   * A commit moved the data version from `base` to `next` and changed only these agents: when the
   * snapshot is of `base`, they move in place and it becomes the snapshot of `next` (a few
   * microseconds, where a load reads every agent). Otherwise nothing: a later read loads again.
   */
  update(base: V, next: V, changes: RankChange[]): void {
    const snapshot = this.snapshot;
    if (snapshot === undefined || snapshot.version !== base) return;
    // Unusable until it is right again, should a move find the orders out of step.
    this.snapshot = undefined;
    for (const { id, row } of changes) {
      const before = snapshot.rows.get(id);
      snapshot.orders.points.move(id, before, row);
      snapshot.orders.promo.move(id, before, row);
      if (row) snapshot.rows.set(id, row);
      else snapshot.rows.delete(id);
    }
    snapshot.version = next;
    this.snapshot = snapshot;
  }

  private async load(): Promise<void> {
    this.lastLoadAt = this.now();
    await this.options.load(({ rows, version }) => {
      this.snapshot = {
        version,
        orders: { points: new Order(rows, (r) => r.points), promo: new Order(rows, (r) => r.promo_points) },
        rows: new Map(rows.map((r) => [r.id, r])),
      };
    });
  }
}
