import { describe, expect, it } from 'vitest';
import { conciergeModel } from '../../test/support/concierge-model.ts';
import type { AgentContext, LiveProgram } from './answer-types.ts';
import { understandQuestion } from './compose-answer.ts';

const intentOf = (message: string, agent?: AgentContext, live?: LiveProgram) => understandQuestion(conciergeModel, { message, agent, live }).ranking.intent;
const asker: AgentContext = { name: 'Asker', points: 135 };

describe('rankIntents', () => {
  it.each([
    ['How much CBD should I take?', 'dosing'],
    ['what dosage of THC is right for me', 'dosing'],
    ['How many mg for a beginner?', 'dosing'],
    ['Is CBD good for sleep?', 'health'],
    ['Can cannabis treat arthritis?', 'health'],
    ['Does the API have a health check?', 'api'],
    ['hello', 'greeting'],
    ['Hi, how do I register?', 'register'],
    ['How many points do I need for Gold?', 'tiers'],
    ['What tier am I?', 'my_status'],
    ['How many points for a referral?', 'points'],
    ['How do referrals work?', 'referral'],
    ['What are the rate limits?', 'rate_limits'],
    ["What's on now?", 'schedule'],
    ['Where is the RSS feed?', 'feeds'],
    ['What is the entourage effect?', 'knowledge'],
    ['do you sell merchandise?', 'shop'],
    ['is there a video about decarboxylation', 'videos'],
    ['podcast episode about terpenes', 'podcast'],
    ['asdf qwerty', 'unknown'],
    ['what is the capital of france', 'unknown'],
  ])('%s -> %s', (q, intent) => expect(intentOf(q)).toBe(intent));

  it("reads what an action is worth as a points question, even with the asker's key", () => {
    expect(intentOf('how many points do I get for a promote?')).toBe('points');
    expect(intentOf('how many points do I get for a promote?', asker)).toBe('points');
    expect(intentOf('how many points do I have?', asker)).toBe('my_status');
  });

  it('reads tier relations as tier questions', () => {
    expect(intentOf('what comes after gold?')).toBe('tiers');
    expect(intentOf("what does platinum get that gold doesn't?")).toBe('tiers');
    expect(intentOf('how many points between gold and platinum')).toBe('tiers');
  });

  it('answers about a named agent only when the live program knows it, or the name is handle-shaped', () => {
    const live: LiveProgram = { agents: new Map([['lumen', { name: 'lumen', tier: 'Gold', points: 340 }]]) };
    expect(intentOf('how many points does lumen have', undefined, live)).toBe('agent_profile');
    expect(intentOf('what tier is ghost-agent-9', undefined, { agents: new Map([['ghost-agent-9', null]]) })).toBe('agent_profile');
  });

  it('marks health questions whatever answers them', () => {
    expect(understandQuestion(conciergeModel, { message: 'cbd oil for my dog?' }).ranking.healthRelated).toBe(true);
    expect(understandQuestion(conciergeModel, { message: 'what is cbd' }).ranking.healthRelated).toBe(false);
  });
});
