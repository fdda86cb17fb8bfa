import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { levelFor, reputationComponents, reputationComponentsFor, reputationFor, reputationLevels, reputationStableUntil, scoreOf, type ReputationInput } from './reputation.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
const base: ReputationInput = { points: 0, registeredAt: now, lastActivityAt: null, activeDaysInWindow: 0, distinctActivityTypes: 0, verified: false, claims: 0, verifiedClaims: 0 };
const comp = (over: Partial<ReputationInput>) => reputationComponentsFor({ ...base, ...over }, now);

describe('reputation components at their edges', () => {
  it('contribution scales to Legend and clamps', () => {
    expect(comp({ points: 0 }).contribution).toBe(0);
    expect(comp({ points: 15 }).contribution).toBe(1);
    expect(comp({ points: 750 }).contribution).toBe(50);
    expect(comp({ points: 1499 }).contribution).toBe(100);
    expect(comp({ points: 1500 }).contribution).toBe(100);
    expect(comp({ points: 99_999 }).contribution).toBe(100);
    expect(comp({ points: -20 }).contribution).toBe(0);
  });
  it('engagement counts active days up to 15', () => {
    expect(comp({ activeDaysInWindow: 0 }).engagement).toBe(0);
    expect(comp({ activeDaysInWindow: 1 }).engagement).toBe(7);
    expect(comp({ activeDaysInWindow: 14 }).engagement).toBe(93);
    expect(comp({ activeDaysInWindow: 15 }).engagement).toBe(100);
    expect(comp({ activeDaysInWindow: 30 }).engagement).toBe(100);
  });
  it('diversity is the share of the 8 earning types used', () => {
    expect(comp({ distinctActivityTypes: 0 }).diversity).toBe(0);
    expect(comp({ distinctActivityTypes: 1 }).diversity).toBe(13);
    expect(comp({ distinctActivityTypes: 4 }).diversity).toBe(50);
    expect(comp({ distinctActivityTypes: 8 }).diversity).toBe(100);
  });
  it('recency decays linearly over 30 days and is 0 without activity', () => {
    expect(comp({ lastActivityAt: null }).recency).toBe(0);
    expect(comp({ lastActivityAt: now }).recency).toBe(100);
    expect(comp({ lastActivityAt: daysAgo(15) }).recency).toBe(50);
    expect(comp({ lastActivityAt: daysAgo(29.99) }).recency).toBe(0);
    expect(comp({ lastActivityAt: daysAgo(29) }).recency).toBe(3);
    expect(comp({ lastActivityAt: daysAgo(30) }).recency).toBe(0);
    expect(comp({ lastActivityAt: daysAgo(400) }).recency).toBe(0);
  });
  it('longevity grows to 100 at 90 days', () => {
    expect(comp({ registeredAt: now }).longevity).toBe(0);
    expect(comp({ registeredAt: daysAgo(45) }).longevity).toBe(50);
    expect(comp({ registeredAt: daysAgo(89) }).longevity).toBe(99);
    expect(comp({ registeredAt: daysAgo(90) }).longevity).toBe(100);
    expect(comp({ registeredAt: daysAgo(1000) }).longevity).toBe(100);
  });
  it('verified: operator verification 100, else the verified share of claimed urls, 0 without claims', () => {
    expect(comp({}).verified).toBe(0);
    expect(comp({ claims: 3, verifiedClaims: 0 }).verified).toBe(0);
    expect(comp({ claims: 3, verifiedClaims: 2 }).verified).toBe(67);
    expect(comp({ claims: 4, verifiedClaims: 4 }).verified).toBe(100);
    expect(comp({ verified: true }).verified).toBe(100);
    expect(comp({ verified: true, claims: 5, verifiedClaims: 1 }).verified).toBe(100);
  });
});

