import { describe, expect, it } from 'vitest';
import { relation } from './related-agents.ts';

const agent = (id: number, referred_by: number | null = null) => ({ id, referred_by });

describe('relation', () => {
  it('ties agents of one referral chain', () => {
    expect(relation(agent(1), agent(2, 1))).toBe('one referred the other');
    expect(relation(agent(3, 1), agent(1))).toBe('one referred the other');
    expect(relation(agent(2, 1), agent(3, 1))).toBe('the same referrer');
  });
  it('leaves strangers apart: no referrer, different referrers', () => {
    expect(relation(agent(1), agent(2))).toBeUndefined();
    expect(relation(agent(2, 5), agent(3, 6))).toBeUndefined();
  });
});
