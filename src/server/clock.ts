/**
 * The one source of "now" for everything that depends on time (schedule, dedupe windows, caps,
 * reputation). Tests start the server with CLOCK_START to pin time; the clock then advances in
 * real time from that instant, and POST /__test/clock (enabled only with CLOCK_START) moves it.
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