describe('score and level ladder', () => {
  it('weights are the published defaults and sum to 1', () => {
    expect(Object.fromEntries(reputationComponents.map((c) => [c.name, c.weight]))).toEqual({
      contribution: 0.3,
      engagement: 0.2,
      diversity: 0.15,
      recency: 0.15,
      longevity: 0.1,
      verified: 0.1,
    });
    expect(reputationComponents.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 10);
  });
  it('score = round(Σ weight × component)', () => {
    const all = (v: number) => ({ contribution: v, engagement: v, diversity: v, recency: v, longevity: v, verified: v });
    expect(scoreOf(all(0))).toBe(0);
    expect(scoreOf(all(100))).toBe(100);
    expect(scoreOf({ ...all(0), contribution: 100 })).toBe(30);
    // 0.15 × 3 = 0.45 rounds down; 0.1 × 5 = 0.5 rounds up.
    expect(scoreOf({ ...all(0), recency: 3 })).toBe(0);
    expect(scoreOf({ ...all(0), longevity: 5 })).toBe(1);
  });
  it('level is the highest rung whose minScore ≤ score', () => {
    expect(reputationLevels[0].minScore).toBe(0);
    for (const [i, rung] of reputationLevels.entries()) {
      expect(levelFor(rung.minScore).name).toBe(rung.name);
      if (i > 0) expect(levelFor(rung.minScore - 1).name).toBe(reputationLevels[i - 1].name);
    }
    expect(levelFor(100).name).toBe(reputationLevels.at(-1)!.name);
  });
  it('reputationFor ties it together', () => {
    const r = reputationFor({ ...base, points: 1500, verified: true, lastActivityAt: now, activeDaysInWindow: 15, distinctActivityTypes: 8, registeredAt: daysAgo(90) }, now);
    expect(r).toMatchObject({ score: 100, level: 'Luminary', badge: 'evergreen' });
    const fresh = reputationFor(base, now);
    expect(fresh).toMatchObject({ score: 0, level: 'Newcomer', badge: 'seedling' });
  });
});

describe('reputationStableUntil', () => {
  const DAY = 86_400_000;
  const origin = Date.parse('2026-11-22T12:00:00.000Z');
  /** What the store derives from an agent's activity times at `t` (see ledger-repository.ts). */
  function inputAt(registeredAt: number, activity: number[], t: number, rest: Pick<ReputationInput, 'points' | 'distinctActivityTypes' | 'verified' | 'claims' | 'verifiedClaims'>) {
    const inWindow = activity.filter((a) => a >= t - 30 * DAY);
    return {
      input: {
        ...rest,
        registeredAt: new Date(registeredAt),
        lastActivityAt: activity.length ? new Date(Math.max(...activity)) : null,
        activeDaysInWindow: new Set(inWindow.map((a) => new Date(a).toISOString().slice(0, 10))).size,
      } satisfies ReputationInput,
      oldestInWindow: inWindow.length ? new Date(Math.min(...inWindow)) : null,
    };
  }
  const scenario = fc.record({
    registeredAgo: fc.double({ min: -2, max: 200, noNaN: true }),
    activityAgo: fc.array(fc.double({ min: -1, max: 90, noNaN: true }), { maxLength: 12 }),
    points: fc.integer({ min: 0, max: 3000 }),
    distinctActivityTypes: fc.integer({ min: 0, max: 8 }),
    verified: fc.boolean(),
    claims: fc.integer({ min: 0, max: 20 }),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    nearEnd: fc.integer({ min: 0, max: 5_000 }),
  });

  it('nothing in the reputation changes before the instant it returns', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const now = origin;
        const registeredAt = now - s.registeredAgo * DAY;
        const activity = s.activityAgo.map((d) => Math.round(now - d * DAY));
        const rest = { points: s.points, distinctActivityTypes: s.distinctActivityTypes, verified: s.verified, claims: s.claims, verifiedClaims: Math.floor(s.claims / 2) };
        const { input, oldestInWindow } = inputAt(registeredAt, activity, now, rest);
        const until = reputationStableUntil(input, oldestInWindow, new Date(now));
        expect(until).toBeGreaterThanOrEqual(now);
        const expected = reputationFor(input, new Date(now));
        const end = Math.min(until, now + 400 * DAY);
        for (const t of [now + (end - now) * s.at, end - 1 - s.nearEnd, end - 1]) {
          if (t < now || t >= end) continue;
          const later = inputAt(registeredAt, activity, t, rest);
          expect(reputationFor(later.input, new Date(t))).toEqual(expected);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('is tight for recency and longevity: a component steps right after it', () => {
    // Registered 10.2 days ago, last active 4.1 days ago, nothing else in the window for 25 days.
    const now = origin;
    const input: ReputationInput = { ...base, registeredAt: new Date(now - 10.2 * DAY), lastActivityAt: new Date(now - 4.1 * DAY), activeDaysInWindow: 1 };
    const until = reputationStableUntil(input, input.lastActivityAt, new Date(now));
    const before = reputationComponentsFor(input, new Date(until - 1));
    const after = reputationComponentsFor(input, new Date(until + 2));
    expect(before).toEqual(reputationComponentsFor(input, new Date(now)));
    expect(after).not.toEqual(before);
    expect(until - now).toBeLessThan(DAY);
  });

  it('is Infinity when time can change nothing', () => {
    const input: ReputationInput = { ...base, registeredAt: new Date(origin - 400 * DAY), lastActivityAt: new Date(origin - 60 * DAY) };
    expect(reputationStableUntil(input, null, new Date(origin))).toBe(Infinity);
  });
});
