import { describe, expect, it } from 'vitest';
import { absoluteUrl, publicOrigin } from '../public-origin.ts';
import { conciergeModel, contentCatalog, snapshotOf } from '../../test/support/concierge-model.ts';
import { answerQuestion, asksOf, buildModel, unnamedIn } from './compose-answer.ts';
import { operations } from '../api/registry.ts';
import { durationText } from './answer-format.ts';
import { normalise } from './text.ts';
import { readQuestion } from './question.ts';

const now = new Date('2026-11-23T22:30:00Z');
const ask = (message: string) => answerQuestion(conciergeModel, { message, now });

describe('composing an answer', () => {
  it.each([
    ['How much CBD should I take?', 'dosing'],
    ['How many mg for a beginner?', 'dosing'],
    // The amount asked of may be several words before its verb: "how many drops under the tongue should i use".
    ['how many drops under the tongue should i use', 'dosing'],
    ['Is CBD good for sleep?', 'health'],
    ['Can cannabis treat arthritis?', 'health'],
    ['Does the API have a health check?', 'api'],
    ['hello', 'greeting'],
    ['Hi, how do I register?', 'register'],
    ['How many points do I need for Gold?', 'tiers'],
    ['How many points for a referral?', 'points'],
    ['How do referrals work?', 'referral'],
    ['What are the rate limits?', 'rate_limits'],
    ["What's on now?", 'schedule'],
    ['Where is the RSS feed?', 'feeds'],
    ['What is the entourage effect?', 'knowledge'],
    ['do you sell merchandise?', 'shop'],
    // Buying what the knowledge base describes is a question for the shop, which has no such product.
    ['do you sell cbd tinctures', 'shop'],
    ['can i buy cbd capsules from you', 'shop'],
    ['do you sell thc vapes', 'shop'],
    ['got any merch', 'shop'],
    ['any good movies about glass?', 'videos'],
    ['is there a video about decarboxylation', 'videos'],
    ['podcast episode about terpenes', 'podcast'],
    ['the newest podcast episode', 'podcast'],
    ['glassblowing rn', 'videos'],
    ['honestly how do i fix my car', 'unknown'],
    // "quick" and "question" only frame the question; "tomatoes" is its subject, which nothing published has.
    ['quick question, which video has mocktails', 'videos'],
    ['quick question, how do i grow tomatoes', 'unknown'],
    // A first or last clause that names nothing a document is about only sets the question up.
    ["just wondering, what's on now", 'schedule'],
    // A last clause that asks "which" further on is part of the question: "parent" and "firm" are what it asks, and nothing published has them.
    ['who owns canopy cove, like which parent firm', 'unknown'],
    ['sorry if this is dumb but do you have mugs?', 'shop'],
    ['random question but what is the capital of france', 'unknown'],
    // A thing no document knows, with a word corrected into one of ours ("cancel" into "cancer"): no rule reads it.
    ['help me cancel my netflix', 'unknown'],
    // So is one with a word after an article corrected into a word one document uses, which no close document has ("super bowl" as "supper bowel").
    ['who sang at the super bowl last year', 'unknown'],
    ['what time is the super bowl on', 'unknown'],
    ['who is playing in the super bowl', 'unknown'],
    // A count of the one word a document is filed under without saying it: the feeds (under "subscribe") count no subscribers.
    ['how many subscribers do you have', 'unknown'],
    ['how many subscribers does the channel have', 'unknown'],
    // A thing named by words of which a catalog item has some, none in its names, and lacks another: a mug "in stock" is no stock market.
    ['how is the stock market doing', 'unknown'],
    ['where can i see the stock price of canopy cove', 'unknown'],
    // Or lacks a word between two it has that another item is filed under: a harvest roundup is no policy or ballot roundup.
    ['what is the harvest policy roundup', 'unknown'],
    ['whats in the harvest ballot roundup', 'unknown'],
    // A stranger after an article is the subject, not shorthand: no document that lacks it answers.
    ['who is the ceo of canopy cove', 'unknown'],
    ['price of the tote rn', 'shop'],
    // A question mark ends a clause too: what follows it is a tag; a clause that asks for a kind of item is no tag.
    ['any mugs in the shop? cheers', 'shop'],
    ['newest podcast episode? rn', 'podcast'],
    // A long word no document has, last and after a word that is no stop word, is a tag only the rules read past; an object it is not.
    ["what's on now lowkey", 'schedule'],
    // A kind of item named after "when", "so", "if" or "because" is in a clause about something else.
    ['are there webhooks so i hear when a new video comes out', 'api'],
    // The asker's points or tier after "when" are the condition of what is asked, not their standing asked for.
    ['is there a webhook for when my points go down', 'api'],
    // An adverb in "-ly" before the question word sets the question up like a clause of its own.
    ['frankly who is second on the leaderboard', 'leaderboard'],
    ['how do i grow tomatoes lowkey', 'unknown'],
    ["what's on tonight in portland", 'unknown'],
    // "tonite" and "2nite" are chat spellings of "tonight", a word of the schedule's clock.
    ['anything good on 2nite', 'schedule'],
    // A word and the service's word for it ("smell" and "aroma") are one word of the question: the show with both accounts for no more of it than the entry with "lavender".
    ['terpene with a lavender smell', 'knowledge'],
    // A word shaped like a handle in a question that asks for a kind of item is about the item, not an agent.
    ['is the mid-season recap video out', 'videos'],
    ['asdf qwerty', 'unknown'],
    ['what is the capital of france', 'unknown'],
  ])('%s -> %s', async (q, intent) => expect((await ask(q)).intent).toBe(intent));

  it('says it knows no more about a word no document has right before one the answer is filed under', async () =>
    expect((await ask('does the mcp server offer greeting cards')).reply).toContain('I don\'t know more about "greeting"'));

  it('says what follows a show the question names once it ends', async () => {
    expect((await ask('once morning garden ends what comes on')).reply).toContain('Kitchen Mornings');
    expect((await ask('what is next when kitchen mornings finishes')).reply).toContain('Midday Dispatch');
  });

  it('names its sources, with titles and absolute URLs, whatever the question', async () => {
    for (const q of ['what is cbd', 'what is the capital of france', 'hi', 'how do I earn points', 'any videos about quilting?']) {
      const answer = await ask(q);
      expect(answer.sources.length, q).toBeGreaterThan(0);
      for (const s of answer.sources) {
        expect(s.title, q).not.toBe('');
        expect(s.url.startsWith(`${publicOrigin()}/`), q).toBe(true);
      }
    }
  });

  it('reads durations under a minute in seconds', () => {
    expect(durationText(4)).toBe('4 seconds');
    expect(durationText(59)).toBe('59 seconds');
    expect(durationText(960)).toBe('16 min');
    expect(durationText(5400)).toBe('1 h 30 min');
  });
});

