import { describe, expect, it } from 'vitest';
import { conciergeModel } from '../../test/support/concierge-model.ts';
import { correctWord, editDistance, readQuestion } from './question.ts';
import { answerQuestion } from './compose-answer.ts';
import { namingItems } from './item-ids.ts';

const read = (q: string) => readQuestion(q, conciergeModel.vocabulary);

describe('editDistance', () => {
  it('counts a transposition as one edit and stops past the limit', () => {
    expect(editDistance('shrae', 'share', 2)).toBe(1);
    expect(editDistance('platnum', 'platinum', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('correctWord', () => {
  it.each([
    ['shrae', 'share'],
    ['platnum', 'platinum'],
    ['schedual', 'schedule'],
    ['myrcine', 'myrcene'],
    ['regster', 'register'],
  ])('%s -> %s', (typo, word) => expect(correctWord(typo, conciergeModel.vocabulary)).toBe(word));

  it('leaves a superlative of a documented word as written: "shortest" is no typo of "shortcut"', () => {
    expect(correctWord('shortest', conciergeModel.vocabulary)).toBe('shortest');
    expect(correctWord('cheapest', conciergeModel.vocabulary)).toBe('cheapest');
  });

  it('leaves known words, their inflections, everyday words with a synonym and far-off words alone', () => {
    expect(correctWord('germinating', conciergeModel.vocabulary)).toBe('germinating');
    expect(correctWord('order', conciergeModel.vocabulary)).toBe('order');
    expect(correctWord('bitcoin', conciergeModel.vocabulary)).toBe('bitcoin');
  });

  it('does not read a stop word with a letter more as that stop word ("intro" is no "into"), unless the letter is doubled', () => {
    expect(correctWord('intro', conciergeModel.vocabulary)).toBe('intro');
    expect(correctWord('whatt', conciergeModel.vocabulary)).toBe('what');
  });

  it('corrects towards words the documents write, not parts of a web address or a DOI ("journal.pone.0267498")', () => {
    expect(correctWord('phone', conciergeModel.vocabulary)).toBe('phone');
  });
});

describe('readQuestion', () => {
  it('leaves out a tag that asks to confirm a statement: "the logo mug costs 20 dollars right?" asks about the mug', async () => {
    expect(read('the logo mug costs 20 dollars right?').words).toEqual(['the', 'logo', 'mug', 'costs', '20', 'dollars']);
    expect(read("gold starts at 300 points, isn't it?").words).toEqual(['gold', 'starts', 'at', '300', 'points']);
    expect(read('the tote is in stock, is that right?').words).toEqual(['the', 'tote', 'is', 'in', 'stock']);
    expect(read('which way is right').words).toContain('right');
    const answer = await answerQuestion(conciergeModel, { message: 'the logo mug costs 20 dollars right?', now: new Date('2026-11-23T22:30:00Z') });
    expect(answer.reply).toContain('14.00');
  });

  it('expands contractions and chat spellings, and gives words the documents never use their synonyms instead', () => {
    const q = read("What's the swag like? wat pts");
    expect(q.words.slice(0, 3)).toEqual(['what', 'is', 'the']);
    expect(q.stems.has('shop')).toBe(true);
    expect(q.stems.has('point')).toBe(true);
    expect(q.query.split(' ')).not.toContain('swag');
  });

  it('reads a wall as what hangs on one, a poster or art: "something to hang on my wall" is the poster (round 61)', async () => {
    expect(read('something to hang on my wall').stems.has('poster')).toBe(true);
    const answer = await answerQuestion(conciergeModel, { message: 'i want something to hang on my wall, what do you have', now: new Date('2026-11-23T22:30:00Z') });
    expect(answer.reply).toContain('Harvest Moon Poster');
  });

  it('reads "maxed out" as a cap reached: "i maxed out my shares today" is the daily caps, not the leaderboard\'s max parameter (round 59)', async () => {
    expect(read('i maxed out my shares today, when can i share again').text).toContain(' reached the cap ');
    const answer = await answerQuestion(conciergeModel, { message: 'i maxed out my shares today, when can i share again', now: new Date('2026-11-23T22:30:00Z') });
    expect(answer.reply).toContain('reset at 00:00 UTC');
  });

  it('reads "the checker" as the verification of claims, not as "checked" (round 53)', async () => {
    expect(read('what does your checker look for on my page').query.split(' ')).toContain('verification');
    const answer = await answerQuestion(conciergeModel, { message: 'my promote was reversed though my post is still up, what does the checker look for', now: new Date('2026-11-23T22:30:00Z') });
    expect(answer.reply).toContain('claim verification');
  });

  it('names the tiers (plurals too), actions (by their stems), weekdays and counts a question mentions', () => {
    expect(read('what does platinum get that gold doesnt?').tiers).toEqual(['Platinum', 'Gold']);
    expect(read('What do Legends get that Platinum agents do not?').tiers).toEqual(['Legend', 'Platinum']);
    expect(read('do i earn more for a mention or a share').actions).toEqual(['share', 'mention']);
    expect(read('Whats a referal worth').actions).toEqual(['referral']);
    expect(read('Do I get anything for claiming a task?').actions).toEqual(['task_claim']);
    expect(read('how many points for a content submission').actions).toEqual(['content_submit']);
    expect(read("what's on on Friday?").days).toEqual(['friday']);
    expect(read('top 3 agents').count).toBe(3);
    expect(read('top five agents').count).toBe(5);
  });

  it('reads numbers of points, not the digits of a handle or a "top N" count', () => {
    expect(read("I've got 1,200 points").numbers).toEqual([1200]);
    expect(read('I have 320 points, what tier am I').numbers).toEqual([320]);
    expect(read('what tier is scout-7').numbers).toEqual([]);
    expect(read('top 3 agents').numbers).toEqual([]);
    expect(read('which episode is about lab reports, season 1 episode 4?').numbers).toEqual([]);
  });

  it('asks for a kind of item only in its own words, and leaves that word out of the search', () => {
    const q = read('got any videos about quilting?');
    expect(q.kind).toBe('video');
    expect(q.query).not.toMatch(/video/);
    expect(read('can you order me a pizza').kind).toBeUndefined();
  });

  it('keeps a kind word that follows "when" and what is done to it: it is what the question is about, not a kind asked for', () => {
    expect(read('what is the max page size when fetching clips').query).toMatch(/clips/);
    expect(read('webhooks so my bot hears when a new video is published').query).not.toMatch(/video/);
  });

  it('reads what a question for items leaves out, and leaves it out of the search; not a verb\'s "not", nor where no items are asked for', () => {
    expect(read('any videos that are not about cooking or gardening')).toMatchObject({ excluding: 'cooking or gardening', query: 'any' });
    expect(read('everything in the shop under $20 except the stickers').excluding).toBe('stickers');
    expect(read('list the shop items other than the leaf one').excluding).toBe('leaf');
    expect(read('podcast episodes not from season one').excluding).toBe('season one');
    expect(read('which tiers do not get the gated feed').excluding).toBeUndefined();
    expect(read('can an agent that is not platinum read the exclusive articles').excluding).toBeUndefined();
  });

  it('tells questions about oneself', () => {
    expect(read('how many points do I have').self).toBe(true);
    expect(read('how many points is a share').self).toBe(false);
  });

  it('offers handle-shaped and unknown words as possible agent names, not known words', () => {
    expect(read('what tier is scout-7').names).toEqual([{ name: 'scout-7', handleLike: true }]);
    expect(read('is Nova_Bot platinum?').names).toEqual([{ name: 'Nova_Bot', handleLike: true }]);
    expect(read('how many points does lumen have').names).toEqual([{ name: 'lumen', handleLike: false }]);
    expect(read('what is the tier of a gold agent').names).toEqual([]);
  });
});

describe("the asker's own key", () => {
  it('is its apiKey: "where do i put my key when calling from an mcp client" is the MCP server\'s Bearer header', async () => {
    expect(read('where do i put my key').words).toContain('apikey');
    expect(read('what is an idempotency key').words).not.toContain('apikey');
    const answer = await answerQuestion(conciergeModel, { message: 'where do i put my key when calling from an mcp client', now: new Date('2026-11-23T22:30:00Z') });
    expect(answer.reply).toContain('Bearer');
  });
});

describe('namingItems', () => {
  const now = new Date('2026-11-23T22:30:00Z');
  const named = (q: string) => namingItems(q, conciergeModel.catalog, now);

  it('reads an id pasted from the site or the API as its item, with the URL or path it ends', () => {
    expect(named('what is http://localhost:4321/videos/cc-006 about')).toBe('what is the video "Living Soil on a Balcony" about');
    expect(named('ep-004 who is the guest')).toBe('the podcast episode "Kitchen Table Stories" who is the guest');
    expect(named('price of mug-cove-logo')).toBe('price of the Canopy Cove Logo Mug');
  });

  it('reads an id of a video nothing publishes as a video, and leaves query values, agents and unannounced specials as written', () => {
    expect(named('what is cc-099')).toBe('what is the video cc-099');
    expect(named('is /api/public/clips?videoId=cc-004 paginated')).toBe('is /api/public/clips?videoId=cc-004 paginated');
    expect(named('GET /api/public/ai/agent/pixel-fox')).toBe('GET /api/public/ai/agent/pixel-fox');
    expect(named('is winter-solstice-special-2026 on')).toBe('is winter-solstice-special-2026 on');
  });

  it('reads a pasted request for the video list by its filters, and leaves one with none as written', () => {
    expect(named('http://localhost:4321/api/public/videos?category=news what will that return')).toBe('the news videos what will that return');
    expect(named("curl 'http://localhost:4321/api/public/videos?tag=harvest&offset=0'")).toBe("curl 'the videos tagged harvest'");
    expect(named('is /api/public/videos?limit=5 ok')).toBe('is /api/public/videos?limit=5 ok');
  });

  it('reads a pasted knowledge request for a topic the knowledge base has not as its error, and answers with the code', async () => {
    expect(named("curl 'http://localhost:4321/api/public/knowledge?topic=terpenes'")).toBe("curl 'http://localhost:4321/api/public/knowledge?topic=terpenes'");
    const answer = await answerQuestion(conciergeModel, { message: 'GET /api/public/knowledge?topic=recipes answered 400, why', now });
    expect(answer.reply).toContain('unknown_topic');
  });

  it('reads three words or more joined by hyphens that name nothing as the words, and leaves two-part handles as written', () => {
    expect(named('do you sell hoodie-forest-green')).toBe('do you sell hoodie forest green');
    expect(named('what tier is tiny-crawler')).toBe('what tier is tiny-crawler');
  });

  it('answers a bare video id with that video', async () => {
    const answer = await answerQuestion(conciergeModel, { message: 'cc-009 in one line please', now });
    expect(answer.reply).toContain('Certificate of Analysis');
    expect(answer.sources.map((s) => s.url)).toContain(`${conciergeModel.base}/api/public/videos/cc-009`);
  });
});
