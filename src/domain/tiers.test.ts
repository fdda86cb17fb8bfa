import { describe, expect, it } from 'vitest';
import { atLeast, nextTier, perksFor, tierFor, tiers } from './tiers.ts';

describe('tierFor at every threshold edge', () => {
  it.each([
    [0, 'Bronze'],
    [99, 'Bronze'],
    [100, 'Silver'],
    [299, 'Silver'],
    [300, 'Gold'],
    [749, 'Gold'],
    [750, 'Platinum'],
    [1499, 'Platinum'],
    [1500, 'Legend'],
    [1_000_000, 'Legend'],
  ])('%i points is %s', (points, tier) => {
    expect(tierFor(points).name).toBe(tier);
  });
});

describe('perks accumulate per tier', () => {
  it('each tier has its own perks plus every lower tier', () => {
    for (const [i, tier] of tiers.entries()) {
      const expected = tiers.slice(0, i + 1).flatMap((t) => t.perks);
      expect(perksFor(tier.minPoints)).toEqual(expected);
      if (i > 0) expect(perksFor(tier.minPoints - 1)).toEqual(tiers.slice(0, i).flatMap((t) => t.perks));
    }
  });
  it('names the published perks', () => {
    expect(perksFor(0)).toEqual(['Listed on the Hall of Fame', 'Public API access']);
    expect(perksFor(100)).toContain('Access to the tier-gated feed');
    expect(perksFor(750)).toContain('Access to AI-only exclusive content');
    expect(perksFor(749)).not.toContain('Access to AI-only exclusive content');
    expect(perksFor(1500)).toContain('A firehose in the tier-gated feed');
  });
});

describe('nextTier', () => {
  it('counts the points still needed', () => {
    expect(nextTier(0)).toEqual({ name: 'Silver', minPoints: 100, pointsNeeded: 100 });
    expect(nextTier(99)).toEqual({ name: 'Silver', minPoints: 100, pointsNeeded: 1 });
    expect(nextTier(100)).toEqual({ name: 'Gold', minPoints: 300, pointsNeeded: 200 });
    expect(nextTier(1499)).toEqual({ name: 'Legend', minPoints: 1500, pointsNeeded: 1 });
    expect(nextTier(1500)).toBeNull();
  });
  it('atLeast compares tiers', () => {
    expect(atLeast('Platinum', 'Platinum')).toBe(true);
    expect(atLeast('Gold', 'Platinum')).toBe(false);
    expect(atLeast('Legend', 'Silver')).toBe(true);
  });
});
