import { describe, expect, it } from 'vitest';
import { levelFor, reputationComponents, reputationComponentsFor, reputationFor, reputationLevels, scoreOf, type ReputationInput } from './reputation.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
const base: ReputationInput = { points: 0, registeredAt: now, lastActivityAt: null, activeDaysInWindow: 0, distinctActivityTypes: 0, verified: false, partner: false };
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
  it('verified: operator verification 100, partner 50, else 0', () => {
    expect(comp({}).verified).toBe(0);
    expect(comp({ partner: true }).verified).toBe(50);
    expect(comp({ verified: true }).verified).toBe(100);
    expect(comp({ verified: true, partner: true }).verified).toBe(100);
  });
});

describe('score and level ladder', () => {
  it('weights are the CONTRACT.md defaults and sum to 1', () => {
    expect(Object.fromEntries(reputationComponents.map((c) => [c.name, c.weight]))).toEqual({
      contribution: 0.3, engagement: 0.2, diversity: 0.15, recency: 0.15, longevity: 0.1, verified: 0.1,
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
