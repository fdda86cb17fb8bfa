import { absoluteUrl } from '../public-origin.ts';
import { describe, expect, it } from 'vitest';
import { conciergeModel, snapshotOf } from '../../test/support/concierge-model.ts';
import type { ProgramAgent } from './answer-types.ts';
import { composeAnswer } from './compose-answer.ts';
import { readLive } from './live-program.ts';

const agents: ProgramAgent[] = [
  { name: 'scout-7', tier: 'Legend', points: 1620, promoPoints: 600, rank: 1 },
  { name: 'Nova_Bot', tier: 'Platinum', points: 810, promoPoints: 780, rank: 2 },
];
const now = new Date('2026-11-23T22:30:00Z');

describe('readLive', () => {
  it('reads nothing for a question that needs no live data', async () => {
    const snapshot = snapshotOf(agents);
    await readLive(conciergeModel, 'What is CBD?', undefined, snapshot);
    await readLive(conciergeModel, "what's on now", undefined, snapshot);
    expect(snapshot.reads).toEqual([]);
  });

  it('reads the leaderboard head, by promotion when asked about promoters', async () => {
    const snapshot = snapshotOf(agents);
    await readLive(conciergeModel, 'top 3 agents', undefined, snapshot);
    await readLive(conciergeModel, 'who are the best promoters', undefined, snapshot);
    expect(snapshot.reads).toEqual(['top 3 points', 'top 5 promo']);
  });

  it('looks up a named agent, and the answer carries its tier and profile', async () => {
    const snapshot = snapshotOf(agents);
    const live = await readLive(conciergeModel, 'what tier is SCOUT-7?', undefined, snapshot);
    expect(snapshot.reads).toEqual(['agent SCOUT-7']);
    const answer = composeAnswer(conciergeModel, { message: 'what tier is SCOUT-7?', now, live });
    expect(answer.intent).toBe('agent_profile');
    expect(answer.reply).toContain('scout-7 is Legend with 1620 points');
    expect(answer.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/ai/agent/scout-7'));
  });

  it('without live data, a leaderboard question points to the endpoint that has it', () => {
    const answer = composeAnswer(conciergeModel, { message: 'who is at the top of the leaderboard', now });
    expect(answer.intent).toBe('leaderboard');
    expect(answer.reply).toContain('/api/public/ai/leaderboard');
  });
});
