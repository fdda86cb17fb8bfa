import { describe, expect, it } from 'vitest';
import { relation } from './related-agents.ts';

/** The ancestry of an agent from its chain of ids, itself first: chain(5, 3, 1) is 5 referred by 3 referred by 1. */
const chain = (...ids: number[]) => ids.map((id, depth) => ({ id, depth }));

describe('relation', () => {
  it('ties agents of one referral tree at any depth', () => {
    expect(relation(chain(1), chain(2, 1))).toBe('one referred the other');
    expect(relation(chain(3, 1), chain(1))).toBe('one referred the other');
    expect(relation(chain(2, 1), chain(3, 1))).toBe('the same referrer');
    // Grandchild and grandparent.
    expect(relation(chain(4, 2, 1), chain(1))).toBe('one is an ancestor of the other in the referral tree (2 referrals apart)');
    expect(relation(chain(1), chain(9, 7, 4, 2, 1))).toBe('one is an ancestor of the other in the referral tree (4 referrals apart)');
    // Cousins (4 under 2, 5 under 3, both under 1) and uncle and nephew (3 and 4).
    expect(relation(chain(4, 2, 1), chain(5, 3, 1))).toBe('the same referral tree (a common root)');
    expect(relation(chain(3, 1), chain(4, 2, 1))).toBe('the same referral tree (a common root)');
    expect(relation(chain(2, 1), chain(2, 1))).toBe('the same agent');
  });
  it('leaves agents of different trees apart', () => {
    expect(relation(chain(1), chain(2))).toBeUndefined();
    expect(relation(chain(2, 5), chain(3, 6))).toBeUndefined();
    expect(relation(chain(4, 2, 5), chain(3, 6))).toBeUndefined();
  });
});
