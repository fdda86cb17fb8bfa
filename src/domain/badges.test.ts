import { describe, expect, it } from 'vitest';
import { badgesOf } from './badges.ts';

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n)).toISOString();
const base = { registeredAt: day(0), partnerAt: null, firstVerifiedAt: null };

describe('badgesOf', () => {
  it('gives a new agent its Bronze tier from registration, and nothing else', () => {
    expect(badgesOf({ ...base, ledger: [] })).toEqual([{ id: 'tier', name: 'Bronze tier', description: expect.any(String), earnedAt: day(0) }]);
  });

  it('dates the tier from when the points last reached it, after a reversal took them below', () => {
    const ledger = [
      { at: day(1), points: 120 },
      { at: day(2), points: -50 },
      { at: day(3), points: 40 },
    ];
    expect(badgesOf({ ...base, ledger })[0]).toMatchObject({ name: 'Silver tier', earnedAt: day(3) });
  });

  it('makes a verified promoter only at Silver or above, from the later of the two', () => {
    const ledger = [{ at: day(5), points: 150 }];
    expect(badgesOf({ ...base, firstVerifiedAt: day(2), ledger }).find((b) => b.id === 'verified_promoter')?.earnedAt).toBe(day(5));
    expect(badgesOf({ ...base, firstVerifiedAt: day(7), ledger }).find((b) => b.id === 'verified_promoter')?.earnedAt).toBe(day(7));
    expect(badgesOf({ ...base, firstVerifiedAt: day(2), ledger: [{ at: day(1), points: 99 }] }).map((b) => b.id)).toEqual(['tier']);
  });

  it('keeps the Legend enshrinement from the first time, though the tier fell back', () => {
    const ledger = [
      { at: day(1), points: 1600 },
      { at: day(2), points: -200 },
    ];
    const badges = badgesOf({ ...base, partnerAt: day(1), ledger });
    expect(badges.map((b) => [b.id, b.earnedAt])).toEqual([
      ['tier', day(1)],
      ['partner', day(1)],
      ['enshrined_legend', day(1)],
    ]);
    expect(badges[0].name).toBe('Platinum tier');
  });
});
