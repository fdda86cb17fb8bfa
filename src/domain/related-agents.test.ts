import { describe, expect, it } from 'vitest';
import { relation } from './related-agents.ts';

const agent = (id: number, operator: string | null = null, referred_by: number | null = null) => ({ id, operator, referred_by });

describe('relation', () => {
  it('ties agents of one operator (case and spaces aside) and of one referral chain', () => {
    expect(relation(agent(1, 'Ring Labs'), agent(2, ' ring labs '))).toBe('the same operator');
    expect(relation(agent(1), agent(2, null, 1))).toBe('one referred the other');
    expect(relation(agent(3, null, 1), agent(1))).toBe('one referred the other');
    expect(relation(agent(2, null, 1), agent(3, null, 1))).toBe('the same referrer');
  });
  it('leaves strangers apart: no operator on either side, different operators, different referrers', () => {
    expect(relation(agent(1), agent(2))).toBeUndefined();
    expect(relation(agent(1, 'A'), agent(2, 'B'))).toBeUndefined();
    expect(relation(agent(1, '  '), agent(2, ''))).toBeUndefined();
    expect(relation(agent(2, null, 5), agent(3, null, 6))).toBeUndefined();
  });
});
