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
    // Not asked about, it says no word of it.
    expect((await ask('where can i read the soil episode instead of listening')).reply).not.toContain('transcript');
  });
});

describe('the video feeds asked how many items they carry', () => {
  it('say the feed limit (they said only "the latest")', async () => {
    const answer = await ask('how many items are in the json feed');
    expect(answer.intent).toBe('feeds');
    expect(answer.reply).toContain('up to 50');
  });
});

describe("a schedule question in the asker's own time zone", () => {
  it('tells the times in the place the question names too (it was told in Los Angeles time only, or not at all)', async () => {
    const now = await ask('whats on now in sydney');
    expect(now.intent).toBe('schedule');
    expect(now.reply).toContain('Afternoon Lab');
    expect(now.reply).toContain('in Australia/Sydney time');
    // Monday 21:00 in Paris is Monday 12:00 in Los Angeles.
    expect((await ask("i'm in paris, what's on at 9pm my time tonight")).reply).toContain('Midday Dispatch');
    expect((await ask('what time does aroma lab start in chicago time')).reply).toContain('Friday 15:00-19:00 in America/Chicago time');
    expect((await ask('when does the new year garden plans special start in tokyo')).reply).toContain('2027-01-10 03:00');
    expect((await ask('whats on at 9pm tonight')).reply).toContain('Late Night Listening Room');
  });

  it("asked whether the times are the asker's own, says the zone they are in, and the time now in both (it was the tiers)", async () => {
    const own = await ask('i live in london, are your listings in my local time');
    expect(own.intent).toBe('schedule');
    expect(own.reply).toContain('The schedule runs in America/Los_Angeles time');
    expect(own.reply).toContain('Monday 2026-11-23 22:30 in Europe/London time');
    // A time asked for in the asker's time is still told what is on then.
    expect((await ask("what's on at 9pm my local time")).reply).toContain('Late Night Listening Room');
  });

  it('is not a place named by an everyday word, nor the Jersey of "new jersey"', async () => {
    expect((await ask('whats on at 8pm new jersey time')).reply).not.toContain('Europe/Jersey');
    expect((await ask('is there a special on at easter time')).reply).not.toContain('Pacific/Easter');
    expect((await ask('whats on around my wake time, 7am')).reply).not.toContain('Pacific/Wake');
  });
});

describe('the podcast named by its title', () => {
  it('is the podcast, its episodes found by the rest of the question (it was the microphone pin, which names the show)', async () => {
    const hosts = await ask('who hosts canopy cove radio');
    expect(hosts.intent).toBe('podcast');
    expect(hosts.reply).toContain('Dirt Under the Fingernails');
    const about = await ask('what kind of show is canopy cove radio');
    expect(about.intent).toBe('podcast');
  });
});

describe("an episode asked for with a word of the show's title", () => {
  it('is found by the rest of the question ("i like gardening, which radio episode is for me" was the trailer, titled with "radio")', async () => {
    const garden = await ask('i like gardening, which radio episode is for me');
    expect(garden.reply).toContain('Dirt Under the Fingernails');
    expect(garden.reply).not.toContain('Welcome to Canopy Cove Radio (');
    // With nothing else that finds an episode, the word still finds the one it titles.
    expect((await ask('which radio episode is the trailer')).reply).toContain('Welcome to Canopy Cove Radio (');
  });
});

describe('a question for one kind of item whose first document is the overview of another', () => {
  it('asks for the overview\'s kind, about the first kind ("podcast merch" was told no episode matches "merch")', async () => {
    for (const q of ['podcast merch', 'got any swag with the podcast on it']) {
      const answer = await ask(q);
      expect(answer.intent).toBe('shop');
      expect(answer.reply).toContain('Cove Radio Microphone Pin');
    }
    // A word that orders a list names no overview: this is the podcast's.
    expect((await ask('the newest podcast ep')).intent).toBe('podcast');
  });
});

describe('a show named whole with a weekday in its name', () => {
  it("is asked about as the show, the day being its name (it was the whole day's lineup)", async () => {
    expect((await ask('when is friday bake on')).reply).toContain('Friday Bake airs Friday 08:00-11:00');
    expect((await ask('what comes after sunday dispatch')).reply).toContain('After Sunday Dispatch');
    expect((await ask('whats on friday at 9am')).reply).toContain('At 09:00 on Friday');
  });
});
