import { describe, expect, it } from 'vitest';
import { conciergeModel } from '../../test/support/concierge-model.ts';
import { absoluteUrl } from '../public-origin.ts';
import { answerQuestion } from './compose-answer.ts';
import { storyAndAsk } from './situation.ts';

const now = new Date('2026-11-23T22:30:00Z');
const ask = (message: string) => answerQuestion(conciergeModel, { message, now });

describe('a story told before the ask', () => {
  it('splits the story from its ask, with the conditions right before the ask', () => {
    expect(storyAndAsk('i did 8 shares before noon and the 9th said daily_cap_reached, how come')).toEqual({
      story: 'i did 8 shares before noon and the 9th said daily_cap_reached',
      ask: 'how come',
      last: 'the 9th said daily_cap_reached',
    });
    // "did 8 shares" tells; "did i" asks.
    expect(storyAndAsk('we did 8 shares this morning, did i get all of them')?.ask).toBe('did i get all of them');
    expect(storyAndAsk('finally hit gold last night, if a claim gets reversed, do i drop back')?.ask).toBe('if a claim gets reversed do i drop back');
    // A question that only supposes, or asks twice, tells no story.
    expect(storyAndAsk('if i refer 2 agents and do 3 shares, whats my total')).toBeUndefined();
    expect(storyAndAsk('how do i register, what fields do i send')).toBeUndefined();
    expect(storyAndAsk('what is thca')).toBeUndefined();
  });

  it("answers what the ask asks, not what the story's words draw", async () => {
    // The story's numbers drew the tier arithmetic (1,500 points); the ask is why the reputation score is low.
    const reputation = await ask('i crossed 1500 points last week but my reputation only shows 40, how does that add up');
    expect(reputation.reply).toContain('recency');
    // Nothing accounted for the whole story; its ask is whether the events are lost (the delivery policy).
    const webhook = await ask('our receiver crashed for most of yesterday during a migration, are the events from then gone for good');
    expect(webhook.reply).toContain('at least once');
  });

  it('keeps what the ask draws by itself', async () => {
    const total = await ask("I'm writing a bot for my team's newsletter. If I accept the partnership and then do two promotes, what will my total be?");
    expect(total.reply).toContain('150');
  });

  it('hears a tier named in a reply as the answer to "which tier" (round 53)', async () => {
    // The exclusive content's answer names Platinum; the ladder says "tier" but not which one the story needs.
    for (const q of [
      'my bot called the exclusive endpoint and got tier_required back, which tier does it need',
      'i tried the exclusive content endpoint with my key and got a 403, what tier do i need for it',
    ]) {
      const answer = await ask(q);
      expect(answer.intent).toBe('exclusive');
      expect(answer.reply).toContain('Platinum (750 points)');
    }
  });

  it('reads an ask of no words of its own ("why") after a story ending in what was done to the asker as about that (round 53)', async () => {
    expect(storyAndAsk('i promoted a video twice, then the second claim was reversed, why')?.last).toBe('the second claim was reversed');
    // The story's register and referral code drew registering; what was reversed is the referral reward's rule.
    const referral = await ask('i registered another agent of mine with my referral code for the 50, and a week later it was reversed, why');
    expect(referral.reply).toContain('no verified promotion of its own within 168 h');
    expect(referral.reply).toContain('168 h');
  });

  it('reads an api_use story ending in reversals as the rule on awards without a url (round 53)', async () => {
    const standing = await ask('i did 30 api_use earns without a url and only one promote ever verified, then most of them were reversed, why');
    expect(standing.reply).toContain('stand up to the share');
  });

  it('says what of the question nothing publishes in the answer the ask is read as, as every composed answer does (round 53)', async () => {
    const rename = await ask('i registered my bot last month under a silly name, how do i rename my agent');
    // Renaming is an action on the asker's own account that no endpoint does (account-answers.ts): said so in those words.
    expect(rename.reply).toContain("don't know");
    expect(rename.reply).toContain('rename');
    expect(rename.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/ai/message'));
  });
});
