/**
 * The one source of "now" for everything that depends on time (schedule, dedupe windows, caps,
 * reputation, CLI timestamps). CLOCK_START (src/config.ts) pins it for tests: the clock then
 * advances in real time from that instant, and POST /test-clock (enabled only then) moves it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class OffsetClock implements Clock {
  private offsetMs: number;
  constructor(start: Date) {
    this.offsetMs = start.getTime() - Date.now();
  }
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  set(to: Date): void {
    this.offsetMs = to.getTime() - Date.now();
  }
}

/** The pinned clock when a start instant is configured, otherwise the system clock. */
export function clockFrom(start: Date | undefined): { clock: Clock; pinned?: OffsetClock } {
  if (!start) return { clock: systemClock };
  const pinned = new OffsetClock(start);
  return { clock: pinned, pinned };
}
