import { describe, expect, it } from 'vitest';
import { capDay, capReached, capStatus, dedupeWindowStart, isDuplicate } from './anti-farming.ts';
import { defaultRewardsConfig as config } from './program-config.ts';
import { actionPoints, earnableActions } from './tiers.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const H = 3_600_000;

describe('dedupe window (24 h)', () => {
  it('starts exactly 24 h before now', () => {
    expect(dedupeWindowStart(now, config).toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });
  it('blocks inside the window and frees at its edge', () => {
    expect(isDuplicate(now, now, config)).toBe(true);
    expect(isDuplicate(at(-1), now, config)).toBe(true);
    expect(isDuplicate(at(-24 * H + 1), now, config)).toBe(true);
    expect(isDuplicate(at(-24 * H), now, config)).toBe(false);
    expect(isDuplicate(at(-48 * H), now, config)).toBe(false);
  });
  it('follows the configured window', () => {
    expect(isDuplicate(at(-2 * H), now, { dedupeWindowHours: 1 })).toBe(false);
    expect(isDuplicate(at(-0.5 * H), now, { dedupeWindowHours: 1 })).toBe(true);
  });
});

describe('daily caps', () => {
  it('count in UTC days', () => {
    expect(capDay(new Date('2026-11-22T00:00:00.000Z'))).toEqual({ start: new Date('2026-11-22T00:00:00.000Z'), end: new Date('2026-11-23T00:00:00.000Z') });
    expect(capDay(new Date('2026-11-22T23:59:59.999Z')).start.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
  it('are reached at the limit, not before', () => {
    for (const type of earnableActions) {
      const limit = config.dailyCaps[type];
      expect(capReached(type, limit - 1, config)).toBe(false);
      expect(capReached(type, limit, config)).toBe(true);
    }
    expect(capStatus('share', 19, now, config)).toEqual({ limit: 20, used: 19, remaining: 1, resetsAt: '2026-11-23T00:00:00.000Z' });
    expect(capStatus('share', 25, now, config).remaining).toBe(0);
  });
  it('let an agent reach Legend through earn in about a day', () => {
    const perDay = earnableActions.reduce((sum, t) => sum + config.dailyCaps[t] * actionPoints[t], 0);
    expect(perDay).toBeGreaterThanOrEqual(1400);
    expect(perDay + 100).toBeGreaterThanOrEqual(1500);
  });
});
