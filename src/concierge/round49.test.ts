import { describe, expect, it } from 'vitest';
import { conciergeModel } from '../../test/support/concierge-model.ts';
import { answerQuestion } from './compose-answer.ts';

const now = new Date('2026-11-23T22:30:00Z');
const ask = (message: string) => answerQuestion(conciergeModel, { message, now });

describe('an episode asked about transcripts', () => {
  it('says whether it publishes one, and where (it said neither)', async () => {
    const has = await ask('where can i read the transcript of reading the label');
    expect(has.reply).toMatch(/Reading the Label \([^)]*transcript http:\/\/\S+\/media\/podcast\/ep-006\.vtt\)/);
    const none = await ask('transcript for the festival season episode?');
    expect(none.reply).toMatch(/Festival Season \([^)]*no transcript\)/);
  });
});

describe('the video feeds asked how many items they carry', () => {
  it('say the feed limit (they said only "the latest")', async () => {
    const answer = await ask('how many items are in the json feed');
    expect(answer.intent).toBe('feeds');
    expect(answer.reply).toContain('up to 50');
  });
});
