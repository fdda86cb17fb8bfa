import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_MS, describeSchedule, parseRetrySchedule, retryDelay, RETRY_JITTER } from './webhook-policy.ts';

describe('the retry schedule', () => {
  it('is 5 s, 1 min, 10 min, 1 h, 6 h, 24 h by default', () => {
    expect(describeSchedule(DEFAULT_RETRY_SCHEDULE_MS)).toBe('5 s, 1 min, 10 min, 1 h, 6 h, 24 h');
    expect(parseRetrySchedule('5s,1m,10m,1h,6h,24h')).toEqual(DEFAULT_RETRY_SCHEDULE_MS);
  });

  it('reads WEBHOOK_RETRY_SCHEDULE: seconds without a unit, ms to d with one, empty for a single attempt', () => {
    expect(parseRetrySchedule('0.2, 1, 250ms,2d')).toEqual([200, 1000, 250, 2 * 86_400_000]);
    expect(parseRetrySchedule('')).toEqual([]);
    for (const bad of ['5x', 'soon', '1,,2', '-1s']) expect(() => parseRetrySchedule(bad)).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });

  it('waits the scheduled time within the jitter, and gives up after the last wait', () => {
    const schedule = [5_000, 60_000];
    expect(retryDelay(schedule, 1, 0)).toBe(5_000 * (1 - RETRY_JITTER));
    expect(retryDelay(schedule, 1, 0.5)).toBe(5_000);
    expect(retryDelay(schedule, 2, 0.999_999)).toBeLessThanOrEqual(60_000 * (1 + RETRY_JITTER));
    expect(retryDelay(schedule, 3, 0.5)).toBeUndefined();
    expect(retryDelay([], 1, 0.5)).toBeUndefined();
  });
});
