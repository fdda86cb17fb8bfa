import { describe, expect, it } from 'vitest';
import { type StandingFacts, standingStands } from './standing-share.ts';

/** Decides awards of `points` one after another, oldest first, as the verifier does. */
function decide(points: number[], claims: number, verifiedClaims: number, operatorVerified = false): boolean[] {
  let standingPoints = 0;
  let stoodPoints = 0;
  return points.map((p) => {
    standingPoints += p;
    const facts: StandingFacts = { operatorVerified, claims, verifiedClaims, standingPoints, stoodPoints, points: p };
    const stands = standingStands(facts);
    if (stands) stoodPoints += p;
    return stands;
  });
}

describe('standingStands', () => {
  it('lets awards stand up to the verified share of the claims, oldest first', () => {
    expect(decide([5, 5, 5, 5], 2, 1)).toEqual([false, true, false, true]);
    expect(decide([100, 30, 5], 1, 1)).toEqual([true, true, true]);
    expect(decide([100, 50, 50], 4, 1)).toEqual([false, false, true]);
    // 1 of 50 claims verified: of the bonus, 50 api_use and 5 content_submit (500 points) at most
    // 2% (10) may stand; the awards are whole, so one api_use (5) does.
    const points = [100, ...Array(50).fill(5), ...Array(5).fill(30)];
    const kept = decide(points, 50, 1).reduce((sum, stands, i) => sum + (stands ? points[i] : 0), 0);
    expect(kept).toBe(5);
  });

  it('keeps none without a verified claim, and all for an operator-verified agent', () => {
    expect(decide([5, 100], 0, 0)).toEqual([false, false]);
    expect(decide([5, 100], 3, 0)).toEqual([false, false]);
    expect(decide([5, 100], 0, 0, true)).toEqual([true, true]);
  });
});
