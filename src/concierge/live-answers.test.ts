import { describe, expect, it } from 'vitest';
import { absoluteUrl } from '../public-origin.ts';
import { conciergeModel, snapshotOf } from '../../test/support/concierge-model.ts';
import type { ProgramAgent } from './answer-types.ts';
import { answerQuestion } from './compose-answer.ts';

const agents: ProgramAgent[] = [
  { name: 'scout-7', tier: 'Legend', points: 1620, promoPoints: 600, rank: 1 },
  { name: 'Nova_Bot', tier: 'Platinum', points: 810, promoPoints: 780, rank: 2 },
];
const now = new Date('2026-11-23T22:30:00Z');
const ask = (message: string, program = snapshotOf(agents)) => answerQuestion(conciergeModel, { message, now }, program);

describe('the live program', () => {
  it('is not read for a question that needs no live data', async () => {
    const snapshot = snapshotOf(agents);
    for (const q of ['What is CBD?', "what's on now", 'how do I earn points?', 'I have 320 points, what tier am I']) await ask(q, snapshot);
    expect(snapshot.reads).toEqual([]);
  });

  it('reads the leaderboard head once, by promotion when asked about promoters', async () => {
    const snapshot = snapshotOf(agents);
    const top = await ask('top 3 agents', snapshot);
    await ask('who are the best promoters', snapshot);
    expect(snapshot.reads).toEqual(['top 3 points', 'top 5 promo']);
    expect(top.intent).toBe('leaderboard');
    expect(top.reply).toContain('1. scout-7 (Legend, 1620 points); 2. Nova_Bot (Platinum, 810 points)');
  });

  it('reads "who leads" and "who is the leader" as asking for the head of the leaderboard', async () => {
    for (const q of ['who leads the leaderboard', 'who is the leader right now']) {
      const answer = await ask(q);
      expect(answer.intent, q).toBe('leaderboard');
      expect(answer.reply, q).toContain('1. scout-7 (Legend, 1620 points)');
    }
  });

  it('ranks by promotion when the points that are not Promotion Efforts are left out', async () => {
    for (const q of ["who leads the leaderboard if you don't count the partnership bonus and tasks", 'who has the most points not counting tasks']) {
      expect((await ask(q)).reply, q).toContain('1. Nova_Bot (780 promotion points, Platinum)');
    }
    expect((await ask('who has the most points')).reply).toContain('1. scout-7 (Legend, 1620 points)');
  });

  it('looks up a named agent once, and the answer carries its tier and profile', async () => {
    const snapshot = snapshotOf(agents);
    const answer = await ask('what tier is SCOUT-7?', snapshot);
    expect(snapshot.reads).toEqual(['agent SCOUT-7']);
    expect(answer.intent).toBe('agent_profile');
    expect(answer.reply).toContain('scout-7 is Legend with 1620 points');
    expect(answer.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/ai/agent/scout-7'));
  });

  it('without a snapshot, a leaderboard question points to the endpoint that has it', async () => {
    const answer = await answerQuestion(conciergeModel, { message: 'who is at the top of the leaderboard', now });
    expect(answer.intent).toBe('leaderboard');
    expect(answer.reply).toContain('/api/public/ai/leaderboard');
  });

  it("answers the asker's own standing from its key, and asks for one without", async () => {
    const mine = await answerQuestion(conciergeModel, { message: 'how close am I to platinum', now, agent: { name: 'Asker', points: 720 } });
    expect(mine.intent).toBe('my_status');
    expect(mine.reply).toContain('You need 30 more points to reach Platinum');
    const keyless = await ask('what tier am I?');
    expect(keyless.intent).toBe('my_status');
    expect(keyless.reply).toContain('apiKey');
  });

  it('is not what a yes-or-no question about doing something to "my points" asks (it asked for an apiKey)', async () => {
    expect((await ask('will my points expire if i stop posting for a year')).intent).not.toBe('my_status');
    expect((await ask('can i give my points to a friend')).intent).not.toBe('my_status');
    // Nor is a yes-or-no question about the asker's account.
    const suspended = await answerQuestion(conciergeModel, { message: 'is my account suspended', now, agent: { name: 'Asker', points: 40, suspended: true } });
    expect(suspended.intent).toBe('my_status');
    expect(suspended.reply).toContain('suspended');
  });
});
