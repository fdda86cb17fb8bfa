import { describe, expect, it } from 'vitest';
import { isoTimeByMillisecond } from './logger.ts';

describe('the log time', () => {
  it("is pino's ISO time field, made again whenever the millisecond changes", () => {
    let now = Date.UTC(2026, 10, 27, 14, 59, 0, 123);
    const time = isoTimeByMillisecond(() => now);
    expect(time()).toBe(',"time":"2026-11-27T14:59:00.123Z"');
    expect(time()).toBe(',"time":"2026-11-27T14:59:00.123Z"');
    now += 1;
    expect(time()).toBe(',"time":"2026-11-27T14:59:00.124Z"');
    now += 86_400_000;
    expect(time()).toBe(',"time":"2026-11-28T14:59:00.124Z"');
  });
});
