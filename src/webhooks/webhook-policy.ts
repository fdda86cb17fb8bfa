/**
 * The published rules of webhook delivery, in one place: what the discovery of the API, the docs
 * (docs/webhooks.md) and the delivery worker all read. Pure: the worker passes its randomness in.
 */

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const webhookLimits = {
  /** Endpoints one agent may register. */
  endpointsPerAgent: 5,
  /** Attempts of one endpoint in flight at once, across every instance. */
  inFlightPerEndpoint: 10,
  /** One deadline for connect, TLS, request and response. */
  timeoutMs: 5 * SECOND_MS,
  /** The most of a response body read; the rest is never received. */
  maxResponseBytes: 1024,
  /** An endpoint whose attempts have only failed for this long is disabled. */
  disableAfterMs: 5 * DAY_MS,
  /** After a rotation the previous secret signs too, this long, so receivers can roll over. */
  secretOverlapMs: DAY_MS,
  /** The deliveries GET .../deliveries shows, newest first. */
  deliveriesShown: 100,
  /**
   * How long a claimed attempt is the claimer's: past it (the instance died mid-send) another
   * instance sends it again. Longer than any attempt can take.
   */
  leaseMs: 5 * SECOND_MS + 10 * SECOND_MS,
  /** Delivered and failed deliveries are kept this long, then forgotten. */
  retentionMs: 30 * DAY_MS,
} as const;

/** Waits before the 2nd, 3rd, ... attempt; after the last one fails the delivery is failed. */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [5 * SECOND_MS, MINUTE_MS, 10 * MINUTE_MS, HOUR_MS, 6 * HOUR_MS, DAY_MS];

/** Each wait is stretched or shrunk by up to this share, so receivers that failed together are not retried together. */
export const RETRY_JITTER = 0.1;

const UNITS: Record<string, number> = { ms: 1, s: SECOND_MS, m: MINUTE_MS, h: HOUR_MS, d: DAY_MS };

/**
 * WEBHOOK_RETRY_SCHEDULE: comma-separated waits, each a number with an optional unit (ms, s, m,
 * h, d; seconds without one), e.g. "5s,1m,10m,1h,6h,24h" or "0.2,0.5". An empty text means a
 * single attempt.
 */
export function parseRetrySchedule(text: string): number[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(part);
    if (!match) throw new Error(`WEBHOOK_RETRY_SCHEDULE must be comma-separated waits such as 5s,1m,10m,1h,6h,24h (got "${text}")`);
    return Math.round(Number(match[1]) * UNITS[match[2] ?? 's']);
  });
}

/**
 * The wait before the next attempt once `attemptsMade` attempts have failed, with jitter from
 * `random` (0 <= r < 1); undefined when the schedule is used up and the delivery is failed.
 */
export function retryDelay(schedule: readonly number[], attemptsMade: number, random: number): number | undefined {
  const wait = schedule[attemptsMade - 1];
  if (wait === undefined) return undefined;
  return Math.round(wait * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random));
}

/** "5 s, 1 min, 10 min, 1 h, 6 h, 24 h": the schedule as the docs and the discovery index say it. */
export function describeSchedule(schedule: readonly number[]): string {
  const one = (ms: number) => {
    if (ms >= HOUR_MS && ms % HOUR_MS === 0) return `${ms / HOUR_MS} h`;
    if (ms >= MINUTE_MS && ms % MINUTE_MS === 0) return `${ms / MINUTE_MS} min`;
    return ms % SECOND_MS === 0 ? `${ms / SECOND_MS} s` : `${ms} ms`;
  };
  return schedule.length ? schedule.map(one).join(', ') : 'no retries';
}