describe('the questions issue #37 found answered wrongly', () => {
  it('offers no unpublished video: none is about quilting, and pest control points to the category that covers pests', async () => {
    const quilting = await ask('got any videos about quilting?');
    expect(quilting.intent).toBe('videos');
    expect(quilting.reply).toContain('No published video matches "quilting"');
    expect(quilting.reply).not.toContain('Patchwork');
    const pests = await ask('anything on pest control for a small garden');
    expect(pests.reply).toContain('Cultivation');
    expect(pests.reply).toContain('pests');
    expect(pests.reply).not.toContain('Pest Patrol');
    expect(pests.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/videos?category=cultivation'));
  });

  it('finds the MCP server and the dataset version in the discovery index', async () => {
    const mcp = await ask('where do agents connect over MCP');
    expect(mcp.sources.map((s) => s.url)).toContain(absoluteUrl('/mcp'));
    expect((await ask('Which version is the knowledge base dataset?')).reply).toContain('version 1.0.0');
  });

  it('works out a tier from points without a key, and what one tier adds over another', async () => {
    const gold = await ask('I have 320 points, what tier am I');
    expect(gold.reply).toContain('With 320 points you are Gold');
    expect(gold.reply).not.toContain('apiKey');
    const legend = await ask('What do Legends get that Platinum agents do not?');
    expect(legend.reply).toContain("What Legend gets that Platinum doesn't: Permanent Hall of Fame enshrinement; Recurring featured shoutouts; All exclusive content unlocked; A firehose");
  });

  it('tells reputation from points, and names the members of a list', async () => {
    expect((await ask('is reputation the same as points')).reply).toContain('Reputation is not the same as points');
    expect((await ask('Which terpenes are in the knowledge base?')).reply).toContain(
      '7 terpenes: α-Pinene, β-Caryophyllene, Humulene (α-humulene), Limonene, Linalool, Myrcene (β-myrcene), Terpinolene',
    );
  });

  it('answers a safety question without advice, from what the knowledge base says about driving', async () => {
    const answer = await ask('is it safe to drive after using cannabis');
    expect(answer.intent).toBe('health');
    expect(answer.reply).toContain('not medical advice');
    expect(answer.reply).toContain('should not drive');
    // Of the paragraph, the sentence on driving: not the sentences on vaping products before it.
    expect(answer.reply).not.toContain('Vaping products have their own risks');
    expect(answer.sources[0].url).toBe(absoluteUrl('/api/public/knowledge/methods/inhalation'));
  });

  it('says a 4-second video lasts 4 seconds', async () => {
    const answer = await ask('how long is the germination video');
    expect(answer.reply).toContain('(4 seconds,');
    expect(answer.reply).not.toContain('0 min');
  });
});

describe('round 12 of issue #37', () => {
  it('gives the video a word of its title names when no video has every word, correcting the rest from its description', async () => {
    const answer = await ask('Dr. Ines Marlowe hosts the germination video, right?');
    expect(answer.reply).toContain('No published video matches');
    expect(answer.reply).toContain('The nearest: Seed to Sprout');
    expect(answer.reply).toContain('Host Juniper Vale');
    expect(answer.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/videos/cc-001'));
    expect((await ask('is there a video about quilting')).reply).not.toContain('The nearest');
  });

  it('says whether a show named by its title airs on the day asked, and when it does air when not', async () => {
    const wrong = await ask('Morning Garden airs on wednesday mornings, correct?');
    expect(wrong.reply).toContain('Morning Garden does not air on Wednesday: it airs Monday 06:00-09:00, Friday 06:00-08:00');
    const right = await ask('is morning garden on friday');
    expect(right.reply).toContain('Morning Garden airs Friday 06:00-08:00');
    expect(right.reply).toContain('to end the week');
    // Words of a title apart name no show: the day's lineup.
    expect((await ask('whats the kitchen show on saturday morning')).reply).toContain('Weekend Kitchen');
  });

  it('answers a question for videos of a category named whole with that category, whoever else it names', async () => {
    const answer = await ask('theo brandt hosts the science videos, yes?');
    expect(answer.intent).toBe('videos');
    expect(answer.reply).toContain('Science videos');
    expect(answer.reply).toContain('Dr. Ines Marlowe');
  });

  it('describes every video listed when the question asks who hosts them', async () => {
    const answer = await ask('who hosts the science videos');
    expect(answer.reply).toContain('Dr. Ines Marlowe');
    expect((await ask('list the science videos')).reply).not.toContain('Dr. Ines Marlowe');
  });

  it('reads what actions pay as what they earn', async () => {
    const answer = await ask("mentions pay more than promotes, don't they?");
    expect(answer.intent).toBe('points');
    expect(answer.reply).toContain('A mention earns 15 points. A promote earns 25 points.');
  });

  it('answers a code named with its status by that code alone, not every code of the status', async () => {
    const answer = await ask('what does 409 webhook_limit_reached mean');
    expect(answer.reply).toContain('webhook_limit_reached');
    expect(answer.reply).not.toContain('name_taken');
  });

  it('says what accepting the partnership again answers: 200 with alreadyPartner and no points', async () => {
    const answer = await ask('POST /api/public/ai/partnership {"agree":true} twice, is the bonus paid again');
    expect(answer.intent).toBe('partnership');
    expect(answer.reply).toContain('alreadyPartner: true and pointsAwarded: 0');
  });

  it("reads the points a question says the partnership's bonus is as its value asked about, not as a standing", async () => {
    const answer = await ask('the partnership bonus is 500 points, correct?');
    expect(answer.intent).toBe('partnership');
    expect(answer.reply).toContain('100');
    expect(answer.reply).not.toContain('With 500 points');
    expect((await ask('i have 500 points what tier')).reply).toContain('With 500 points you are Gold');
  });

  it('adds up counted actions with the partnership bonus, reading a last clause that is a question', async () => {
    const answer = await ask('say i sign the partnership and do 2 shares, whats my total');
    expect(answer.reply).toContain('the partnership bonus 100: 120 points in all');
  });

  it('reads "which agent" as "who", and finds a video under an entry\'s own name', async () => {
    expect((await ask('which agent has the highest promotion points')).intent).toBe('leaderboard');
    const decarb = await ask('is there a decarb video');
    expect(decarb.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/videos/cc-020'));
  });

  it('answers with an entry before a passage of another entry that accounts for no more of the question', async () => {
    const answer = await ask('what is 11-hydroxy-thc exactly');
    expect(answer.sources[0].url).toBe(absoluteUrl('/api/public/knowledge/methods/oral-edibles'));
  });
});

describe('round 13 of issue #37', () => {
  it('finds a special by the month it airs in, and a show by the day a category airs', async () => {
    const december = await ask('anything special happening in december?');
    expect(december.reply).toContain('Harvest Live 2026');
    expect(december.reply).not.toContain('Solstice');
    const science = await ask('when is the science show on tuesday');
    expect(science.intent).toBe('schedule');
    expect(science.reply).toContain('Label Literacy');
  });

  it('counts an action written before its number, and says what a tier named above a standing adds', async () => {
    expect((await ask('if i refer 2 agents and share 3 links, what is that in total')).reply).toContain('130 points in all');
    expect((await ask('i have 200 points, how far am i from gold and what does gold give')).reply).toContain('Gold adds: On-air shoutouts');
  });

  it('counts actions written as how often or how many together', async () => {
    expect((await ask('total if i mention twice and promote once')).reply).toContain('55 points in all');
    expect((await ask('a couple of referrals and 3 shares, how many points')).reply).toContain('130 points in all');
    // What actions are worth asks for their sum, as "how many points" does.
    expect((await ask('what are 4 shares and 2 mentions worth')).reply).toContain('70 points in all');
  });

  it('lists every item that has the words the best one matched, in its description as in its title', async () => {
    const reply = (await ask('which videos have chef mara in them')).reply;
    expect(reply).toContain('Holiday Cookie Lab');
    expect(reply).toContain('Low-and-Slow Butter');
  });

  it('answers a comparison with both items it names', async () => {
    const answer = await ask('is the trailer episode shorter than Festival Season?');
    expect(answer.reply).toContain('Festival Season');
    expect(answer.reply).toContain('Welcome to Canopy Cove Radio');
  });

  it('answers an API question that mentions videos about the API, and finds the statistics endpoint and the site overview', async () => {
    expect((await ask('do i need an api key to read the list of videos')).reply).toContain('Reads need no key');
    expect((await ask('which endpoint has the live statistics')).sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/stats'));
    expect((await ask('how do I read the exclusive content')).reply).toContain('?apiKey=');
    const site = await ask('what is canopy cove tv');
    expect(site.sources[0].url).toBe(absoluteUrl('/llms.txt'));
    expect(site.reply).not.toContain('Mug');
  });

  it('says when no product or episode matches, and takes no rewritten word for a handle', async () => {
    expect((await ask('do you sell cbd')).reply).toContain('No product matches "cbd"');
    expect((await ask('is there an episode about quilting')).reply).toContain('No episode matches "quilting"');
    expect((await ask('can i buy a t-shirt')).intent).toBe('shop');
  });

  it('lets a rule of the program answer past a tier or an action the question also names', async () => {
    // The rate limits name Bronze too, and account for the rest of the question.
    expect((await ask('how many reads per hour does a bronze agent get')).reply).toContain('10,000 per hour');
    // The daily caps, not what a promote earns.
    expect((await ask('is there a daily limit on how many promotes count?')).reply).toContain('promote 10');
  });

  it('says a tier named as other programs name theirs does not exist, and gives the five there are', async () => {
    for (const q of ['what do Diamond agents get', 'how do i reach titanium tier', 'is there a vip level']) {
      const answer = await ask(q);
      expect(answer.intent, q).toBe('tiers');
      expect(answer.reply, q).toMatch(/^There is no (Diamond|Titanium|VIP) tier\. /);
      for (const tier of ['Bronze', 'Silver', 'Gold', 'Platinum', 'Legend']) expect(answer.reply, q).toContain(tier);
    }
    expect((await ask('what do Gold agents get')).reply).not.toContain('There is no');
    expect((await ask('tell me about the emerald coast festival')).reply).not.toContain('There is no');
  });

  it('gives the episode of the subject asked for before the episode its wrong number names, with their numbers', async () => {
    const answer = await ask('which podcast episode is about lab reports, season 1 episode 4?');
    expect(answer.intent).toBe('podcast');
    expect(answer.reply).toContain('Reading the Label (season 2, episode 1');
    expect(answer.reply).toContain('Kitchen Table Stories (season 1, episode 4');
    expect(answer.reply.indexOf('Reading the Label')).toBeLessThan(answer.reply.indexOf('Kitchen Table Stories'));
    expect((await ask('what is season 2 episode 2')).reply).not.toContain('Reading the Label');
  });

  it("lists a season's episodes and every video of a category asked for, and points to the team when nothing matches", async () => {
    const season = (await ask('what episodes are in season two')).reply;
    for (const title of ['Reading the Label', 'Rope, Sails and Paper', 'How a Ballot Measure Is Born']) expect(season).toContain(title);
    expect((await ask('list the kitchen videos')).reply).toContain('Infused Olive Oil');
    const shipping = await ask('do you ship to canada?');
    expect(shipping.reply).toContain("I don't know");
    expect(shipping.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/ai/message'));
  });

  it('answers with the entry about the rest of a question that names another, and with a length of time for "how long"', async () => {
    expect((await ask('do cbd lotions get you high')).sources[0].url).toBe(absoluteUrl('/api/public/knowledge/methods/topical'));
    expect((await ask('how long do you take to verify a claimed url?')).reply).toContain('72 h');
  });
});

describe('round 19 of issue #37', () => {
  it('answers a tier or a program fact named whole together with the fact of the program about the rest of the question', async () => {
    const gold = await ask('can a gold agent read the exclusive stuff');
    expect(gold.reply).toContain('for Platinum (750 points) and above');
    expect(gold.reply).toContain('Gold needs 300');
    expect((await ask('do I earn points for messaging the team?')).reply).toContain('messages never earn points');
    // Registering says the limit per address itself; "point" is commoner than "gold".
    expect((await ask('is there a limit on how many agents i can register from one ip')).reply).toContain('20 per client address per UTC day');
    expect((await ask('how many points do i need for gold')).intent).toBe('tiers');
  });

  it('gives the reputation model its levels and weights, and reads a level with a score as a reputation level', async () => {
    const answer = await ask('what reputation level is a score of 65');
    expect(answer.intent).toBe('reputation');
    expect(answer.reply).toContain('Trusted from 60');
    expect(answer.reply).toContain('contribution 0.30');
  });

  it('reads idioms in the documents\' own words: "put out" is published, "the last video" the latest, "turned into" converted into', async () => {
    const reply = (await ask('what was the last video you guys put out')).reply;
    expect(reply).toContain('Newest videos: Holiday Cookie Lab');
    // Of two passages as close, the one of the entry "cbga" names (CBG's): the plant makes THCA, CBDA and CBCA from it.
    expect((await ask('what does CBGA get turned into by the plant')).reply).toContain('THCA, CBDA or CBCA');
  });

  it('reads two words written apart as the one word the documents write', async () => {
    expect((await ask('is there anything about glass blowing')).reply).toContain('Glass Artists of the Northern Coast');
  });
  it("computes what the daily caps allow in points, and counted actions from an agent's points", async () => {
    expect((await ask('whats the most points i can get from mentions in a day')).reply).toContain('mention 15 points x 20 a day = 300');
    const legend = (await ask('can an agent reach legend in one day')).reply;
    expect(legend).toContain('at most 1,400 points a day');
    expect(legend).toContain('yes, an agent can reach Legend in one day');
    const program = snapshotOf([{ name: 'lumen', tier: 'Gold', points: 340, promoPoints: 320, rank: 1 }]);
    const counted = await answerQuestion(conciergeModel, { message: 'if lumen does 4 promotes how many points will it have', now }, program);
    expect(counted.reply).toContain('440 points in all');
    expect((await ask('an agent has 810 points and posts 3 tasks, what tier is that')).reply).toContain('870 points in all, which is Platinum');
  });

  it('says what it does not know about an item it lists, and where to ask', async () => {
    // An item named by a rare word of its name, with a word no document has: the item, and what is not known of it.
    const mug = (await ask('mug capacity?')).reply;
    expect(mug).toContain('Canopy Cove Logo Mug');
    expect(mug).toContain('I don\'t know more about "capacity"');
    const answer = await ask('is the logo mug microwave safe');
    expect(answer.reply).toContain('Canopy Cove Logo Mug');
    expect(answer.reply).toContain('I don\'t know more about "microwave"');
    expect(answer.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/ai/message'));
  });
  it("answers from an entry's own paragraph when its summary and facts lack a word of the question", async () => {
    expect((await ask('thc and the liver, what happens')).reply).toContain('11-hydroxy-THC');
  });
  it('reads "who ... first" about an entry the question names whole as about that entry, not the leaderboard', async () => {
    const answer = await ask('who came up with the entourage effect first');
    expect(answer.intent).toBe('knowledge');
    expect(answer.reply).toContain('Mechoulam');
  });
});

describe('round 22 of issue #37', () => {
  it('answers a near-name of an entry\'s name with the document about it, not the entry ("thca" is not THC)', async () => {
    const answer = await ask('is thca intoxicating before heating');
    expect(answer.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/knowledge/glossary/decarboxylation'));
    expect(answer.reply).toContain('non-intoxicating');
    // A name of letters and digits no document has is a thing of its own: not THC, not an agent's handle.
    expect((await ask('tell me about delta-8 thc')).intent).toBe('unknown');
  });

  it("answers the knowledge base's own question with an entry it names, and a tier's own rate limits", async () => {
    expect((await ask('does the knowledge base have anything on cb2')).sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/knowledge/glossary/cb2-receptor'));
    expect((await ask('which topics does the knowledge base cover')).reply).toContain('version 1.0.0');
    expect((await ask('rate limits for gold agents')).reply).toContain('At Gold (x3): reads 900 per minute, 30,000 per hour, 300,000 per day');
  });

  it('reads a place on the leaderboard, and sums the prices of the products asked for together', async () => {
    const program = snapshotOf([
      { name: 'lumen', tier: 'Gold', points: 340, promoPoints: 320, rank: 1 },
      { name: 'pixel-fox', tier: 'Silver', points: 150, promoPoints: 40, rank: 2 },
    ]);
    const place = await answerQuestion(conciergeModel, { message: 'which agent is number 2 on the leaderboard', now }, program);
    expect(place.intent).toBe('leaderboard');
    expect(place.reply).toContain('2. pixel-fox');
    expect((await ask('the poster and the mug, how much together')).reply).toContain('Together: 42.00 USD');
  });

  it('says what it does not know beside what it knows: an entry, the site overview, the shop', async () => {
    expect((await ask('which terpene smells like papaya')).reply).toContain('I don\'t know more about "papaya"');
    expect((await ask('who started canopy cove tv')).reply).toContain('I don\'t know more about "started"');
    expect((await ask('do you sell real cannabis')).reply).toContain('no cannabis is sold');
  });

  it('lists items with the fact asked about, and reads "now" and "short for" as no question about the schedule or clips', async () => {
    expect((await ask('who hosts the cultivation videos')).reply).toContain('Host Juniper Vale walks through');
    expect((await ask('which videos are featured at the moment')).intent).toBe('videos');
    expect((await ask('what videos are on right now')).intent).toBe('schedule');
    expect((await ask('what is ecs short for')).intent).toBe('knowledge');
  });

  it('answers a comparison with a thing that has no entry by the entry that relates the two, and counts products asked for by number', async () => {
    const relation = await ask('thca vs thc');
    expect(relation.sources.map((s) => s.url)).toEqual([absoluteUrl('/api/public/knowledge/glossary/decarboxylation'), absoluteUrl('/api/public/knowledge/cannabinoids/thc')]);
    expect((await ask('what would 3 leaf pins cost')).reply).toContain('3 × Leaf Enamel Pin: 27.00 USD');
    expect((await ask('got anything for less than $10?')).reply).toContain('Priced under 10: Cove Sticker Pack, 7.50 USD');
  });

  it('reads "make me high" as a health question, and reads to it the entry that holds its rarest word besides the one it names', async () => {
    const answer = await ask('can cbd lotion on my shoulder make me high');
    expect(answer.intent).toBe('health');
    expect(answer.sources.map((s) => s.url).slice(0, 2)).toEqual([absoluteUrl('/api/public/knowledge/cannabinoids/cannabidiol'), absoluteUrl('/api/public/knowledge/methods/topical')]);
  });

  it('answers who with the paragraph of the entry that names people in running text', async () => {
    expect((await ask('who first identified anandamide')).reply).toContain('Devane and colleagues isolated anandamide from pig brain');
  });

  it('tells no special before its announcement, and says no announced special matches the words only it has', async () => {
    const answer = await ask('what time does the solstice special start');
    expect(answer.reply).toContain('No announced special matches "solstice"');
    expect(answer.reply).not.toContain('2026-12-20');
  });

  it('reads a time of day as written: "noon" and "12pm" not corrected into other words, "9:30" not split at its colon', async () => {
    expect((await ask('whats on at noon on saturday')).reply).toContain('At 12:00 on Saturday');
    expect((await ask("what's on saturday at 12pm")).reply).toContain('At 12:00 on Saturday');
    expect((await ask("what's on monday at 9:30 pm")).reply).toContain('At 21:30 on Monday');
  });

  it('names the cheaper of two products, and does not call a comparative it reads as price unknown', async () => {
    const answer = await ask('whats cheaper, socks or mug');
    expect(answer.reply).toContain('The cheaper: Canopy Cove Logo Mug (14.00 USD)');
    expect(answer.reply).not.toContain("don't know");
  });

  it('counts how many of one action earn what one of another does', async () => {
    expect((await ask('how many mentions do i need to match one content submission')).reply).toContain('It takes 2 × mention to earn what one content_submit does (30 points)');
  });
});

describe('prices asked together', () => {
  it('adds up the products a question names by their names, not a bundle whose description names them', async () => {
    const answer = await ask('what do 2 leaf socks and a canvas tote cost');
    expect(answer.reply).toContain('1 × Canopy Canvas Tote and 2 × Leaf Pattern Socks: 54.00 USD');
    expect(answer.reply).not.toContain('Bundle');
  });
});

describe('what an error body carries', () => {
  it("says the members a problem code adds to the body, read from the problem schema's descriptions", async () => {
    const answer = await ask('what does a 429 rate_limited error body carry besides the code');
    expect(answer.reply).toContain('rate_limited adds violatedPolicies');
    expect(answer.reply).toContain('retryAfterSeconds (the Retry-After header, in seconds)');
  });
});

describe("a topic's members described by what the question asks of them", () => {
  it('adds to each member the facts whose label has a word of the question besides the topic', async () => {
    const answer = await ask('list the consumption methods and their onset');
    expect(answer.reply).toContain(
      'Inhalation: smoking and vaporizing: Smoking or vaporizing cannabis delivers cannabinoids through the lungs, so effects begin within minutes. Onset: Within minutes.',
    );
    expect(answer.reply).toContain('Onset: Delayed and variable');
    expect((await ask('list terpenes')).reply).not.toContain('Aroma:');
  });
});

describe('what an endpoint takes', () => {
  it("quotes an endpoint's parameters with their bounds and its body's content type and size limit, as the discovery index publishes them", async () => {
    const answer = await ask('what is the default page size of the tasks list');
    expect(answer.reply).toContain('limit (optional, min 1, max 100, default 50): Page size, 1-100, default 50');
    expect(answer.sources[0]?.url).toBe(`${publicOrigin()}/api/public/ai/tasks`);
    expect((await ask('which fields does the share endpoint body take')).reply).toContain('JSON body (Content-Type: application/json, size at most 16 KiB): url (required, up to 2048 characters)');
  });

  it('names the values a list field of a body may hold: the events a webhook subscribes to', async () => {
    expect((await ask('what gets sent to my webhook when my tier changes')).reply).toContain('each one of points.awarded, points.reversed, claim.verified, tier.changed');
  });
});

describe('the rate limits by the adjectives of their windows', () => {
  it('reads "daily" as the window of a rate limit, not only as the daily caps of the actions', async () => {
    const answer = await ask('what is my daily request limit');
    expect(answer.intent).toBe('rate_limits');
    expect(answer.reply).toContain('100,000 per day');
    expect((await ask('how many reads daily')).intent).toBe('rate_limits');
    expect((await ask('what is the daily cap for shares')).reply).toContain('share 20');
  });
});

describe('two tiers compared by their rate limits', () => {
  it('gives each named tier its limits when the question compares them by what the rate-limit policy measures', async () => {
    const answer = await ask('gold vs platinum write limits per minute');
    expect(answer.intent).toBe('rate_limits');
    expect(answer.reply).toContain('writes 180 per minute');
    expect(answer.reply).toContain('writes 300 per minute');
    expect((await ask('whats the difference between silver and gold')).intent).toBe('tiers');
  });
});

describe('the site called by what a visitor calls it', () => {
  it("answers what this site or website is with the site's summary", async () => {
    for (const q of ['what does this website do', 'new here, what is this site']) {
      const answer = await ask(q);
      expect(answer.reply).toContain('Canopy Cove TV is a fictional demo brand');
      expect(answer.sources[0]?.url).toBe(`${publicOrigin()}/llms.txt`);
    }
  });
});

describe('the tier-gated feed polled', () => {
  it('says the feeds answer polls the tier-gated feed with since and the previous nextCursor', async () => {
    const answer = await ask('which feeds can my agent check for updates');
    expect(answer.intent).toBe('feeds');
    expect(answer.reply).toContain('polled with ?since= and the nextCursor of the previous call');
  });
});

describe('an ordinal in digits', () => {
  it('reads "3rd" as a number: no handle, no name of a thing, no subject', async () => {
    const answer = await ask('promote the same url again, what happens the 3rd time');
    expect(answer.reply).toContain('The same action on the same url earns once per 24 hours');
  });
});

describe("a request body's size", () => {
  it('finds the size limit of a POST body by its size', async () => {
    expect((await ask('max json body size for writes')).reply).toContain('size at most 16 KiB');
    expect((await ask('largest body size a POST may have')).reply).toContain('16 KiB');
  });
});

describe('an endpoint quoted by its path', () => {
  it('answers from the documents of the path quoted, under the method given', async () => {
    const tasks = await ask('GET /api/public/ai/tasks default page size?');
    expect(tasks.reply).toContain('default 50');
    expect(tasks.sources[0]?.url).toBe(`${publicOrigin()}/api/public/ai/tasks`);
    expect((await ask('fields for POST /api/public/ai/partnership')).reply).toContain('agree');
  });
});

describe('an endpoint named by its path', () => {
  it('answers from the documents of the endpoint named by its last word', async () => {
    expect((await ask('largest page the tasks endpoint returns')).reply).toContain('max 100');
    expect((await ask('what must the body of the partnership endpoint hold')).reply).toContain('agree');
  });
});

describe("the podcast's own metadata", () => {
  it('says what the show publishes of itself, its owner email and copyright, and the channel names it among the contacts', async () => {
    expect((await ask('who is the owner of the podcast')).reply).toContain('podcast@canopycove.example');
    expect((await ask('what is the podcast copyright')).reply).toContain('© 2026');
    expect((await ask('email address for the podcast team')).reply).toContain('podcast@canopycove.example');
  });

  it("gives the brand's team its own email: the podcast's owner is not the team named by the site's name", async () => {
    const team = await ask('how do i reach the canopy cove team by email');
    expect(team.intent).toBe('message_team');
    expect(team.reply).toContain('team@canopycove.example');
  });
});

describe("a higher tier's perk asked of a lower tier", () => {
  it('corrects the premise with the tier that grants it, and answers a lower tier’s perk as the named tier’s', async () => {
    const firehose = await ask('does gold tier get the firehose');
    expect(firehose.reply).toContain('not a Gold perk');
    expect(firehose.reply).toContain('Legend');
    expect((await ask('silver firehose?')).reply).toContain('comes with Legend');
    expect((await ask('what does Silver unlock')).reply).not.toContain('not a Silver perk');
    expect((await ask('does platinum get the tier-gated feed')).reply).not.toContain('not a Platinum perk');
  });
});

describe('a subject the cited documents do not cover', () => {
  it('answers what is published and says it knows no more about a rare word none of the cited documents has', async () => {
    const weather = await ask('weather forecast for the new year garden plans special');
    expect(weather.reply).toContain('New Year Garden Plans');
    expect(weather.reply).toContain(`I don't know more about "weather forecast"`);
    expect(weather.sources.map((s) => s.url)).toContain(`${publicOrigin()}/api/public/ai/message`);
  });
});

describe('the words that ask for an endpoint', () => {
  it('reads "endpoint" and "call" as framing an API question, not as its subject (alone they drew the webhooks)', async () => {
    expect((await ask('which endpoint has the podcast episodes')).reply).toContain('/api/public/podcast');
    expect((await ask('what fields does the partnership call take')).reply).toContain('agree');
    expect((await ask('which endpoint lists the shop products')).reply).toContain('/api/public/shop/products');
  });
});

describe('an action reported', () => {
  it('reads "log", "report" and "record" an action as earning for it (a promote reported drew the promotion leaderboard)', async () => {
    expect((await ask('which endpoint do i call to report a promote')).reply).toContain('/api/public/ai/earn');
    expect((await ask('where do i log a mention i made')).reply).toContain('/api/public/ai/earn');
  });
});

describe('an action as the setting of a question', () => {
  it('answers what is asked, not what the action done before or after it is worth', async () => {
    expect((await ask('before sharing anything, where do i get the list of podcast episodes')).reply).toContain('/api/public/podcast');
    expect((await ask('how many points do i get for promoting a video')).reply).toContain('25');
  });
});

describe('how fresh a response is', () => {
  it('says what the dataFreshness every JSON response carries means (no document said it: a question of freshness drew the schedule)', async () => {
    expect((await ask('is the data in your json responses stale, how can i tell')).reply).toContain('dataFreshness');
    expect((await ask('what is contentVersion in dataFreshness')).reply).toContain('hash');
  });
});

describe('an item of a kind asked for, named by a word of its title', () => {
  it('is the item the question asks about, though the rest of the question accounts for more (no episode was found)', async () => {
    expect((await ask('which guest came on the aroma episode')).reply).toContain('Dr. Ines Marlowe joins');
    const label = (await ask('who is the guest on the label episode')).reply;
    expect(label).toContain('Reading the Label');
    expect(label).not.toContain('No episode matches');
  });
});

describe('the schedule at lunch', () => {
  it('reads lunchtime as noon (the question had no time the clock knows)', async () => {
    expect((await ask('what airs tuesday at lunchtime')).reply).toContain('Tasting Notes');
    expect((await ask("what's on friday at lunch")).reply).toContain('Week in Review');
  });
});

describe('the schedule on a day named from today', () => {
  it('reads yesterday, last night, the day after tomorrow, this weekend and a small hour tonight (they were today, or no day at all)', async () => {
    // Monday 14:30 in Los Angeles: yesterday is Sunday, the day after tomorrow Wednesday, midnight tonight Tuesday's 00:00.
    expect((await ask('what was on last night at 9pm')).reply).toContain('Sunday Night History');
    expect((await ask('what is on the day after tomorrow at lunchtime')).reply).toContain('on Wednesday');
    const midnight = await ask("what's on at midnight tonight");
    expect(midnight.reply).toContain('00:00 on Tuesday');
    expect(midnight.reply).not.toContain("don't know");
    const weekend = (await ask('anything good on this weekend')).reply;
    expect(weekend).toContain('Saturday Culture Club');
    expect(weekend).toContain('Sunday Night History');
    // Asked for a special that weekend, the announced specials are told too.
    expect((await ask('any live specials this weekend')).reply).toContain('Harvest Live 2026');
  });
});

describe('the schedule on a date named', () => {
  it("is that date's weekday, with the specials on it (christmas was no word the service knew; new year's eve was the New Year special)", async () => {
    const christmas = (await ask('what is on christmas morning')).reply;
    expect(christmas).toContain('2026-12-25 is a Friday');
    expect(christmas).toContain('Friday Bake');
    const eve = (await ask('what will be on on new years eve')).reply;
    expect(eve).toContain('Winter Beds');
    expect(eve).not.toContain('New Year Garden Plans');
    expect((await ask("what's on december 5th")).reply).toContain('with a special: Harvest Live 2026');
    // Not a thing's kind ("the christmas cookie one"), nor the date of an item asked for.
    expect((await ask('the christmas cookie baking one, what is it called')).intent).not.toBe('schedule');
    expect((await ask('What podcast episode came out on October 2, 2026?')).reply).toContain('Published on October 2, 2026: Rope, Sails and Paper');
  });
});

describe('how long a response may be cached', () => {
  it('is said with dataFreshness: pre-rendered 300 s, the schedule 60 s, live reads not at all (asked of the schedule, it was what is on now)', async () => {
    const cache = await ask('how long can i cache the schedule');
    expect(cache.reply).toContain('the schedule 60 s');
    expect(cache.reply).toContain('300 s');
  });

  it('reads "cacheable" as asking how long it may be cached (it was the schedule itself)', async () => {
    expect((await ask('for how long is the schedule response cacheable')).reply).toContain('the schedule 60 s');
  });
});

describe('the next video or episode asked for', () => {
  it('says no release date is published, the newest and where to write (it was what is on air next)', async () => {
    const next = await ask('any idea when the next radio episode drops');
    expect(next.intent).toBe('podcast');
    expect(next.reply).toContain("I don't know when the next episode comes out");
    expect(next.reply).toContain('How a Ballot Measure Is Born, published 2026-11-06');
    expect(next.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/ai/message'));
    expect((await ask('how often do new podcast episodes come out')).reply).toContain('no release date or schedule for new episodes is published');
    // Not a clause that says when something happens, nor what is on next.
    expect((await ask('Do you offer webhooks so my bot is notified when a new video is published?')).reply).not.toContain('comes out');
    expect((await ask('whats on next')).intent).toBe('schedule');
  });
});

describe('a video asked when it came out', () => {
  it('is listed with its date of publication, as episodes and clips are (it said only its length)', async () => {
    expect((await ask('when did the fall ballot explainer come out')).reply).toContain('Fall Ballot Explainer (4 seconds, published 2026-10-22');
  });
});

describe('videos and episodes of a month', () => {
  it('are those published in it, the last such month not after now (the month was a subject: no video matched "released", and "last month" was pain of three months)', async () => {
    const october = (await ask('were any videos released in october')).reply;
    expect(october).toContain('Published in October 2026');
    expect(october).toContain('Myth or Measurement?');
    expect(october).not.toContain("don't know");
    const episodes = await ask("last month's podcast episodes");
    expect(episodes.intent).toBe('podcast');
    expect(episodes.reply).toContain('Published in October 2026: Rope, Sails and Paper');
    expect(episodes.reply).not.toContain('Dirt Under the Fingernails');
    expect((await ask('which videos came out this month')).reply).toContain('Published in November 2026');
    expect((await ask('any kitchen videos from june')).reply).toContain('No matching video was published in June 2026');
    // "may" as a verb names no month.
    expect((await ask('may i see the videos')).reply).not.toContain('May 2026');
  });
});

describe('the podcast asked about itself', () => {
  it('is found and answered by what the show says of itself (its description was not indexed: an I do not know, or the rate limit of one site for "hosts")', async () => {
    const hosts = await ask('is the radio host a real person');
    expect(hosts.intent).toBe('podcast');
    expect(hosts.reply).toContain('made-up hosts and guests');
  });
});

describe('a clip asked about', () => {
  it("says each clip's size and date of publication beside its length (asked of a clip, neither was said)", async () => {
    const snap = (await ask('when did the snap test clip come out, and how big is it')).reply;
    expect(snap).toContain('2026-09-07');
    expect(snap).toContain('180x320');
  });

  it('reads "short videos" as the clips ("short vertical clips"), unless the videos that match have none: then it is those videos', async () => {
    expect((await ask('got any short videos for my commute')).reply).toContain('short vertical clips');
    const ecs = (await ask('any short videos explaining the endocannabinoid system')).reply;
    expect(ecs).toContain('The Endocannabinoid System in Ten Minutes');
    expect(ecs).not.toContain('Matching: .');
  });
});

describe('a long question with its real ask at the end', () => {
  it('answers what the last clause asks when the whole story has no answer (a rambling question was judged unknown)', async () => {
    const limits = await ask(
      'so we wired a scraper last month from a laptop, it looped overnight and hammered you, nobody got blocked, but anyway what is the write limit per minute for a bronze agent',
    );
    expect(limits.reply).toContain('writes 60 per minute');
    const feed = await ask('i found you through a friend on a train and the shows look calm, my aunt bakes bread and asked things, but my actual question is where the videos rss feed is');
    expect(feed.reply).toContain('/feeds/videos.xml');
  });
});

describe('the message channel', () => {
  it('says its receipt, what an unknown key gets and how long the other fields may be (none of them was said)', async () => {
    expect((await ask('what receipt do i get back when i message the team')).reply).toContain('"received"');
    expect((await ask('what if the api key in my message to the team is wrong')).reply).toContain('401');
    expect((await ask('how long may the contact field of a message be')).reply).toContain('200 characters');
  });
});

describe('calling the API from a web page', () => {
  it('says the CORS headers: the request headers a page may send and how long a preflight is cached (no document said them)', async () => {
    expect((await ask('for how many seconds is an options preflight cached')).reply).toContain('86400');
    expect((await ask('may my web app send the a2a version header cross origin')).reply).toContain('A2A-Version');
  });
});

describe('an error code or status asked about', () => {
  it('says what the code means and when it is answered, as the problem table publishes it (the code alone drew registration or the whole list)', async () => {
    const taken = await ask('why would registration fail with name_taken');
    expect(taken.reply).toContain('409 name_taken');
    expect(taken.reply).toContain('case-insensitively');
    expect((await ask('what is daily_cap_reached')).reply).toContain('daily cap of this action type');
    expect((await ask('what does status 415 mean')).reply).toContain('unsupported_media_type');
    expect((await ask('how many points does gold need, 300?')).reply).not.toContain('problem+json');
  });
});

describe("a knowledge entry's references", () => {
  it('says what an entry cites, by its authors, year and doi (no document said them: "which papers does the linalool entry cite" drew another entry)', async () => {
    const myrcene = await ask('what sources does the myrcene entry list');
    expect(myrcene.reply).toContain('Booth JK, Bohlmann J (2019), doi 10.1016/j.plantsci.2019.03.022');
    expect((await ask('give me the doi of the huestis paper on bioavailability')).reply).toContain('10.1002/cbdv.200790152');
  });
});

describe("an endpoint's body", () => {
  it('names the apiKey among the fields of a body that takes one', async () => {
    expect((await ask('what goes in the json body of the earn call')).reply).toContain('and the apiKey');
  });
});

describe('the agent protocols', () => {
  it('says the A2A protocol versions and that the MCP server refuses a batch, as llms.txt now does (nothing published said them)', async () => {
    expect((await ask('does the a2a endpoint support SendMessage')).reply).toContain('SendMessage (version 1.0)');
    expect((await ask('may i send several tool calls in one json-rpc batch')).reply).toContain('a batch is refused');
  });
});

describe('the forms of "do"', () => {
  it('reads "done" as a word of asking, never corrected into "dose" (a retry "done twice" drew the refusal of dosing advice)', async () => {
    expect((await ask('is there a header showing my share was replayed and not done a second time')).reply).toContain('Idempotent-Replayed');
    expect((await ask('what tells me a partnership accept was replayed, not done anew')).intent).not.toBe('dosing');
  });
});

describe('a kind of item after "when" and a verb in -ing', () => {
  it('answers with the parameters of the endpoint that lists it (the clips were left out of the search and another list drew the question)', async () => {
    expect((await ask('what is the max page size when fetching clips')).sources[0].url).toMatch(/\/api\/public\/clips$/);
  });
});

describe('request bodies', () => {
  it('says what every POST body must be and how it is refused (no document said it: the question drew the errors or the rate limits)', async () => {
    const size = await ask('what is the size limit on request bodies');
    expect(size.reply).toContain('size at most 16 KiB');
    expect(size.reply).toContain('413 payload_too_large');
    expect((await ask('how large may a request body be')).reply).toContain('16 KiB');
  });
});

describe("everyday words for the service's own", () => {
  it('reads "refreshed" as "updated" (no document has it: the knowledge dataset "last refreshed" drew the dataFreshness of responses)', async () => {
    expect((await ask('the knowledge dataset was last refreshed on which date')).reply).toContain('updated 2026-11-27');
    expect((await ask('date of the last refresh of the knowledge dataset')).reply).toContain('updated 2026-11-27');
  });

  it('reads chat\'s short words ("pod", "ref", "lb", "vids") as the words they stand for (no document has them)', async () => {
    expect((await ask('whats the feed url of the pod')).reply).toContain('/feeds/podcast.xml');
    expect((await ask('how many refs a day earn points')).reply).toContain('referral 5');
    expect((await ask('pts for a ref?')).reply).toContain('50');
  });
});

describe('the apiKey in a request', () => {
  it('is answered by the Authentication document, filed under "request" (the MCP server, the rate limits or a video drew it)', async () => {
    expect((await ask('where should the api key go when i send a request')).reply).toContain('Authorization: Bearer');
    expect((await ask('how does a request carry my apikey')).reply).toContain('X-API-Key');
  });
});

describe('a rule of the program', () => {
  it('answers a question about an action it accounts for more of than any other document (the points table drew "does my referral reward stand")', async () => {
    expect((await ask('does the referral reward stand when the referred agent never promotes anything')).reply).toContain('168');
    expect((await ask('will my referral reward stand if my referred agent never does a verified promotion')).reply).toContain('168');
  });
});

describe("the asker's own thing", () => {
  it('is where the answer is used, not what the question asks about ("my newsletter" made the licence question unknown)', async () => {
    expect((await ask('may i copy the knowledge entries into my magazine, under which license')).reply).toContain('CC-BY-4.0');
    expect((await ask('is there an mcp server i can connect my chatbot to')).reply).toContain('/mcp');
    expect((await ask('how do i cancel my netflix')).reply).toContain("don't know");
  });
});

describe('"minimum"', () => {
  it('is read as "least" (no document has it, and after "the" it was a thing nothing published knows)', async () => {
    expect((await ask('what is the minimum for platinum')).reply).toContain('750');
    expect((await ask('tell me the minimum points of silver')).reply).toContain('100');
  });
});

describe('llms.txt', () => {
  it('is answered by the feeds document, which lists it (the MCP server, which serves it as a resource, drew it)', async () => {
    expect((await ask('is there an llms.txt file')).reply).toContain('/llms.txt');
    expect((await ask('url of your llms.txt?')).reply).toContain('a plain-text overview at');
  });
});

describe('the leaderboard', () => {
  it("says it is a read that needs no API key, as the other reads' answers do", async () => {
    expect((await ask('is an api key required to see the leaderboard')).reply).toContain('no API key needed');
  });
});

describe('the top tier', () => {
  it('is the ladder\'s top when a superlative comes right before "tier" (the leaderboard\'s "top agents" or the points table drew it)', async () => {
    for (const q of ['what do agents get at the top tier', 'if my bot promotes a lot, what perks does the highest tier bring']) {
      const answer = await ask(q);
      expect(answer.intent, q).toBe('tiers');
      expect(answer.reply, q).toContain('The highest tier is Legend');
    }
  });
});

describe('an action done again on the same thing', () => {
  it('is answered by the rule on duplicate actions, not by what the action earns (the points table drew it)', async () => {
    const answer = await ask('does mentioning the same video twice earn points twice');
    expect(answer.reply).toContain('duplicate_action');
    expect(answer.reply).not.toContain('A mention earns 15 points');
  });
});

describe('the partnership', () => {
  it("says what the agreement's terms say of the partnership itself: accepting again, and ending it (no answer said them)", async () => {
    const answer = await ask('does accepting the partnership a second time give me more points');
    expect(answer.intent).toBe('partnership');
    expect(answer.reply).toContain('accepting again changes nothing');
    expect(answer.reply).toContain('Either side may end the partnership at any time');
  });
});

describe('the videos and clips lists', () => {
  it("name every query parameter their schema defines, with its default (the videos' named three of six)", async () => {
    expect((await ask('are videos filterable by tag')).reply).toContain('tag');
    expect((await ask('how many videos does one page of the list hold')).reply).toContain('limit (default 20)');
    expect((await ask('any clips of the trichome video')).reply).toContain('offset (default 0)');
  });
});

describe('a question naming the knowledge base and a subject', () => {
  it('is answered by the entry about the subject, not by the overview of the knowledge base', async () => {
    expect((await ask('which kb entry covers first-pass metabolism')).sources[0].url).toContain('/knowledge/glossary/bioavailability');
    expect((await ask('which knowledge entries bring up vitamin e acetate')).sources[0].url).toContain('/knowledge/methods/inhalation');
  });
});

describe('a word no document has, after "the" and before a name', () => {
  it('labels the document named after it ("the phrase entourage effect"), and is no thing of its own nothing published knows', async () => {
    expect((await ask('what does the buzzword entourage effect mean')).sources[0].url).toContain('/knowledge/glossary/entourage-effect');
    expect((await ask('where does the moniker chemovar come from')).sources[0].url).toContain('/knowledge/glossary/chemovar');
    expect((await ask('who is the ceo of canopy cove')).reply).toContain("don't know");
  });
});

describe("a question about the asker's son or daughter", () => {
  it('is a health question, answered with the not-medical-advice line, like one about a child or a teenager (the entry was given without it)', async () => {
    const answer = await ask('my son vaped thc, how fast does it hit');
    expect(answer.intent).toBe('health');
    expect(answer.reply).toContain('not medical advice');
    expect(answer.sources[0].url).toBe(absoluteUrl('/api/public/knowledge/methods/inhalation'));
  });
});

describe('a question asking what the asker should do about a compound or method it names', () => {
  it('is a health question, answered with the not-medical-advice line (the edibles entry was given without it)', async () => {
    for (const q of ['i ate an edible an hour ago and my heart is pounding, what should i do', 'my friend smoked a joint and feels dizzy, should we call someone']) {
      const answer = await ask(q);
      expect(answer.intent, q).toBe('health');
      expect(answer.reply, q).toContain('not medical advice');
    }
    // Not a question about health: what to do about the program.
    expect((await ask('my promote got reversed, what should i do')).intent).not.toBe('health');
    expect((await ask('my apiKey leaked in a public gist an hour ago, what do i do')).intent).not.toBe('health');
  });
});

describe('points asked whether they expire', () => {
  it('are told they do not decay, in the words of the program ("expire" is no word of the documents; it asked for an apiKey, then did not know)', async () => {
    for (const q of ['do my points expire', 'is there an expiry date on points']) expect((await ask(q)).reply, q).toContain('no decay');
  });
});

describe('a tier named with "before" that starts a clause of its own', () => {
  it('says when, not which tier comes before it ("how many writes at platinum before we hit 429s" is the rate limits)', async () => {
    const limits = await ask('at platinum how many writes per minute do we get before we run into 429s');
    expect(limits.intent).toBe('rate_limits');
    expect(limits.reply).toContain('x5');
    expect((await ask('what tier comes before platinum')).reply).toContain('Before Platinum');
  });
});

describe('an error status after an article', () => {
  it('is a status received, answered with its codes ("my earn came back with a 422"), and a number of points is not', async () => {
    const received = await ask('my earn came back with a 422 today, what did i do');
    expect(received.intent).toBe('api');
    expect(received.reply).toContain('idempotency_key_reused');
    expect((await ask('i have a 500 point lead, am i gold')).intent).toBe('tiers');
  });
});

describe('a question asking how long, with a story of its own', () => {
  it('is answered by the first fact of the program it names that states a length of time', async () => {
    const answer = await ask('how long do i need to wait after my mention before it is verified or taken away');
    expect(answer.reply).toContain('72 h');
  });
});

describe("the leaderboard's ranking", () => {
  it("says what its endpoint's description says of the ranking: how ties rank, and that suspended agents are not listed", async () => {
    const answer = await ask('two agents are tied on points, which one ranks higher on the leaderboard');
    expect(answer.intent).toBe('leaderboard');
    expect(answer.reply).toContain('Ties rank the earlier-registered agent first');
  });
});

describe('webhook delivery', () => {
  it('is a document of its own, from the delivery policy: retries, at least once, disabling', async () => {
    const answer = await ask('my receiver failed for a day, will the webhook events be sent again');
    expect(answer.reply).toContain('tried again after 5 s, 1 min, 10 min, 1 h, 6 h, 24 h');
    expect(answer.reply).toContain('at least once');
  });

  it('has a document for one attempt and one for the signature, each with what only it says (the retention, the overlap after a rotation)', async () => {
    expect((await ask('how long do you keep the log of my webhook deliveries')).reply).toContain('kept 30 days');
    expect((await ask('our webhook answers slowly, what is the deadline of an attempt')).reply).toContain('one 5 s deadline');
    const rotated = await ask('after i rotate the webhook secret, how long does the previous secret still sign');
    expect(rotated.reply).toContain('24 h');
    expect(rotated.reply).toContain('webhook-id.webhook-timestamp.body');
  });
});

describe('whether a tier can go down', () => {
  it('says there is no demotion over time, and that a reversed claim takes points, and so the tier, back (it said tiers never go down)', async () => {
    const answer = await ask('can my tier ever go down');
    expect(answer.reply).toContain('no demotion, no decay');
    expect(answer.reply).toContain('fall only when a claim is reversed');
  });
});

describe('a document the question names whole by one word, accounting for little of it', () => {
  it('gives way to one that accounts for clearly more of the rest, even under half ("method" named the consumption methods whole)', async () => {
    for (const q of ['json-rpc method to ask the concierge through a2a', 'which rpc method asks our concierge via a2a']) {
      const answer = await ask(q);
      expect(answer.sources[0].url, q).toBe(absoluteUrl('/.well-known/agent-card.json'));
      expect(answer.reply, q).toContain('message/send');
    }
  });
});

describe("the shop's answer to a question about a rule of the shop", () => {
  it('says it does not know the rule when its word files a rule of the program and no product or shop document has it (the mug was listed alone)', async () => {
    for (const q of ['whats your return policy on the mug', 'refund policy for the tote']) {
      const answer = await ask(q);
      expect(answer.intent, q).toBe('shop');
      expect(answer.reply, q).toContain('I don\'t know more about "');
      expect(answer.reply, q).toContain('policy');
    }
    expect((await ask('which items are cheapest')).reply).not.toContain("don't know");
  });
});

describe('a question read without its short stranger, left with two known words', () => {
  it('is answered by the rules alone when the best document lacks one of them that another document is filed under (the message channel answered "openings")', async () => {
    expect((await ask('gig openings at the channel')).reply).toContain("don't know");
    expect((await ask('wats on air rn')).reply).toContain('Afternoon Lab');
  });
});

describe('a part of the service named by its name, then a word no document has', () => {
  it("is answered by what the service publishes of that part (it was an I don't know)", async () => {
    const answer = await ask('a2a compatibility');
    expect(answer.sources[0].url).toBe(absoluteUrl('/.well-known/agent-card.json'));
    expect(answer.reply).toContain('0.3');
    expect((await ask('do you sell hoodies')).reply).toContain("don't know");
  });
});

describe("a question about an action the program pays for, dated by the asker's story", () => {
  it('is read without the words that date the story (it was the schedule)', async () => {
    for (const q of ['my promote cap ran out this morning, when can i promote again', 'hit my share cap earlier today, when can i share again']) {
      const answer = await ask(q);
      expect(answer.intent).not.toBe('schedule');
      expect(answer.reply).toContain('00:00 UTC');
    }
    expect((await ask("what's on this afternoon")).intent).toBe('schedule');
  });
});

describe('a key rotated', () => {
  it("is answered by the rotation endpoint, which says the old key stops working at once (it was an I don't know)", async () => {
    const answer = await ask('once i rotate my key, can my old scripts keep using the old one');
    expect(answer.reply).toContain('/api/public/ai/key/rotate');
    expect(answer.reply).toContain('stops working at once');
  });
});

describe('a suspended agent asking about its limits', () => {
  it("is told the rate limits, which say a suspended agent gets Bronze numbers (it was an I don't know, or registration)", async () => {
    for (const q of ['my agent was suspended last week and my reads feel throttled, why', 'does a suspended agent keep its throttle limits']) {
      const answer = await ask(q);
      expect(answer.intent).toBe('rate_limits');
      expect(answer.reply).toContain('a suspended agent gets Bronze numbers');
    }
  });
});

describe('a question that asks which entries mention something', () => {
  it('is told every entry that says it, each with the sentence (it was the dataset, one entry or a health answer)', async () => {
    const lemongrass = await ask('list the entries that mention lemongrass');
    expect(lemongrass.reply).toContain('One entry mentions lemongrass: Myrcene');
    const metabolite = await ask('what articles talk about 11-hydroxy-thc');
    expect(metabolite.reply).toContain('2 entries mention');
    expect(metabolite.sources.map((s) => s.url)).toEqual([`${publicOrigin()}/api/public/knowledge/cannabinoids/thc`, `${publicOrigin()}/api/public/knowledge/methods/oral-edibles`]);
    // "national academies" is theirs, "report" is not: the entries that name the academies.
    expect((await ask('which entries cite the national academies report')).reply).toContain('8 entries mention');
    expect((await ask('which entries mention the moon landing')).intent).toBe('unknown');
  });
});

describe('a version of the knowledge base it has not published', () => {
  it("is said to be unknown, before what the published version is (it was the dataset's overview alone)", async () => {
    for (const q of ['is knowledge base version 3 coming soon', 'where are the release notes for version 1.4 of the knowledge base']) {
      const answer = await ask(q);
      expect(answer.reply).toMatch(/^I don't know anything about a version (3|1\.4): nothing published mentions one\. The Canopy Cove Knowledge Base is version 1\.0\.0/);
    }
    expect((await ask('is version 1.0 of the knowledge base the latest')).reply).not.toContain('about a version');
  });
});

describe('addiction, asked in everyday words', () => {
  it("is read as the knowledge base's dependence: CBD's paragraph on the WHO review is told", async () => {
    for (const q of ['could cbd be addictive', 'any addiction risk with cbd?']) expect((await ask(q)).reply).toContain('no effects indicative of abuse or dependence potential');
  });
});

describe('a word no document has, in what the answer is for', () => {
  it('is where the answer is used, as after "my": "for an mla citation" (it was an I don\'t know)', async () => {
    expect((await ask('who is the publisher of the knowledge base, for an mla citation')).reply).toContain('published by Canopy Cove TV');
    expect((await ask('is there a discount for a bulk order')).intent).toBe('unknown');
  });
});

describe('what an answer does not know', () => {
  it('says what a tier or a health answer does not know: a word no document has is unknown whatever answers', async () => {
    const payout = await ask('is there a cash payout for gold agents');
    expect(payout.reply).toContain('Gold needs 300');
    expect(payout.reply).toContain('I don\'t know more about "payout"');
    expect((await ask('which physician checked the sleep entry?')).reply).toContain('I don\'t know more about "physician"');
    // The role asked for after "who" that no listed item has: the items do not say who.
    const directed = await ask('who directed the glass artists video');
    expect(directed.reply).toContain('Glass Artists of the Northern Coast');
    expect(directed.reply).toContain('I don\'t know more about "directed"');
    expect((await ask('who hosts the seed to sprout germination video?')).reply).not.toContain("I don't know more");
    // A refusal to give an amount is not told it lacks the amount's words.
    expect((await ask('how many milligrams of THC is too much')).reply).not.toContain("I don't know more");
  });
});

describe('a key that leaked', () => {
  it('is rotated: the leak, theft or compromise of a key is read as its rotation, and a leak of anything else is not', async () => {
    for (const q of ['my api key leaked can i get a new one', 'my key was stolen', 'i think my apikey is compromised']) {
      const a = await ask(q);
      expect(
        a.sources.map((s) => s.url),
        q,
      ).toContain(absoluteUrl('/api/public/ai/key/rotate'));
      expect(a.reply, q).toContain('revoke the current one');
    }
    expect((await ask('is there a memory leak')).reply).not.toContain('/key/rotate');
    // "What now" after what happened asks what to do next, not what is on air now; asked alone, it still is the schedule.
    for (const q of ['my api key leaked, what now', 'my key leaked, now what', 'my api key leaked what do i do now']) {
      const a = await ask(q);
      expect(a.intent, q).not.toBe('schedule');
      expect(
        a.sources.map((s) => s.url),
        q,
      ).toContain(absoluteUrl('/api/public/ai/key/rotate'));
    }
    expect((await ask('what is on right now')).intent).toBe('schedule');
  });
});

describe("the asker's own looking for something", () => {
  it('is a request, no subject: "i search the video with the glass blowers" lists that video; asked how, searching is the subject', async () => {
    for (const q of ['i search the video with the glass blowers, how it is called?', "i'm looking for a video about glass blowers", 'looking for a clip of molten glass'])
      expect((await ask(q)).reply, q).toContain('Glass');
    expect((await ask('i search the video with the glass blowers')).reply).not.toContain('No published video matches');
    expect((await ask('can i search videos by tag')).reply).toContain('tag (optional');
  });
});

describe("the clock's words beside a fact of the rewards program", () => {
  it("are the asker's story when the fact accounts for clearly more of the question than the air: not the schedule", async () => {
    const fame = await ask('just crossed 1500 this morning!! if one of my claims gets reversed later, do i lose the permanent hall of fame thing?');
    expect(fame.intent).not.toBe('schedule');
    expect(fame.reply).toContain('Permanent Hall of Fame');
    expect((await ask('my reputation score is 45 right now, what level does that put me at?')).intent).not.toBe('schedule');
    expect((await ask('what is on tv tonight')).intent).toBe('schedule');
    expect((await ask("what's on now")).intent).toBe('schedule');
  });
});

describe('a reputation score written in the question', () => {
  it('is read on the levels\' ladder with the model, not as points: "my reputation score is 45" is Established', async () => {
    const level = await ask('my reputation score is 45 right now, what level does that put me at?');
    expect(level.intent).toBe('reputation');
    expect(level.reply).toContain('A reputation score of 45 is Established');
    const drop = (await ask('my reputation dropped from 62 to 55 even though i didnt lose a single point, why')).reply;
    expect(drop).toContain('62 is Trusted');
    expect(drop).toContain('recency');
    expect((await ask('i have 320 points, what tier am i')).reply).toContain('With 320 points you are Gold');
  });
});

describe('a document with every word the best one matched and a rarer one', () => {
  it('answers when it accounts for more of the question: "my api key leaked" is the key\'s rotation, not registering', async () => {
    const leaked = await ask('my api key leaked can i get a new one');
    expect(leaked.reply).toContain('/api/public/ai/key/rotate');
    expect((await ask('how do i get an api key')).intent).toBe('register');
    // A commoner word more ("time") does not move the answer off the daily caps.
    expect((await ask('im in tokyo, my mention cap ran out this afternoon, at what time will i be able to mention again')).reply).toContain('00:00 UTC');
  });
});

describe('an error the API answers with, received by its status', () => {
  it('makes the question the API\'s, whatever health word it has: "how long should my script sleep" after a 429', async () => {
    const slept = await ask('after a 429 how long should my script sleep, which header says');
    expect(slept.intent).toBe('api');
    expect(slept.reply).toContain('Retry-After');
    expect((await ask('is cbd good for sleep')).reply).toContain('not medical advice');
  });
});

describe('"a fancy word for"', () => {
  it('asks what a word names, as "short for" does: its words are no subject', async () => {
    expect((await ask('is a chemovar just a fancy word for strain')).reply).toContain('chemical variety');
    expect((await ask('is decarb just a technical term for heating')).reply).toContain('Decarboxylation');
  });
});

describe('a story of the program told in words that have other uses (round 53)', () => {
  it('reads "make me" with a tier as reaching it, not as an effect on the body', async () => {
    const legend = await ask('i maxed out every cap today and took the partnership bonus, would that make me legend');
    expect(legend.intent).toBe('tiers');
    expect(legend.reply).toContain('Legend needs 1,500 total points');
    expect((await ask('if i hit every daily cap does that make me platinum')).reply).toContain('yes, an agent can reach Platinum in one day');
    expect((await ask('can cbd lotion on my shoulder make me high')).intent).toBe('health');
  });

  it('reads "another 100 points" as points something would give, not as a standing', async () => {
    const again = await ask('if i accept the partnership a second time do i get another 100 points');
    expect(again.intent).toBe('partnership');
    expect(again.reply).not.toContain('With 100 points you are');
    expect((await ask('i have 100 points, what tier am i')).reply).toContain('With 100 points you are Silver');
  });

  it('reads "now" between a subject and its verb as a change told, not as the time on air', async () => {
    expect((await ask('my webhook now returns errors, where do i see the failed deliveries')).intent).not.toBe('schedule');
    expect((await ask("what's on now")).intent).toBe('schedule');
    expect((await ask('is anything good on right now')).intent).toBe('schedule');
  });
});

describe('the tracking parameters a claimed url drops (round 53)', () => {
  it('are named in the rule on duplicates, so a link told with one of them is that rule', async () => {
    for (const q of ['i shared a post with ?utm_medium=email and later the same post without it, why was the second one refused', 'is a link with ?gclid=abc the same url as without it']) {
      const answer = await ask(q);
      expect(answer.reply).toContain('Duplicate actions');
      expect(answer.reply).toContain('utm_*, fbclid, gclid');
    }
  });
});

describe('counts and audience measures', () => {
  it('says how many items a list holds in all when the question asks how many, not of a list nobody asked for', async () => {
    expect((await ask('how many kitchen videos are there')).reply).toContain('(6 videos)');
    expect((await ask('how many episodes does season two have')).reply).toContain('(3 episodes)');
    expect((await ask('how many products are sold out')).reply).toContain('(2 products)');
    // Without "how many", no count; the featured videos given when nothing was asked for are not what was counted.
    expect((await ask('list the kitchen videos')).reply).not.toContain('(6 videos)');
    expect((await ask('how many videos do you have')).reply).not.toContain('Featured videos (');
  });

  it('does not know how an item did with its audience (views, likes, downloads, sales): the catalog publishes none of it', async () => {
    const views = await ask('how many views does the glass artists video have');
    expect(views.reply).toContain('Glass Artists of the Northern Coast');
    expect(views.reply).toContain('I don\'t know more about "views"');
    expect((await ask('the most downloaded podcast episode')).reply).toContain("I don't know more about");
    expect((await ask('best selling mug')).reply).toContain("I don't know more about");
    // The leaderboard ranks agents by points: of no agent, it does not know who is most popular.
    expect((await ask('who is the most popular host')).reply).toContain('I don\'t know more about "popular"');
    expect((await ask("who's the most popular agent on the leaderboard")).reply).not.toContain("don't know");
    // Selling without a ranking is the shop's own word.
    expect((await ask('what pins are you selling')).reply).not.toContain("I don't know more");
    // Asked with the verb: how well an item sells is unpublished; what is sold out is the shop's own.
    expect((await ask('which shop item sells the most')).reply).toContain("I don't know more about");
    expect((await ask('which items are sold out')).reply).not.toContain("I don't know more");
  });

  it("does not know anyone's taste (a favourite, what one likes best): no item publishes an opinion", async () => {
    const best = await ask('which episode does chef mara like best');
    expect(best.reply).toContain('Kitchen Table Stories');
    expect(best.reply).toContain('I don\'t know more about "best"');
    expect((await ask("what is juniper's favourite podcast episode")).reply).toContain("I don't know more about");
    // A title that has the word says it of itself.
    expect((await ask("juniper's favourite harvest tool clip")).reply).not.toContain("I don't know more");
  });
});

describe('superlatives counted over groups and the schedule', () => {
  it('names the category or topic with the most or the fewest items, counted', async () => {
    expect((await ask('which category has the most videos')).reply).toContain('Most videos: Cultivation and Kitchen (6 videos each).');
    expect((await ask('the video category with the fewest videos?')).reply).toContain('Fewest videos: News (3 videos).');
    expect((await ask('which knowledge base topic has the most entries')).reply).toContain('Most entries: glossary (10 entries).');
    expect((await ask('what are the video categories')).reply).not.toMatch(/Most videos|Fewest videos/);
  });

  it("counts the schedule's grid: the show on most often, the day with the most slots, the longest slot", async () => {
    const often = await ask('what show is aired most often');
    expect(often.intent).toBe('schedule');
    expect(often.reply).toContain('Overnight Loops, 7 times a week');
    expect((await ask('what day of the week has the fewest shows')).reply).toContain('Thursday and Sunday have the fewest slots: 5 a day');
    const longest = await ask('which is the longest slot on the schedule');
    expect(longest.reply).toContain('The longest slot runs 8 h: Overnight Loops, Sunday 00:00-08:00');
    // The answer says the word it was asked: it is not told as unknown.
    expect(longest.reply).not.toContain("don't know");
    expect((await ask('the shortest show on the schedule')).reply).toContain('30 min: Midday Dispatch, Wednesday 12:00-12:30');
  });
});

describe('the actions ranked', () => {
  it('answers which action pays the most or the least, or has the biggest or smallest daily cap, though it names none', async () => {
    const lowest = await ask('which action is the lowest paying');
    expect(lowest.intent).toBe('points');
    expect(lowest.reply).toContain('The smallest award is api_use: 5 points');
    expect((await ask('what action has the smallest daily cap')).reply).toContain('The smallest daily cap: referral, content_submit, task_post, 5 a UTC day each');
    expect((await ask('what action has the biggest daily cap?')).reply).toContain('The biggest daily cap: api_use, 50 a UTC day.');
  });
});

describe('the oldest items of a kind', () => {
  it('lists the oldest first when asked for the first, oldest or earliest item, not an item named "First ..."', async () => {
    const episode = await ask('which episode of the podcast came out first? the very first episode i mean');
    expect(episode.intent).toBe('podcast');
    expect(episode.reply).toContain('Oldest episodes first: Welcome to Canopy Cove Radio');
    expect((await ask('show me your earliest videos')).reply).toContain("Oldest videos first: Seed to Sprout: A Beginner's Germination Guide");
    expect((await ask('what are the oldest clips')).reply).toContain('Oldest first: The Paper-Towel Trick in One Minute');
  });
});

describe("a topic's members that say what is asked", () => {
  it("tells and cites the members whose facts' values have a word of the question, not a word every fact's label has", async () => {
    const citrus = await ask('what terpenes have a citrus aroma');
    expect(citrus.reply).toContain('Those whose facts say it: Limonene (Aroma: Citrus');
    expect(citrus.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/knowledge/terpenes/limonene'));
    // "Intoxicating" labels every cannabinoid's facts, some of whose values say "not".
    expect((await ask('which cannabinoids are intoxicating')).reply).not.toContain('Those whose facts say it');
  });
});

describe("a bundle's saving", () => {
  it('tells what a bundle saves over its items bought separately, and does not call the words it answers unknown', async () => {
    const kitchen = await ask('what would i save with the cozy kitchen bundle vs buying each item separately');
    expect(kitchen.reply).toContain('Cozy Kitchen Bundle: 45.00 USD; its items separately');
    expect(kitchen.reply).toContain('come to 52.00 USD, so the bundle saves 7.00 USD');
    expect(kitchen.reply).not.toContain("don't know");
    // Named by none, every bundle.
    const all = await ask('how much do the bundles save you');
    expect(all.reply).toContain('saves 7.00 USD');
    expect(all.reply).toContain('saves 3.50 USD');
  });
});

describe('a show on a subject', () => {
  it('reads "a show on X" as a show about X, unless X says when: "is there a show on balconies" is the balcony video, not what is on now', async () => {
    const balcony = await ask('is there a show on balconies');
    expect(balcony.intent).toBe('videos');
    expect(balcony.reply).toContain('Living Soil on a Balcony');
    expect((await ask('is there a show on history')).reply).toContain('History Hour');
    // A time, a day or "now" after "on" still asks what is on.
    expect((await ask('is there a show on tonight')).reply).toContain('Prime Time Culture');
    expect((await ask('are there any shows on sunday')).reply).toContain('Science Sunday');
    expect((await ask('is there a show on right now')).reply).toContain('Afternoon Lab');
  });
});

describe('a word no document has before a noun one names', () => {
  it('is a modifier, not the noun asked about: "the christmas cookie baking one" is the cookie video, "the ceo of canopy cove" still unknown', async () => {
    const cookie = await ask('the christmas cookie baking one, what is it called');
    expect(cookie.reply).toContain('Holiday Cookie Lab');
    expect(cookie.reply).toContain('I don\'t know more about "christmas"');
    expect((await ask('who is the ceo of canopy cove')).intent).toBe('unknown');
  });
});

describe('programmes asked about by subject', () => {
  it('reads "program" and "programme" as "show": "when do you show the history programmes" is when History Hour airs', async () => {
    const history = await ask('when do you show the history programmes');
    expect(history.intent).toBe('schedule');
    expect(history.reply).toContain('History Hour: Wednesday 12:30-17:00');
  });
});

describe('a story before an ask the whole has no answer to', () => {
  it('is answered by the ask read alone: "my dad loves history, when do you show the history programs"', async () => {
    const history = await ask('my dad loves history, when do you show the history programs');
    expect(history.intent).toBe('schedule');
    expect(history.reply).toContain('History Hour');
    // An ask that has no answer alone either stays an I do not know.
    expect((await ask('my dad loves gardening, how old is juniper vale')).reply).toContain("don't know");
  });
});

describe('grown-ups', () => {
  it('are read as adults, the documents\' word: "is the shop stuff for grown ups only" is the shop, not the schedule', async () => {
    const shop = await ask('is the shop stuff for grown ups only');
    expect(shop.intent).toBe('shop');
    expect(shop.reply).toContain('"adults only"');
  });
});

describe('this channel', () => {
  it('is the site a visitor is on, not the message channel: "what is this channel about" is the site overview', async () => {
    const about = await ask('what is this channel about');
    expect(about.reply).toContain('fictional demo brand');
    expect(about.intent).not.toBe('message_team');
    expect((await ask('whats on your channel right now')).reply).toContain('Afternoon Lab');
  });
});

describe('anyway', () => {
  it('is no word of the question, only a move on: "what is this channel about anyway" is the site overview', async () => {
    expect((await ask('what is this channel about anyway')).reply).toContain('fictional demo brand');
    expect((await ask('anyway whats on now')).reply).toContain('Afternoon Lab');
  });
});

describe('two words of medicine', () => {
  it('speak of health whatever answers: "is the health information checked by real doctors" is not GET /healthz; a word of risk is not counted', async () => {
    const doctors = await ask('is the health information checked by real doctors');
    expect(doctors.intent).toBe('health');
    expect(doctors.reply).toContain('not medical advice');
    expect((await ask('is the health endpoint safe to poll')).reply).toContain('GET /healthz');
  });
});

describe('the brand named in part', () => {
  it('names the site overview as its whole name does: what the overview lacks is not known ("how many people work at canopy cove")', async () => {
    const staff = await ask('how many people work at canopy cove');
    expect(staff.reply).toContain('fictional demo brand');
    expect(staff.reply).toContain('I don\'t know more about "people"');
    expect(staff.sources.some((s) => s.url.endsWith('/api/public/ai/message'))).toBe(true);
  });
});

describe('a word no document has before one the best document is filed under', () => {
  it('says which of it is meant and is no subject: "anything for complete beginners" lists the beginners\' videos; "the best pizza place" stays unknown', async () => {
    expect((await ask('do you have anything for complete beginners')).reply).toContain('Seed to Sprout');
    expect((await ask("what's the best pizza place")).intent).toBe('unknown');
    expect((await ask('how do i grow tomatoes')).reply).not.toContain('Seed to Sprout: A Beginner');
  });
});

describe('the featured videos of a large catalog', () => {
  it('lists ten of them, and says how many there are and where they all are', async () => {
    // Every video of the real catalog featured: 24, more than one answer lists.
    const catalog = { ...contentCatalog, videos: contentCatalog.videos.map((v) => ({ ...v, featured: true })) };
    const model = buildModel(
      catalog,
      operations.map((o) => o.definition),
    );
    const answer = await answerQuestion(model, { message: 'what are the featured videos', now });
    expect(answer.reply).toContain(`Featured videos (10 of ${catalog.videos.length}; all of them at GET ${absoluteUrl('/api/public/videos?featured=true')})`);
    expect(answer.sources.filter((s) => s.url.startsWith(absoluteUrl('/api/public/videos/')))).toHaveLength(10);
    // The real catalog's six are all listed, as before.
    expect((await ask('what are the featured videos')).reply).not.toContain(' of 6;');
  });
});

describe('a child or a pet in a question', () => {
  it('makes it a health question only about a compound, a method or something else the knowledge says', async () => {
    expect((await ask('is there a kids section')).intent).not.toBe('health');
    for (const q of ['is cannabis safe for kids', 'can my dog eat edibles', 'what if my kid eats a gummy']) {
      const a = await ask(q);
      expect(a.intent, q).toBe('health');
      expect(a.reply, q).toContain('not medical advice');
    }
  });
});

describe('a name asked of someone a document brings in unnamed', () => {
  it('reads "a ..." with no name beside it as unnamed, and a capitalised neighbour as a name', () => {
    expect(unnamedIn('A look at hemp, told with archive maps and a fictional museum curator.', 'curat')).toBe(true);
    expect(unnamedIn('Chef Mara Okafor on growing up in a restaurant family.', 'restaur')).toBe(true);
    expect(unnamedIn('Chef Mara Okafor on growing up in a restaurant family.', 'chef')).toBe(false);
    expect(unnamedIn('With our host Juniper Vale and a guest, Dr. Ines Marlowe.', 'guest')).toBe(false);
    expect(unnamedIn('Nothing about that here.', 'curat')).toBe(false);
  });

  it('says it does not know the name, and still answers with the item; a name the item gives is answered', async () => {
    const curator = await ask('who is the curator in the hemp history video');
    expect(curator.reply).toContain('A Short History of the Hemp Rope Trade');
    expect(curator.reply).toContain(`I don't know more about "curator"`);
    const chef = await ask('who is the chef in kitchen table stories');
    expect(chef.reply).toContain('Mara Okafor');
    expect(chef.reply).not.toContain("don't know");
  });
});

describe('a listing in order', () => {
  it('answers the word that orders it, and does not say it does not know it', async () => {
    const latest = await ask('what is your latest video');
    expect(latest.reply).toContain('Newest videos');
    expect(latest.reply).not.toContain("don't know");
  });
});

describe('a kind of item asked for, and a category of another kind found', () => {
  it('answers with the kind asked for: the podcast, not the science videos', async () => {
    expect((await ask('any podcasts about science')).intent).toBe('podcast');
    // A TV show has episodes too: a video found by its own subject still answers an "episode".
    expect((await ask('is there an episode about loupes and trichomes')).reply).toContain('Harvest Timing');
  });
});

describe('asked whether watching, listening or reading needs a key, an account or a payment', () => {
  it('says it does not, before the answer of what is to be watched', async () => {
    const watch = await ask('do i need an account to watch');
    expect(watch.intent).toBe('videos');
    expect(watch.reply).toMatch(/^No key, account or payment is needed to watch/);
    const listen = await ask('do i have to sign up to listen to the podcast');
    expect(listen.intent).toBe('podcast');
    expect(listen.reply).toContain('no key needed');
  });

  it('leaves an agent its own standing and the gated reads', async () => {
    expect((await ask('do i need a key to see my points')).reply).not.toContain('No key, account or payment');
  });
});

describe('the states of a claimed url, and the check of it', () => {
  it('finds what a state means and how a promote is verified, in the words agents use', async () => {
    const pending = await ask('my share is still pending, what does that mean');
    expect(pending.reply).toContain('pending (not yet decided)');
    expect(pending.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public'));
    expect((await ask('how are promotes verified')).reply).toContain('72 h');
  });
});

describe('points a story tells the asker got for something', () => {
  it('are what happened, not its standing; points it has are its standing', async () => {
    const story = await ask('a friend registered with my referral code and i got 50 points for it, then it was reversed, why');
    expect(story.reply).not.toContain('With 50 points you are');
    expect(story.reply).toContain('no verified promotion of its own within 168 h');
    expect((await ask('i got 320 points what tier am i')).reply).toContain('With 320 points you are Gold');
    // How referrals work, asked with no reversal, is told without the reversal rule.
    expect((await ask('how do referrals work')).reply).not.toContain('reversed');
  });
});

describe('a gift', () => {
  it('is something from the shop, and a gift card is nothing the shop or the agent protocols have', async () => {
    const gifts = await ask('any gifts for podcast fans');
    expect(gifts.intent).toBe('shop');
    expect(gifts.reply).toContain('Cove Radio Microphone Pin');
    const card = await ask('can i buy a gift card');
    expect(card.reply).toContain("don't know");
    expect(card.reply).not.toContain('MCP server card');
  });
});

describe('round 56 of issue #37', () => {
  it('leaves out of a list what the question excludes: a category, an item, a season or an availability', async () => {
    const videos = (await ask('any videos that are not about cooking or gardening')).reply;
    expect(videos).toContain('Fall Ballot Explainer');
    expect(videos).not.toMatch(/Holiday Cookie Lab|Seed to Sprout|Cover Crops/);
    const shop = (await ask('everything in the shop under $20 except the stickers')).reply;
    expect(shop).toContain('Canopy Cove Logo Mug');
    // The words that leave something out are no subject nothing publishes.
    expect(shop).not.toMatch(/know more about "[^"]*except/);
    expect(shop).not.toContain('Cove Sticker Pack');
    const season = (await ask('which podcast episodes are not from season one')).reply;
    expect(season).toContain('Rope, Sails and Paper');
    expect(season).not.toContain('Kitchen Table Stories');
    const stock = (await ask('which shop items are not on preorder')).reply;
    expect(stock).toContain('Harvest Moon Poster');
    expect(stock).not.toContain('Sculptural Brass Grinder');
  });

  it('says an item asked for otherwise than it is published (without a part, in another colour) is not known that way', async () => {
    for (const q of ['can i buy the sticker pack without the watering can sticker', 'can i get the logo mug in a different colour']) {
      const answer = await ask(q);
      expect(answer.intent, q).toBe('shop');
      expect(answer.reply, q).toContain("I don't know more about it than that");
    }
    expect((await ask('how much is the mug')).reply).not.toContain("don't know");
  });

  it('reads a topic\'s word that names something else with the next word as that thing: "which cannabinoid receptor" is no cannabinoid', async () => {
    const receptor = await ask('which cannabinoid receptor does not cause a high');
    expect(receptor.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/knowledge/glossary/cb2-receptor'));
    expect((await ask('which cannabinoid is not intoxicating')).reply).toContain('The knowledge base has 6 cannabinoids');
  });

  it("leaves out of a day's lineup the shows the question excludes, by category or title", async () => {
    const saturday = (await ask('what is on on saturday that is not about cooking')).reply;
    expect(saturday).toContain('Weekend Garden');
    expect(saturday).not.toContain('Weekend Kitchen');
  });

  it('reads "on a weekday" and "at the weekend" as a time on air: a special named with them is told with its day', async () => {
    const live = await ask('is harvest live on a weekday or on the weekend');
    expect(live.intent).toBe('schedule');
    expect(live.reply).toContain('Harvest Live 2026, Saturday 2026-12-05');
    expect((await ask('is harvest live on a weekday')).reply).not.toContain("don't know");
    expect((await ask('when is weekend garden on')).reply).toContain('Weekend Garden airs Saturday 07:00-10:00');
  });

  it('tells on which days a category airs and on which it does not, from the weekly grid', async () => {
    const science = await ask('which day of the week has no science on at all');
    expect(science.intent).toBe('schedule');
    expect(science.reply).toContain('No Science slot on Saturday');
    const news = await ask('which day has no news');
    expect(news.reply).toContain('No News slot on Thursday or Saturday');
    expect((await ask('what days have cooking shows')).reply).toContain('There is no day without Kitchen');
  });
});

describe("doing something to one's own account", () => {
  const MESSAGE = `${publicOrigin()}/api/public/ai/message`;
  it("answers with the endpoint that does it, or says that none does and gives the team's address", async () => {
    const removed = await ask('unsubscribe me from webhooks');
    expect(removed.reply).toContain('DELETE');
    expect(removed.sources.map((s) => s.url)).toContain(`${publicOrigin()}/api/public/ai/webhooks`);
    for (const q of ['can i delete my agent', 'how do i undo a promote', 'hide my agent from the hall of fame', 'i registered the same bot twice by accident, can you remove the extra one']) {
      const a = await ask(q);
      expect(a.reply, q).toContain("don't know");
      expect(a.reply, q).not.toContain('/api/public/ai/webhooks');
      expect(
        a.sources.map((s) => s.url),
        q,
      ).toContain(MESSAGE);
    }
    // A lost key cannot be shown again: its rotation needs it.
    const lost = await ask('i forgot my api key, how do i get it back');
    expect(lost.reply).toContain('shown once');
    expect(lost.sources.map((s) => s.url)).toContain(MESSAGE);
    // The partnership's terms say how it ends.
    expect((await ask('how do i leave the partnership')).reply).toContain('Either side may end the partnership');
    // Replacing a key that is not lost is its rotation; "how close am i" closes nothing.
    expect((await ask('how do i change my api key')).sources.map((s) => s.url)).toContain(`${publicOrigin()}/api/public/ai/key/rotate`);
    expect((await ask('how close am I to platinum')).intent).not.toBe('message_team');
  });

  it('reads a new key as its rotation, and a key thrown out or deleted as lost', async () => {
    expect((await ask('how do i get a fresh api key and kill the old one')).sources.map((s) => s.url)).toContain(`${publicOrigin()}/api/public/ai/key/rotate`);
    const lost = await ask('i deleted the file with my api key, what can i do');
    expect(lost.reply).toContain('shown once');
    expect(lost.reply).toContain("don't know");
  });

  it('changes what no endpoint changes by removing and making it again, and rotates the thing a rotation names', async () => {
    const url = await ask('how do i change my webhook url');
    expect(url.reply).toContain('DELETE');
    expect(url.reply).toContain('POST');
    expect(url.reply).not.toContain('secret/rotate');
    expect((await ask('how do i change my webhook secret')).reply).toContain('secret/rotate');
  });

  it('hears having something done ("get my daily cap raised") as doing it, and raising only of a cap', async () => {
    const cap = await ask('how do i get my daily cap raised');
    expect(cap.reply).toContain("don't know");
    expect(cap.sources.map((s) => s.url)).toContain(MESSAGE);
    for (const q of ['how can i raise my tier', 'how do i reset my daily cap']) expect((await ask(q)).intent, q).not.toBe('message_team');
  });

  it('resets a thing that rotates by rotating it, and hears quitting the program as about the agent', async () => {
    expect((await ask('can you reset my api key')).sources.map((s) => s.url)).toContain(`${publicOrigin()}/api/public/ai/key/rotate`);
    const quit = await ask('how do i quit the rewards program');
    expect(quit.reply).toContain("don't know");
    expect(quit.sources.map((s) => s.url)).toContain(MESSAGE);
  });

  it("hears a webhook event's type as the webhook, and keeps the answer whatever story comes first", async () => {
    const a = await ask('i only want to stop the points.reversed events and keep the others, how');
    expect(a.reply).toContain('DELETE');
    expect(a.sources.map((s) => s.url)).toContain(`${publicOrigin()}/api/public/ai/webhooks`);
  });
});

describe('a date named with "day"', () => {
  it("is the clock's, not the daily caps'", async () => {
    const christmas = await ask("what's on christmas day");
    expect(christmas.intent).toBe('schedule');
    expect(christmas.reply).toContain('is a Friday');
    expect((await ask('what is the daily cap on christmas')).reply).toContain('Daily caps');
  });
});

describe('"pre-order" written apart', () => {
  it("is the shop's preorder", async () => {
    const answer = await ask('is anything on pre-order');
    expect(answer.intent).toBe('shop');
    expect(answer.reply).toContain('Sculptural Brass Grinder (Display Art), 48.00 USD, on preorder');
  });
});

describe('how much of a dose reaches the blood', () => {
  it('is asked about absorption (bioavailability), no amount to take', async () => {
    const answer = await ask('how much of an edible actually gets into your blood');
    expect(answer.intent).not.toBe('dosing');
    expect(answer.sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/knowledge/glossary/bioavailability'));
    expect((await ask('how much of the cbd in an oil reaches the bloodstream')).intent).not.toBe('dosing');
    expect((await ask('how much cbd should i take')).intent).toBe('dosing');
  });
});

describe('an amount to take for a person the asker names', () => {
  it('is a dosing question whoever takes it ("a first timer", "an adult"), never an agent', async () => {
    expect((await ask('how many gummies should a first timer eat')).intent).toBe('dosing');
    expect((await ask('how much should an adult take')).intent).toBe('dosing');
    expect((await ask('how many api keys can an agent use')).intent).not.toBe('dosing');
  });
});

describe("the body's own cannabinoids", () => {
  it('are the endocannabinoids, whatever the question calls them', async () => {
    const ecs = absoluteUrl('/api/public/knowledge/glossary/endocannabinoid-system');
    expect((await ask('does the human body make its own cannabis-like chemicals')).sources.map((s) => s.url)).toContain(ecs);
    const homework = await ask("for my biology homework, which enzymes break down the body's own cannabinoids");
    expect(homework.sources.map((s) => s.url)).toContain(ecs);
    expect(homework.reply).toContain('FAAH');
  });
});

describe('feeling less from the same', () => {
  it('is tolerance ("feel less after", "need more to feel", "not as high"), not a feeling less of something', async () => {
    const tolerance = absoluteUrl('/api/public/knowledge/glossary/tolerance');
    for (const q of ['why do some people feel less after using a lot', 'why do i need more to feel anything now', 'why am i not getting as high as before'])
      expect(
        (await ask(q)).sources.map((s) => s.url),
        q,
      ).toContain(tolerance);
    expect((await ask('i feel less relaxed after the podcast')).sources.map((s) => s.url)).not.toContain(tolerance);
  });
});

describe('heating the plant in the oven before cooking with it', () => {
  it('is decarboxylation; baking asked of the videos stays the videos', async () => {
    const decarb = absoluteUrl('/api/public/knowledge/glossary/decarboxylation');
    for (const q of ['why do people put the buds in the oven before making brownies', 'do you have to heat the weed first before making butter'])
      expect(
        (await ask(q)).sources.map((s) => s.url),
        q,
      ).toContain(decarb);
    expect((await ask('is there a video about baking with cannabis')).intent).toBe('videos');
  });
});

describe('eating or swallowing a cannabinoid', () => {
  it('is oral use, the edibles: "when you eat it", "if you swallow"', async () => {
    const oral = absoluteUrl('/api/public/knowledge/methods/oral-edibles');
    for (const q of ['what does the liver do to thc when you eat it', 'what happens if you swallow cbd oil'])
      expect(
        (await ask(q)).sources.map((s) => s.url),
        q,
      ).toContain(oral);
  });
});

describe('absorbed through the skin', () => {
  it('is the topical entry, not bioavailability ("absorbed" alone says nothing of the blood)', async () => {
    expect((await ask('is a cbd cream absorbed through the skin')).sources[0]?.url).toBe(absoluteUrl('/api/public/knowledge/methods/topical'));
  });
});

describe('the hosts asked for with no show named', () => {
  it("are the podcast's, whose episodes name them, not the per-site limit of web hosts", async () => {
    for (const q of ['who are the hosts', 'who presents the shows']) {
      const answer = await ask(q);
      expect(answer.intent, q).toBe('podcast');
      expect(answer.reply, q).toContain('Juniper Vale and Theo Brandt');
      expect(answer.reply, q).not.toContain('registrable domain');
    }
  });
});

describe('a shopper’s budget, a price floor, the dearest and the bundles (round 64)', () => {
  it('reads a budget as a ceiling that may be reached, told before the ask or as "my budget is"', async () => {
    for (const q of ['my budget is 12 dollars', "i've got about twelve dollars to spend on merch, what are my options"]) {
      const answer = await ask(q);
      expect(answer.intent, q).toBe('shop');
      expect(answer.reply, q).toContain('Priced at most 12');
      expect(answer.reply, q).toContain('Leaf Enamel Pin');
      expect(answer.reply, q).not.toContain('Canopy Cove Logo Mug');
    }
    expect((await ask('i have 3 cats, what should i buy')).reply).not.toContain('Priced at most');
  });
  it('reads "over", "above", "more than" a sum of money as a floor', async () => {
    const answer = await ask('anything above 30 dollars in the shop');
    expect(answer.reply).toContain('Priced over 30');
    expect(answer.reply).toContain('Sculptural Brass Grinder');
    expect(answer.reply).not.toContain('Harvest Moon Poster');
    expect((await ask('products over $25')).reply).toContain('Priced over 25: Sculptural Brass Grinder');
  });
  it('reads "costs the most" and "least costly" as the dearest and the cheapest', async () => {
    expect((await ask('which item costs the most')).reply).toContain('The most expensive: Sculptural Brass Grinder');
    expect((await ask('what is the least costly product')).reply).toContain('The cheapest: Cove Sticker Pack');
  });
  it('lists every bundle when bundles are asked for and none is named, whatever else is said', async () => {
    const { reply } = await ask('do you sell bundle offers, a few things together');
    expect(reply).toContain('Cozy Kitchen Bundle');
    expect(reply).toContain('Pin Collector Bundle');
  });
});

describe('a product asked whether it can be had by a date', () => {
  it('is the shop’s availability, not the lineup of the date nor a category a word of its name names', async () => {
    const answer = await ask('will the pin collector box still be available by new year');
    expect(answer.intent).toBe('shop');
    expect(answer.reply).toContain('Pin Collector Bundle, 22.00 USD, on preorder');
    expect((await ask("what's on christmas morning")).intent).toBe('schedule');
  });
});

describe('waterproof, in the shop’s word', () => {
  it('finds the item the shop calls weatherproof', async () => {
    const answer = await ask('is the sticker pack waterproof');
    expect(answer.intent).toBe('shop');
    expect(answer.reply).toContain('weatherproof vinyl');
  });
});

describe('planning posts from the catalog (round 65)', () => {
  it('reads "aspect ratio" as the vertical shape of the clips, not as the radio show one letter off', async () => {
    for (const q of ['what aspect ratio are the clips', 'which ratio do the clips have']) {
      const answer = await ask(q);
      expect(answer.intent, q).not.toBe('podcast');
      expect(answer.reply, q).toContain('9:16');
    }
  });

  it('takes a word no document has after "i want to do a/an" as what the answer is for, not what it is about', async () => {
    const answer = await ask('when was the mocktails for harvest night video published, i want to do an anniversary repost');
    expect(answer.reply).toContain('2026-09-18');
    // A thing no document knows, asked about, is still not known.
    expect((await ask('who is the ceo of canopy cove')).reply).toContain("don't know");
  });

  it('leaves a length set as a ceiling out of the subject ("under 5 seconds"): the clips of the topic asked for', async () => {
    const { reply } = await ask('any clip under 5 seconds about cooking');
    expect(reply).toMatch(/Matching: (Pepper, Pine|Three Ways|Thermometer)/);
    expect(reply).not.toContain('Matching: Juniper');
  });

  it('says what the video feeds carry for each item: its thumbnail, category and tags', async () => {
    const { reply } = await ask('does the video rss feed carry thumbnails');
    expect(reply).toContain('media:thumbnail');
    expect(reply).toContain('category and tags');
  });
});

describe('how the website serves phones, screen readers and browsers without JavaScript', () => {
  it("is told from the pages' published rules, and a phone number or a feed reader is not asked of them", async () => {
    expect((await ask('is the site usable on a small screen')).reply).toContain('360 px');
    expect((await ask('is the website accessible for people using a screen reader')).reply).toContain('aria-label');
    expect((await ask('does the site need javascript to work')).reply).toContain('live parts');
    expect((await ask('what is the studio phone number')).reply).not.toContain('360 px');
    expect((await ask('which feed should i add to my rss reader')).reply).not.toContain('aria-label');
  });
});

describe('specials asked for before their announcement', () => {
  it('name the tier-gated feed, which carries them early from Silver on; the specials alone do not', async () => {
    for (const q of ['can i see specials before they are announced', 'how do i hear about specials early']) {
      const early = await ask(q);
      expect(early.reply, q).toContain('/api/public/ai/feed');
      expect(early.reply, q).toContain('Silver');
    }
    expect((await ask('any specials coming up?')).reply).not.toContain('/api/public/ai/feed');
  });
});

describe('two known words joined by a hyphen about the website', () => {
  it('are no agent\'s handle: "low-vision" asks of the accessibility document, whose words include vision', async () => {
    const answer = await ask('is the contrast good enough for low-vision people');
    expect(answer.intent).not.toBe('agent_profile');
    expect(answer.reply).toContain('AA contrast');
  });
});

describe('how many of an action reach a tier, from the points the question starts from', () => {
  it('starts from points written in the question, or from an agent it names', async () => {
    const written = await ask('with 500 points banked, how many content submissions get me to platinum');
    expect(written.reply).toContain('from your points (500) that is 250 points: 9 content_submits');
    const program = snapshotOf([{ name: 'pixel-fox', tier: 'Silver', points: 150, promoPoints: 40, rank: 1 }]);
    const named = await answerQuestion(conciergeModel, { message: 'how many promotes does pixel-fox need to reach gold', now }, program);
    expect(named.reply).toContain("from pixel-fox's points (150) that is 150 points: 6 promotes");
  });
});

describe('maxing out an action', () => {
  it('is asking what its daily cap allows in points', async () => {
    expect((await ask('maxing out shares every day, how many points is that per day')).reply).toContain('share 10 points x 20 a day = 200');
  });
});

describe('a reputation component named', () => {
  it('finds the reputation model and says how that component is computed', async () => {
    const answer = await ask('how many different activity types do i need for full diversity');
    expect(answer.intent).toBe('reputation');
    expect(answer.reply).toContain('out of the 8 that earn points');
  });
});

describe('where a number of points would rank', () => {
  it('is the place on the live leaderboard after every agent with as many or more', async () => {
    const program = snapshotOf([
      { name: 'scout-7', tier: 'Legend', points: 1620, promoPoints: 600, rank: 1 },
      { name: 'Nova_Bot', tier: 'Platinum', points: 810, promoPoints: 780, rank: 2 },
      { name: 'lumen', tier: 'Gold', points: 340, promoPoints: 320, rank: 3 },
    ]);
    const third = await answerQuestion(conciergeModel, { message: 'with 500 points where would i land on the leaderboard', now }, program);
    expect(third.reply).toContain('number 3 (3rd)');
    expect(third.reply).toContain('behind Nova_Bot (810) and ahead of lumen (340)');
    const tie = await answerQuestion(conciergeModel, { message: 'what rank would 810 points be', now }, program);
    expect(tie.reply).toContain('number 3 (3rd)');
  });
});

describe('points asked about as kept or lost after an action', () => {
  it('are answered by the rules on what stands, not what the action pays', async () => {
    const kept = await ask('if the page i claimed for a promote never links to the brand, do i keep the 25 points');
    expect(kept.reply).not.toMatch(/^A promote earns 25 points/);
    expect(kept.reply).toMatch(/revers/);
    expect((await ask('how many points is a promote')).reply).toMatch(/^A promote earns 25 points/);
  });
});

describe('live, as a viewer says it, and an agent that games the program (found trying the service as a user)', () => {
  it('reads "watch live", "live stream" and "is the channel live" as what is on air now, and a special titled Live as the special', async () => {
    for (const q of ['can i watch live right now', 'where can i watch the live stream', 'is the channel live', 'do you livestream']) {
      const { intent, reply } = await ask(q);
      expect([q, intent]).toEqual([q, 'schedule']);
      expect(reply).toContain('on air 24/7');
      expect(reply).not.toContain('Living Soil');
    }
    expect((await ask('is harvest live on saturday')).reply).toMatch(/^Harvest Live 2026, Saturday 2026-12-05/);
  });

  it('tells what a suspension does, and that its length is not published, when spamming or a ban is asked about', async () => {
    for (const q of ['what happens if i spam promotes', 'can i get banned for spamming', 'how long does a suspension last']) {
      const { reply, sources } = await ask(q);
      expect(reply, q).toContain('403 agent_suspended');
      expect(reply, q).not.toContain('Top promoters');
      expect(sources.map((s) => s.url)).toContain(absoluteUrl('/api/public/ai/message'));
    }
    expect((await ask('how long does a suspension last')).reply).toContain("I don't know them");
    // A word one letter from a word of that document keeps its own meaning.
    expect((await ask('whats cheaper, socks or mug')).reply).toContain('The cheaper: Canopy Cove Logo Mug (14.00 USD)');
  });
});

describe('the shortest or longest item (found trying the service as a user)', () => {
  it('orders videos, episodes and clips by length, says when they all run the same, and keeps the slots for the shows', async () => {
    const video = await ask('show me the shortest video');
    expect(video.intent).toBe('videos');
    const videoSeconds = new Set(contentCatalog.videos.map((v) => v.durationSeconds));
    expect(video.reply).toContain(videoSeconds.size === 1 ? `All ${contentCatalog.videos.length} videos run` : 'Shortest first');
    const longest = Math.max(...contentCatalog.podcast.episodes.map((e) => e.durationSeconds));
    const tied = contentCatalog.podcast.episodes.filter((e) => e.durationSeconds === longest).length;
    expect((await ask('longest episode')).reply).toContain(`Longest first (${tied} episodes run ${longest} seconds)`);
    expect((await ask('longest clip')).reply).toMatch(/All 12 clips run|Longest first/);
    expect((await ask('which show is the longest')).reply).toMatch(/^The longest slot runs/);
  });
});

describe('a claim read online, reported for checking', () => {
  it('is answered by the claim’s own words, not by the words that report it', async () => {
    const reported = await ask('someone claimed cbd can be addictive just like weed. is that true');
    expect(reported.sources[0]?.url).toContain('/knowledge/cannabinoids/cannabidiol');
    expect(reported.reply).toContain('abuse or dependence potential');
    const formula = await ask('what is the molecular formula of thc, a quiz app claimed C21H30O2');
    expect(formula.reply).toContain('C21H30O2');
    const myth = await ask('is it a myth that raw weed wont get you high unless you heat it');
    expect(myth.reply).toContain('THCA');
    // The asker's own claims are the rewards' claims still.
    expect((await ask('i claimed a page and it never verified, why')).intent).not.toBe('knowledge');
  });

  it('reads a feeling about a product as no typo of a rewards word ("scared" is no "shared")', async () => {
    const answer = await ask('can a cbd lotion get you high? my aunt is scared');
    expect(answer.intent).toBe('knowledge');
    expect(answer.reply).toContain('not expected to produce intoxication');
  });
});

describe('raw plant and skin products named in everyday words', () => {
  it('finds decarboxylation for the raw or unheated plant', async () => {
    for (const q of ['why doesnt raw cannabis get you high', 'if you do not heat the plant does it still get you high']) {
      expect((await ask(q)).sources[0]?.url).toContain('/knowledge/glossary/decarboxylation');
    }
  });

  it('finds the topicals for a cannabinoid cream', async () => {
    expect((await ask('does cbd cream get into your bloodstream')).sources.map((s) => s.url).join(' ')).toContain('/knowledge/methods/topical');
  });
});

describe('doing things through the agent protocols', () => {
  it('answers how MCP tools are called, refused and configured, and what the A2A agent answers', async () => {
    const tool = await ask('which mcp tool reports a promote');
    expect(tool.reply).toContain('earn (actionType promote');
    expect(tool.reply).toContain('structuredContent');
    expect((await ask('which error does the mcp earn tool give when no key is set')).reply).toContain('missing_api_key');
    const errors = await ask('what error does an unknown mcp tool give');
    expect(errors.reply).toContain('-32602');
    expect(errors.reply).toContain('isError: true');
    const client = await ask('how do i set up cursor to use your mcp server');
    expect(client.reply).toContain('"mcpServers"');
    expect(client.reply).toContain('Accept: application/json, text/event-stream');
    const a2a = await ask('how do i install the a2a sdk for node');
    expect(a2a.reply).toContain('@a2a-js/sdk');
    expect(a2a.sources.map((s) => s.url)).toContain(absoluteUrl('/.well-known/agent-card.json'));
  });
});

describe('two questions in one message', () => {
  it('splits a message where a second question begins, and not inside one question', () => {
    expect(asksOf('how much is a share worth? also where is the shop')).toEqual(['how much is a share worth', 'where is the shop']);
    expect(asksOf('what tier is 750, and what does the tote cost')).toEqual(['what tier is 750', 'what does the tote cost']);
    expect(asksOf('salt and pepper recipes')).toBeUndefined();
  });

  it('answers each part, and says what nothing publishes of a part', async () => {
    const both = await ask('what tier is 750 points and how much does the sticker pack cost');
    expect(both.reply).toContain('Platinum');
    expect(both.reply).toContain('7.50');
    const half = await ask('how much is the canvas tote and do you sell it in other colours');
    expect(half.reply).toContain('22.00');
    expect(half.reply).toContain("don't know");
  });

  it('adds a part answered from the same source when the whole does not already say it', async () => {
    const same = await ask('what perks come with silver, and how many tiers exist altogether');
    expect(same.reply).toContain('tier-gated feed');
    expect(same.reply).toContain('five tiers');
  });
});

describe('the cheapest or dearest of a kind of product', () => {
  it('is found among the products whose names name that kind', async () => {
    expect((await ask('which is the least expensive enamel pin')).reply).toContain('The cheapest: Leaf Enamel Pin, 9.00 USD');
    expect((await ask('which of the bundles is the most expensive')).reply).toContain('The most expensive: Cozy Kitchen Bundle, 45.00 USD');
    expect((await ask('what is the priciest item in the shop')).reply).toContain('The most expensive: Sculptural Brass Grinder');
  });
});

describe('a product asked of the podcast', () => {
  it('is the shop answer when no episode is about it but a product is named by it', async () => {
    const mug = await ask('is there a podcast mug');
    expect(mug.intent).toBe('shop');
    expect(mug.reply).toContain('Canopy Cove Logo Mug');
  });
});

describe('the brand and what the service keeps (round 71)', () => {
  it('tells what is stored and logged about an agent: the key as a digest, never logged', async () => {
    const answer = await ask('what about privacy, are keys logged');
    expect(answer.reply).toContain('SHA-256 digest');
    expect(answer.reply).toContain('never logged');
    expect((await ask('is my key kept as a hash')).reply).toContain('SHA-256 digest');
  });

  it("finds the site's summary by its tagline", async () => {
    expect((await ask('what is the slogan of canopy cove tv')).reply).toContain('Slow TV and radio');
  });

  it('reads a wrong key as an invalid one: a message with it is refused and nothing is stored', async () => {
    const answer = await ask('i sent a message to the team with the wrong key, what happens');
    expect(answer.intent).toBe('message_team');
    expect(answer.reply).toContain('401 invalid_api_key and nothing is stored');
  });

  it('finds dataFreshness when asked when a response was generated', async () => {
    expect((await ask('when was this answer generated')).reply).toContain('generatedAt');
  });
});

describe('ending the partnership (round 71)', () => {
  it('is asked with "end" or "terminate" as with "leave": what the agreement says of ending it', async () => {
    const answer = await ask('how do i terminate the agreement');
    expect(answer.intent).toBe('partnership');
    expect(answer.reply).toContain('Either side may end the partnership at any time');
  });
});

describe('requests to list every item (round 72)', () => {
  it('reads a lineup of the shop as its list, not the air, and gives every item when nothing else is named', async () => {
    const answer = await ask('give me the whole merch lineup');
    expect(answer.intent).toBe('shop');
    for (const name of ['Harvest Moon Poster', 'Leaf Pattern Socks', 'Canopy Canvas Tote', 'Cove Sticker Pack']) expect(answer.reply).toContain(name);
    expect((await ask('the entire shop please')).reply).toContain('Every item');
  });

  it('still reads a lineup alone as the schedule', async () => {
    expect((await ask("what's tonight's lineup")).intent).not.toBe('shop');
  });
});

describe("the channel's episodes (round 72)", () => {
  it('reads episodes on the channel or the tv as its videos, and episodes of the podcast as the podcast', async () => {
    const answer = await ask('list all the kitchen episodes on the channel');
    expect(answer.reply).toContain('Low-and-Slow Butter');
    expect(answer.reply).toContain('Kitchen videos');
    expect((await ask('which podcast episodes are on canopy cove tv')).reply).toContain('Canopy Cove Radio');
  });
});

describe('what a request carries (round 74)', () => {
  it("answers a question for a request's fields with what its endpoint takes", async () => {
    const earn = await ask('how do i send my first earn request, which fields do i need');
    expect(earn.reply).toContain('actionType (required');
    expect(earn.reply).toContain('/api/public/ai/earn');
    expect((await ask('what do i put in the body when i create a task for other agents')).reply).toContain('title (required');
  });

  it("answers a question naming a body's field (not in its path) with the values it takes", async () => {
    expect((await ask('how do i register a webhook endpoint and which events can i subscribe to')).reply).toContain('points.awarded');
  });

  it('leaves a question with no such word to its own document', async () => {
    expect((await ask('how do i send a message to the team')).intent).toBe('message_team');
  });
});

describe("a topic's word that is the program's (round 74)", () => {
  it('answers with the program document when it accounts for half the question and the topic for much less', async () => {
    const answer = await ask('how do i ask the concierge a question over a2a, what method do i send');
    expect(answer.reply).toContain('message/send');
    expect((await ask('which methods are there')).intent).toBe('knowledge');
  });
});

describe("the editors' guide to changing content (round 73)", () => {
  it('answers a question about changing content from the editors’ documents', async () => {
    expect((await ask('how do i add a product to the shop, which file')).reply).toContain('content/shop/<id>.yaml');
    expect((await ask('how do i check my content files are valid before i commit')).reply).toContain('npm run content');
    expect((await ask('what do i need installed to generate the audio of an episode')).reply).toContain('espeak-ng');
    expect((await ask('how do i schedule a one-off special')).reply).toContain('schedule.yaml');
  });

  it('leaves a reader’s question to the catalog, with no word of changing content', async () => {
    expect((await ask('which version of the knowledge base is current')).reply).not.toContain('dataset.yaml');
    expect((await ask('any specials coming up?')).reply).not.toContain('schedule.yaml');
  });
});

describe('questions across the catalog kinds (round 75)', () => {
  it('tells of another kind the question names: the items of it about the same subject', async () => {
    expect((await ask('the endocannabinoid system entry, is there a video on it as well')).reply).toContain('The Endocannabinoid System in Ten Minutes');
    expect((await ask('dr ines marlowe is in the videos, does she appear in a podcast episode')).reply).toContain('The Chemistry of Aroma');
  });

  it('says when no item of the other kind is about the subject, and who to ask', async () => {
    const answer = await ask('the cannabinol entry, is there a podcast episode about it');
    expect(answer.reply).toContain('No podcast episode is about it');
    expect(answer.sources.map((s) => s.url)).toContain(`${publicOrigin()}/api/public/ai/message`);
  });

  it('gives the slots that play a video when the schedule is asked of it', async () => {
    expect((await ask('which show plays the cookie lab video')).reply).toContain('Friday Bake, Friday 08:00-11:00');
  });
});

describe("a video's transcript (round 75)", () => {
  it('says videos publish none, names the episodes that do, and who to ask', async () => {
    const answer = await ask('does the cookie lab video come with a transcript');
    expect(answer.reply).toContain('Videos publish no transcript');
    expect(answer.reply).toContain('Reading the Label');
    expect(answer.sources.map((s) => s.url)).toContain(`${publicOrigin()}/api/public/ai/message`);
  });
});

describe("the schedule's shows of a category's videos (round 75)", () => {
  it('names the slots of that category when the schedule is asked which shows play its videos', async () => {
    const answer = await ask('what shows on the schedule air the science videos');
    expect(answer.intent).toBe('schedule');
    expect(answer.reply).toContain('The shows that play Science videos');
    expect(answer.reply).toContain('Label Literacy (Tuesday 14:00-17:00)');
  });
});

describe('whether the brand is real, and tuning in', () => {
  it('answers whether the brand, its people or its catalog are real with what the site says of itself', async () => {
    for (const q of ['is this a real company or some kind of demo thing', 'is canopy cove real', 'are the hosts real people']) expect((await ask(q)).reply, q).toMatch(/fictional/);
    // Whether a subject of the knowledge base is real stays its entry's.
    expect((await ask('is the entourage effect real')).reply).toMatch(/^Entourage effect/);
  });

  it('reads tuning in as watching the channel on air', async () => {
    const { intent, reply } = await ask('when should i tune in if i want baking');
    expect(intent).toBe('schedule');
    expect(reply).toContain('Friday Bake');
    expect(reply).not.toContain("don't know");
  });
});

describe('products asked for with another kind named', () => {
  it('reads the shop named first as the kind and the podcast after it as what the product is about', async () => {
    for (const q of ['is there anything in the shop for fans of the podcast', 'what shop items go with the podcast', 'merch for podcast fans']) {
      const { intent, reply } = await ask(q);
      expect(intent, q).toBe('shop');
      expect(reply, q).toContain('Cove Radio Microphone Pin');
    }
  });
});

describe("the API overview's ways to send a key", () => {
  it('names every way a write takes the apiKey', async () => {
    const { reply } = await ask('where is the api documentation');
    for (const way of ['Authorization: Bearer', 'X-API-Key', 'apiKey in the JSON body']) expect(reply).toContain(way);
  });
});

describe('the API asked for by that word alone', () => {
  it('answers with the discovery index, not one endpoint whose path has "api"', async () => {
    for (const q of ['what is the api', 'tell me about the api']) {
      const { reply, sources } = await ask(q);
      expect(reply, q).toMatch(/^Every endpoint is listed in the discovery index/);
      expect(sources[0].url, q).toBe(`${publicOrigin()}/api/public`);
    }
  });
});

describe("the editors' document that accounts for most of the question", () => {
  it('answers with the most confident of the first three found, the question read as written', async () => {
    // The first by score is "After a content commit"; previewing accounts for more of it.
    expect((await ask('how can i look at my change before committing it')).reply).toMatch(/^Previewing content: npm run preview/);
  });
});

describe('a weekday written short (round 77)', () => {
  it("reads a weekday's short form as the weekday in a schedule query", async () => {
    const thursday = await ask('thurs lineup');
    expect(thursday.intent).toBe('schedule');
    expect(thursday.reply).toContain('Thursday');
    expect(thursday.reply).not.toContain("don't know");
    const saturday = await ask('sat morning shows');
    expect(saturday.intent).toBe('schedule');
    expect(saturday.reply).toContain('Weekend Garden');
  });

  it('leaves the short forms that are words too alone when nothing says a day is meant', () => {
    expect(normalise('how much sun do seedlings need')).toBe('how much sun do seedlings need');
    expect(normalise('what is on sat at 9pm')).toContain('saturday');
    expect(normalise('tue night schedule')).toContain('tuesday');
  });
});

describe("the shop's products of a kind named by its word (round 77)", () => {
  it('lists the products whose kind a word names when nothing else found them', async () => {
    const answer = await ask('list all pins');
    expect(answer.intent).toBe('shop');
    expect(answer.reply).toContain('Leaf Enamel Pin');
    expect(answer.reply).toContain('Cove Radio Microphone Pin');
    expect(answer.reply).not.toContain('No product matches');
  });

  it('still says no product matches what the shop has no kind of', async () => {
    expect((await ask('do you sell cbd')).reply).toContain('No product matches "cbd"');
  });
});

describe("the knowledge base's size (round 78)", () => {
  it('says how many entries the knowledge base holds in all, beside the count of each topic', async () => {
    const answer = await ask('how many entries are in the knowledge base');
    expect(answer.intent).toBe('knowledge');
    expect(answer.reply).toContain(`It covers ${contentCatalog.knowledge.entries.length} entries (`);
  });
});

describe("the knowledge base's disclaimer (round 78)", () => {
  it('answers what the disclaimer says with the dataset answer, the disclaimer first and in its own words', async () => {
    const answer = await ask('what does the disclaimer of the knowledge base say');
    expect(answer.intent).toBe('knowledge');
    expect(answer.reply).toMatch(/^The Canopy Cove Knowledge Base's disclaimer reads: "Educational content only; not medical advice\./);
    // The disclaimer is said once.
    expect(answer.reply.split('Educational content only').length).toBe(2);
  });
});

describe('what the partnership asks of an agent (round 78)', () => {
  it('gives the terms that ask something of an agent when the question asks what the agreement requires', async () => {
    const answer = await ask('what does the partnership agreement require of an agent');
    expect(answer.intent).toBe('partnership');
    expect(answer.reply).toContain('It asks of an agent: You promote Canopy Cove TV content accurately');
    expect(answer.reply).toContain('You respect the published rate limits and daily caps.');
    // Asked only how to accept, the answer stays short.
    expect((await ask('how do i accept the partnership')).reply).not.toContain('It asks of an agent');
  });
});

describe('a closing sentence saying what the asker will do with the answer (round 78)', () => {
  it('reads the question before "I would like to state it precisely" as asked', async () => {
    const answer = await ask('agents can lose their tier over time if they become inactive? I would like to state the position precisely.');
    expect(answer.intent).toBe('tiers');
    expect(answer.reply).toContain('no demotion, no decay');
  });
});

describe('buying as the time of a goal to learn (round 79)', () => {
  it('answers what is to be learned, not the shop, when buying is only when the asker will use it', async () => {
    const { intent, reply } = await ask('i want to understand what a full spectrum extract is before i buy');
    expect(intent).toBe('knowledge');
    expect(reply).toMatch(/^Full-spectrum extract/);
    // Buying asked for outright stays the shop's.
    expect((await ask('can i see the mug before i buy it')).intent).toBe('shop');
  });
});

describe("an ornament is the shop's decorative piece (round 79)", () => {
  it('reads an ornament or a decoration as the decorative sculpture', async () => {
    const { intent, reply } = await ask('any ornaments in the store');
    expect(intent).toBe('shop');
    expect(reply).toContain('Matching: Sculptural Brass Grinder');
  });
});

describe('an error code told with the rule that answers with it (round 76)', () => {
  it('adds the document that answers with the code when the question finds it, and cites it', async () => {
    const mcp = await ask('the mcp tool result had isError true and text starting tier_required, where do i find the problem body');
    expect(mcp.intent).toBe('api');
    expect(mcp.reply).toMatch(/^403 tier_required/);
    expect(mcp.reply).toContain('_meta.problem');
    const hook = await ask('adding a webhook for http://localhost:8080/in returns 400 invalid_request, what is wrong with the url');
    expect(hook.reply).toMatch(/^400 invalid_request/);
    expect(hook.reply).toContain('https on a public host');
  });

  it('tells a code asked about alone by the problem table only', async () => {
    const { reply, sources } = await ask('what does tier_required mean');
    expect(reply).toMatch(/^403 tier_required/);
    expect(reply).toMatch(/Every error is an application\/problem\+json body with this code\.$/);
    expect(sources.map((s) => s.url)).toEqual([`${publicOrigin()}/api/public`]);
  });
});

describe('an error status the API never answers with (round 76)', () => {
  it('says which statuses it does answer with, that it does not know more, and cites the message channel', async () => {
    const { reply, sources } = await ask('what does a 504 error from your api mean');
    expect(reply).toContain('The API does not answer with 504');
    expect(reply).toContain("don't know");
    expect(sources.map((s) => s.url)).toContain(`${publicOrigin()}/api/public/ai/message`);
    expect((await ask('what does a 404 error mean')).reply).toMatch(/^404 not_found/);
  });
});

describe('when a category is on over the week', () => {
  it('tells the slots of a category named in a question asking when it is on, day by day', async () => {
    const news = await ask('when is the news on');
    expect(news.intent).toBe('schedule');
    expect(news.reply).toContain('Midday Dispatch 12:00-13:00');
    expect(news.reply).toContain('Sunday Dispatch');
    const science = await ask('what science is on during the week');
    expect(science.reply).toContain('Afternoon Lab 13:00-18:00');
    expect((await ask('when is afternoon lab on')).reply).toContain('Afternoon Lab airs Monday 13:00-18:00');
  });
});

describe('something done with a show other than watching it', () => {
  it('tells the show and says it knows no more about what the asker would do with it', async () => {
    const record = await ask('can i record winter beds');
    expect(record.reply).toContain('Winter Beds airs Thursday 20:00-24:00');
    expect(record.reply).toContain(`I don't know more about "record"`);
    expect(record.sources.map((s) => s.url)).toContain(`${publicOrigin()}/api/public/ai/message`);
    expect((await ask('can i tape the harvest marathon')).reply).toContain(`I don't know more about "tape"`);
    expect((await ask('can i catch myth busters night tonight')).reply).not.toContain("I don't know more");
  });
});

describe('a citrus fruit named for a smell', () => {
  it("is read as the knowledge base's citrus, the aroma of limonene (and, slightly, terpinolene)", async () => {
    for (const q of ['my bud smells like grapefruit, which compound is that', 'what gives cannabis a lime scent']) {
      const { intent, reply } = await ask(q);
      expect(intent, q).toBe('knowledge');
      expect(reply, q).toMatch(/^(Limonene|Terpinolene): .*citrus/);
    }
    expect((await ask('what gives cannabis a lime scent')).reply).toMatch(/^Limonene/);
  });
});

describe('where a name comes from', () => {
  it('is read as the knowledge base\'s "named after"', async () => {
    for (const q of ['which terpene gets its name from hops', 'what compound took its name from the hop plant']) {
      expect((await ask(q)).reply, q).toMatch(/Humulene \(α-humulene\): A woody, earthy sesquiterpene named after hops/);
    }
  });
});

describe('a dose named with no amount', () => {
  it("does not keep an entry's paragraph out of a health answer; an amount still does", async () => {
    const { intent, reply } = await ask('is thcv really an appetite suppressant');
    expect(intent).toBe('health');
    expect(reply).toContain('Tetrahydrocannabivarin (THCV)');
    // THCV's own paragraph on the claim says "a subsequent THC dose", with no amount.
    expect(reply).toContain('Popular claims that THCV is an appetite suppressant');
    expect(reply).not.toMatch(/\b\d+ ?mg\b/);
  });
});

describe("a response's shape, as the OpenAPI document describes it", () => {
  it("answers which fields a read's items have, with their types, formats, set values and null", async () => {
    const product = await ask('for my app, what fields does a product have');
    expect(product.reply).toContain('GET /api/public/shop/products');
    for (const s of ['availability (string, one of in_stock, preorder, sold_out)', 'amount (string)', 'includes (list of']) expect(product.reply).toContain(s);
    const clip = await ask('which fields does a clip have');
    expect(clip.reply).toContain('publishedAt (string, ISO 8601 date-time in UTC)');
    expect(clip.reply).toContain('nextOffset (integer or null)');
  });
  it('leaves what a request sends and dataFreshness to their own documents', async () => {
    expect((await ask('POST /api/public/ai/share body fields')).reply).not.toContain('response fields');
    expect((await ask('what fields does dataFreshness have')).reply).toContain('generatedAt');
    expect((await ask('is there a protobuf schema for the api responses')).reply).not.toContain('response fields');
  });
});

describe('whether points are checked, kept or taken back', () => {
  it('adds to the points answer that a claimed url is verified or reversed within 72 h', async () => {
    const { intent, reply } = await ask('are my share points checked or do i keep them no matter what');
    expect(intent).toBe('points');
    expect(reply).toContain('not verified within 72 h is reversed');
    // Not said when nothing asks it.
    expect((await ask('how many points is a mention worth')).reply).not.toContain('72 h');
  });
});

describe("where an agent's ledger is read", () => {
  it('answers with the public profile, whose summary names its ledger rows', async () => {
    const { reply } = await ask('where can i see my ledger');
    expect(reply).toContain('GET /api/public/ai/agent/{name}');
    expect(reply).toContain('ledger rows');
  });
});

describe('a gift or a present asked for', () => {
  it('answers from the shop, with what the gift is about as the subject, and leaves a present that is the time or a verb alone', async () => {
    const stickers = await ask('birthday present for my sister who likes stickers');
    expect(stickers.intent).toBe('shop');
    expect(stickers.reply).toContain('Cove Sticker Pack');
    const cook = await ask('looking for gift ideas for someone who cooks');
    expect(cook.intent).toBe('shop');
    expect(cook.reply).toContain('Cozy Kitchen Bundle');
    expect((await ask('what is present in hops')).intent).toBe('knowledge');
    expect((await ask('how many entries are there at present')).intent).toBe('knowledge');
  });
});

describe('the leaderboard head named without a who', () => {
  it('reads the live leaderboard for a count of the top agents or an agent by its place', async () => {
    const program = snapshotOf([
      { name: 'alpha-bot', tier: 'Gold', points: 600, rank: 1 },
      { name: 'beta-bot', tier: 'Silver', points: 200, rank: 2 },
      { name: 'gamma-bot', tier: 'Bronze', points: 30, rank: 3 },
    ]);
    const top = await answerQuestion(conciergeModel, { message: 'list the top 2 bots please', now }, program);
    expect(top.intent).toBe('leaderboard');
    expect(top.reply).toContain('1. alpha-bot (Gold, 600 points); 2. beta-bot');
    expect(top.reply).not.toContain('gamma-bot');
    const second = await answerQuestion(conciergeModel, { message: 'how many points does the bot in second place have', now }, program);
    expect(second.reply).toContain('beta-bot (Silver, 200 points)');
    expect(program.reads).toContain('top 2 points');
  });
});

describe('a count of a kind of item published', () => {
  it('answers with the kind listing and its total, whatever brand or purpose the question also names', async () => {
    const videos = await ask('For a piece I am writing, how many videos are there');
    expect(videos.intent).toBe('videos');
    expect(videos.reply).toContain('24 published videos');
    const brand = await ask('how many videos has Canopy Cove TV published');
    expect(brand.intent).toBe('videos');
    expect(brand.reply).toContain('24 published videos');
    expect((await ask('how many episodes are there so far')).intent).toBe('podcast');
  });
});

describe('the rate limits, read whole', () => {
  it('says the burst window, that the key counts with every request, and when registrations per address reopen', async () => {
    const burst = await ask('what is the read burst and over how many seconds is it counted');
    expect(burst.intent).toBe('rate_limits');
    expect(burst.reply).toContain('at most 60 reads in any 12 s');
    expect(burst.reply).toContain('apiKey comes with every request, reads included');
    expect(burst.reply).toContain('20 per client address per UTC day');
    expect(burst.reply).toContain('until 00:00 UTC');
  });
});

describe('registering, with its limit per address', () => {
  it('says how many agents one address may register in a UTC day and when that reopens', async () => {
    const join = await ask('how do i sign up my agent');
    expect(join.intent).toBe('register');
    expect(join.reply).toContain('20 per client address per UTC day');
    expect(join.reply).toContain('429 rate_limited until 00:00 UTC');
  });
});

describe('an invalid key after a rotation', () => {
  it('says, with the error, that a rotated key stops working at once', async () => {
    const answer = await ask('since i made a new api key my old bot gets 401 invalid_api_key');
    expect(answer.reply).toContain('invalid_api_key');
    expect(answer.reply).toContain('the old key stops working at once');
  });
});

describe('the rule on client addresses, with when it reopens', () => {
  it('says registrations past the limit of an address wait until 00:00 UTC', async () => {
    expect((await ask('which rules depend on the client address')).reply).toContain('429 rate_limited with Retry-After until 00:00 UTC');
    expect((await ask('our 21st registration from one address got 429, when does it reopen')).reply).toContain('until 00:00 UTC');
  });
});

describe('an error status a request gets', () => {
  it('reads a status after a verb of getting or returning as an error received', async () => {
    expect((await ask('since this morning every call of my bot gets 401, why')).reply).toContain('401 invalid_api_key');
    expect((await ask('every webhook call returns 404 now')).reply).toContain('404 not_found');
    // Points are no status: "i got 400 points" is not an error.
    expect((await ask('my agent got 400 points, which tier is that')).reply).not.toContain('400 invalid_json');
  });
});

describe("the top tier's threshold", () => {
  it('writes 1,500 with its thousands separator, as the other answers write points', async () => {
    expect((await ask('what comes after legend')).reply).toContain('Legend is the top tier (1,500+ points)');
  });
});

describe('what gets you high, no compound named', () => {
  it('is read as intoxicating; a product named before it is still its own subject', async () => {
    expect(normalise('which molecule is it that gets you high')).toContain('gets you high intoxicating');
    expect((await ask('what is the molecular formula of the compound that makes you high')).reply).toContain('C21H30O2');
    expect(normalise('do cbd gummies get you high')).not.toContain('intoxicating');
  });
});

describe('a health question that asks how long', () => {
  it("quotes the closest entry's sentence that states a length of time, and no amount", async () => {
    const { intent, reply } = await ask('how long must back pain persist before doctors call it chronic');
    expect(intent).toBe('health');
    expect(reply).toContain('longer than three months');
    expect(reply).not.toMatch(/\b\d+ ?mg\b/);
    // Not asked how long: no such sentence is added.
    expect((await ask('is cannabis any good for chronic pain')).reply).not.toContain('three months');
  });
});

describe('a health question naming one entry, about another that covers it', () => {
  it('is told first, with its facts, the entry that has every word the named one matched and clearly more', async () => {
    const { intent, reply } = await ask('does the compound that forms in aged cannabis really help sleep quality');
    expect(intent).toBe('health');
    expect(reply).toMatch(/for education only\. Cannabinol \(CBN\)/);
    expect(reply).toContain('did not significantly improve sleep quality');
    // Two entries named: each is its own subject, and none gives way.
    expect((await ask('is cbd good for sleep')).reply).not.toMatch(/for education only\. Cannabinol/);
  });
});

describe('quitting, in everyday words', () => {
  it("is read as the knowledge base's abstinence (and stopping)", async () => {
    expect(readQuestion('what happens to cb1 receptors when heavy users quit', conciergeModel.vocabulary).query).toContain('abstinence stopping');
    const { reply } = await ask('how quickly does tolerance fade once you quit');
    expect(reply).toContain('after about four weeks of abstinence');
  });
});

describe("a read's response, or the format of its dates, asked without the word field", () => {
  it("answers from the response's shape when a read's response or the format of its dates is asked", async () => {
    const episode = await ask('does an episode response carry a transcript url');
    expect(episode.reply).toContain('response fields');
    expect(episode.reply).toContain('transcriptUrl');
    const dates = await ask('what format do the publishedAt timestamps of clips come in');
    expect(dates.reply).toContain('ISO 8601');
  });
  it('leaves the response a request gets when something happens, and the format of a feed, to their own documents', async () => {
    expect((await ask('what response do i get when i send too many requests')).reply).not.toContain('response fields');
    expect((await ask('what format is the podcast feed in')).reply).not.toContain('response fields');
  });
});

describe('a clause naming an error code before what the asker believed', () => {
  it('answers the error code, the clause after it being no question of its own', async () => {
    const taken = await ask('what does 409 name_taken mean, i thought names were free');
    expect(taken.intent).toBe('api');
    expect(taken.reply).toContain('409 name_taken');
    const cap = await ask('what is daily_cap_reached, i assumed there was no limit');
    expect(cap.reply).toContain('daily_cap_reached');
  });
});

describe("the webhook limit's error, as docs/webhooks.md says it", () => {
  it('says how many endpoints an agent may have', async () => {
    const limit = await ask('i got webhook_limit_reached, what is that');
    expect(limit.reply).toContain('409 webhook_limit_reached');
    expect(limit.reply).toContain('5 endpoints');
  });
});

describe("a receiver's clock and a signature's timestamp", () => {
  it("answers a clock that is off, or the timestamp's skew, with the webhook signatures' 5 minutes", async () => {
    const clock = await ask('our server clock drifts a few minutes, could that break webhook verification');
    expect(clock.reply).toContain('Webhook signatures');
    expect(clock.reply).toContain('5 minutes');
    expect((await ask('how much clock skew does the webhook timestamp allow')).reply).toContain('5 minutes');
  });
});

describe('a clause that says a question is coming', () => {
  it('is left out, whatever it names', async () => {
    const { reply } = await ask('quick question from the ops side: how long are webhook endpoints kept failing before they are disabled');
    expect(reply).toContain('5 days');
  });
});

describe('a maximum asked of a parameter', () => {
  it('reads "maximum" as the "max" its bounds are written with', async () => {
    const { reply } = await ask('what is the maximum page size for tasks');
    expect(reply).toMatch(/^GET \/api\/public\/ai\/tasks parameters/);
    expect(reply).toContain('max 100');
  });
});

describe('the categories asked for with no kind named', () => {
  it("are the videos' categories, each with its count", async () => {
    const { intent, reply } = await ask('what categories are there');
    expect(intent).toBe('videos');
    expect(reply).toContain('The 5 categories: Cultivation');
    // The knowledge base's own are its topics.
    expect((await ask('what categories does the knowledge base have')).intent).toBe('knowledge');
  });
});

describe('the languages the brand publishes in', () => {
  it("names them from the site's and the podcast's own codes", async () => {
    const { reply } = await ask('is the podcast in english');
    expect(reply).toContain('Canopy Cove TV publishes in English');
    expect(reply).toContain("the podcast's is en");
  });
});
