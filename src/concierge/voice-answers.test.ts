import { describe, expect, it } from 'vitest';
import { conciergeModel } from '../../test/support/concierge-model.ts';
import { answerQuestion } from './compose-answer.ts';
import { readQuestion } from './question.ts';

const now = new Date('2026-11-23T22:30:00Z');
const ask = (message: string) => answerQuestion(conciergeModel, { message, now });
const read = (q: string) => readQuestion(q, conciergeModel.vocabulary);

describe('a question as a voice assistant transcribes it', () => {
  it('reads past a speaker\'s "um" and a run-up such as "okay so" ("so" read as a clause about something else lost the kind asked for)', async () => {
    expect(read('alright so which clips came out this summer').kind).toBe('clip');
    expect(read('uhm what videos are uh featured').words).not.toContain('uhm');
    const featured = await ask('alright so what videos are featured at the moment');
    expect(featured.intent).toBe('videos');
    expect(featured.reply).toContain('Glass Artists of the Northern Coast');
  });

  it('reads initials spelled out letter by letter, or by the names of the letters, as the word the documents write', async () => {
    expect(read('what is t h c').words).toContain('thc');
    expect(read('where is the c b two receptor found').words).toContain('cb2');
    expect(read('is see bee gee intoxicating').words).toContain('cbg');
    // Letters that spell nothing the documents write stay as they were.
    expect(read('can i see a video').words).toEqual(expect.arrayContaining(['i', 'see']));
    // Nor do letters that spell a stop word: "a tee shirt" is no "at shirt".
    expect(read('do you sell a tee shirt').words).toContain('tee');
    expect((await ask('what does c b g stand for')).reply).toContain('Cannabigerol');
  });

  it('reads a price ceiling said in words ("under fifteen bucks")', async () => {
    expect(read('any pins under twenty dollars').priceCeiling).toEqual({ amount: 20, inclusive: false });
    const cheap = await ask('what can i get in the shop for under fifteen bucks');
    expect(cheap.reply).toContain('Leaf Enamel Pin');
    expect(cheap.reply).not.toContain('Harvest Moon Poster');
  });

  it('takes what a compound or a way of taking it does to the body as a health question, with the not-medical-advice line', async () => {
    expect((await ask('does myrcene relax you')).reply).toContain('not medical advice');
    expect((await ask('how fast does a tincture kick in')).reply).toContain('not medical advice');
  });
});

describe('a short word the documents have but the answer does not', () => {
  it('is said to be unknown, as a longer one is ("how old is the host" was answered with the podcast alone)', async () => {
    const age = await ask('how old is chef mara okafor');
    expect(age.reply).toContain("don't know");
    expect(age.sources.map((s) => s.url)).toContain('http://localhost:4321/api/public/ai/message');
    expect((await ask('which episode has chef mara okafor')).reply).not.toContain("don't know");
  });
});
