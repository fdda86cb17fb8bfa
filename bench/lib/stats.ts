/** Small statistics helpers for benchmark rounds: medians of rounds, percentiles of latencies. */

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100) of an already sorted array. */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Growable list of latencies in milliseconds, kept in a typed array so millions stay cheap. */
export class LatencyRecorder {
  private values = new Float64Array(1 << 16);
  private length = 0;

  record(ms: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = ms;
  }

  get count(): number {
    return this.length;
  }

  percentiles(ps: number[]): number[] {
    const sorted = this.values.slice(0, this.length).sort();
    return ps.map((p) => percentileSorted(sorted, p));
  }
}
