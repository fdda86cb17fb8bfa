/**
 * The rate limiter's counts: how many requests an identity made in each window of a class, and
 * the one decision that goes with them, taken in a single step so that simultaneous requests
 * never both take the last place: a request is counted in every window, or, when any window is
 * full, in none ("softly enforced": a refused request is not remembered).
 *
 * A fixed window starts at the first request it counts and holds its count for its length. A
 * sliding window (the read burst) keeps a count per second: a request fits when the last
 * `windowSeconds + 1` seconds hold fewer than the limit. Those seconds cover every span of
 * `windowSeconds` that ends now, so no such span ever holds more than the limit; the price is
 * that a client may wait up to one second longer than an exact log of request times would say.
 *
 * `MemoryCounts` keeps them in this process: one small record per identity and class, in a
 * bounded LRU, with no timer per key. `RedisCounts` (src/server/shared-limits.ts) keeps the same
 * records in Redis for several instances, decided by one script in one round trip.
 */
import { LRUCache } from 'lru-cache';
import type { Window } from '../domain/rate-limit-policy.ts';

/** What a window held when the request came, before it was counted. */
export type Snapshot =
  /** `ageMs`: how long ago the window started; undefined when no window is open. */
  | { kind: 'fixed'; count: number; ageMs: number | undefined }
  /** Requests per second, oldest first: the last `windowSeconds + 1` seconds, this one last. */
  | { kind: 'sliding'; perSecond: number[] };

export interface Taken {
  /** Whether the request was counted (it fit in every window, and counting was asked). */
  counted: boolean;
  snapshots: Snapshot[];
}

export interface CountStore {
  /**
   * Counts one request of `key` in `windows` if it fits in every one (and `count` is true);
   * otherwise counts nothing. Returns what each window held before.
   */
  take(key: string, windows: readonly Window[], nowMs: number, count: boolean): Taken | Promise<Taken>;
}

/** Whether one more request fits a window that held `snapshot`. */
export function fits(window: Window, snapshot: Snapshot): boolean {
  return used(snapshot) + 1 <= window.limit;
}

/** Requests a snapshot holds. */
export function used(snapshot: Snapshot): number {
  if (snapshot.kind === 'fixed') return snapshot.count;
  let sum = 0;
  for (const n of snapshot.perSecond) sum += n;
  return sum;
}

/** The identities one process remembers; one not seen since the others came starts afresh. */
export const REMEMBERED_IDENTITIES = 100_000;

/** One identity's windows of one class: a start and count per fixed window, a ring of seconds per sliding one. */
interface Counts {
  starts: number[];
  counts: number[];
  /** Per sliding window: counts per second in a ring of `windowSeconds + 1` slots, and the newest second written. */
  rings: Array<{ slots: number[]; second: number } | undefined>;
}

export class MemoryCounts implements CountStore {
  private readonly records: LRUCache<string, Counts>;

  constructor(max = REMEMBERED_IDENTITIES) {
    this.records = new LRUCache<string, Counts>({ max });
  }

  get size(): number {
    return this.records.size;
  }

  take(key: string, windows: readonly Window[], nowMs: number, count: boolean): Taken {
    let record = this.records.get(key);
    if (!record) {
      record = { starts: windows.map(() => 0), counts: windows.map(() => 0), rings: windows.map((w) => (w.sliding ? { slots: new Array(w.windowSeconds + 1).fill(0), second: 0 } : undefined)) };
      if (count) this.records.set(key, record);
    }
    const second = Math.floor(nowMs / 1000);
    const snapshots: Snapshot[] = new Array(windows.length);
    let fitsAll = true;
    for (let i = 0; i < windows.length; i++) {
      const ring = record.rings[i];
      let snapshot: Snapshot;
      if (ring) {
        advance(ring, second);
        const size = ring.slots.length;
        const perSecond = new Array<number>(size);
        for (let j = 0; j < size; j++) perSecond[j] = ring.slots[(second + 1 + j) % size];
        snapshot = { kind: 'sliding', perSecond };
      } else {
        const open = record.counts[i] > 0 && nowMs < record.starts[i] + windows[i].windowSeconds * 1000;
        if (!open) record.counts[i] = 0;
        snapshot = { kind: 'fixed', count: record.counts[i], ageMs: open ? nowMs - record.starts[i] : undefined };
      }
      snapshots[i] = snapshot;
      fitsAll &&= fits(windows[i], snapshot);
    }
    const counted = count && fitsAll;
    if (counted) {
      for (let i = 0; i < windows.length; i++) {
        const ring = record.rings[i];
        if (ring) ring.slots[second % ring.slots.length] += 1;
        else if (record.counts[i]++ === 0) record.starts[i] = nowMs;
      }
    }
    return { counted, snapshots };
  }
}

/** Moves a ring to `second`, emptying the slots of the seconds it passed. */
function advance(ring: { slots: number[]; second: number }, second: number): void {
  const size = ring.slots.length;
  if (second - ring.second >= size) ring.slots.fill(0);
  else for (let s = ring.second + 1; s <= second; s++) ring.slots[s % size] = 0;
  ring.second = Math.max(ring.second, second);
}
