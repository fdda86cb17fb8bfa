import { describe, expect, it } from 'vitest';
import { detectIntent } from './intents.ts';

describe('detectIntent', () => {
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
    ['asdf qwerty', 'unknown'],
  ])('%s -> %s', (q, intent) => {
    expect(detectIntent(q).intent).toBe(intent);
  });

  it('reads "how much" about a named compound as dosing, not points', () => {
    expect(detectIntent('how much myrcene is fine', { mentionsCompound: true }).intent).toBe('dosing');
    expect(detectIntent('how many points is a share', { mentionsCompound: true }).intent).toBe('points');
  });

  it('names the tier and action a question mentions', () => {
    expect(detectIntent('How do I reach Platinum?')).toMatchObject({ intent: 'tiers', tier: 'Platinum' });
    expect(detectIntent('points for a mention?')).toMatchObject({ intent: 'points', action: 'mention' });
  });
});
