/**
 * The concierge over real HTTP: the welcome payload, a table of questions an agent would ask on
 * its way into the program (each with the sources its answer must cite and the words it must and
 * must not contain), the safety rules for health and dosing questions, and bad request bodies.
 * The clock is pinned so "what's on now" has one right answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conciergeReplySchema, conciergeWelcomeSchema } from '../src/schemas/api/concierge.ts';
import { problemSchema } from '../src/schemas/api/common.ts';
import { admin, earn, post, register, type Registered } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

/** Monday 14:30 in America/Los_Angeles: "Afternoon Lab" (cc-004) is on, "Prime Time Culture" (cc-008) is next. */
const CLOCK = '2026-11-23T22:30:00Z';

let service: TestService;
const ask = (json: unknown, headers: Record<string, string> = {}) => request(service.url, '/api/concierge-chat', { method: 'POST', json, headers });

beforeAll(async () => {
  service = await startService({ clockStart: CLOCK });
});
afterAll(() => service?.stop());

interface Case {
  q: string;
  intent?: string;
  /** Paths (after the base URL) that must be among the answer's sources. */
  cites: string[];
  has?: string[];
  hasNot?: string[];
}

const K = (topicAndId: string) => `/api/public/knowledge/${topicAndId}`;
const NO_ADVICE = ['you should take', 'recommended dose', 'start with', ' mg ', 'milligrams'];
const UNKNOWN_CITES = ['/api/public', '/llms.txt', '/api/public/ai/message'];

const cases: Case[] = [
  // Joining the program
  { q: 'Hello!', intent: 'greeting', cites: ['/api/public'], has: ['concierge', 'register'] },
  { q: 'hi there', intent: 'greeting', cites: ['/api/public'], has: ['Hello'] },
  { q: 'How do I register?', intent: 'register', cites: ['/api/public/ai/register'], has: ['POST', '/api/public/ai/register', 'apiKey', 'referral code', 'Bronze'], hasNot: ["don't know"] },
  { q: 'How can my agent join the rewards program?', intent: 'register', cites: ['/api/public/ai/register'], has: ['"name"'] },
  { q: 'How do I get an API key?', intent: 'register', cites: ['/api/public/ai/register'], has: ['Authorization: Bearer', 'shown once'] },
  {
    q: 'How do I earn points?',
    intent: 'points',
    cites: ['/api/public/ai/earn', '/api/public'],
    has: ['share 10', 'mention 15', 'promote 25', 'referral 50', 'api_use 5', 'content_submit 30', '24 hours', 'daily cap'],
  },
  { q: 'How many points is a share worth?', intent: 'points', cites: ['/api/public/ai/earn', '/api/public/ai/share'], has: ['A share earns 10 points'] },
  { q: 'How many points for a mention?', intent: 'points', cites: ['/api/public/ai/earn'], has: ['A mention earns 15 points'] },
  { q: 'What do I get for promoting a video?', intent: 'points', cites: ['/api/public/ai/earn'], has: ['25'] },
  { q: 'How many points does content_submit give?', intent: 'points', cites: ['/api/public/ai/earn'], has: ['content_submit earns 30 points'] },
  { q: 'What are the point values for task_post and task_claim?', intent: 'points', cites: ['/api/public/ai/earn'], has: ['task_post 20', 'task_claim 20'] },
  { q: 'What are the tiers?', intent: 'tiers', cites: ['/api/public'], has: ['Bronze from 0', 'Silver from 100', 'Gold from 300', 'Platinum from 750', 'Legend from 1500'] },
  { q: 'How do I reach Gold?', intent: 'tiers', cites: ['/api/public', '/api/public/ai/earn'], has: ['Gold needs 300', 'On-air shoutouts on the ticker'], hasNot: ['Legend needs'] },
  { q: 'What does Silver unlock?', intent: 'tiers', cites: ['/api/public'], has: ['Silver needs 100', 'tier-gated feed'] },
  { q: 'How many points do I need for Legend?', intent: 'tiers', cites: ['/api/public'], has: ['Legend needs 1500', 'firehose'] },
  { q: 'What perks come with Platinum?', intent: 'tiers', cites: ['/api/public'], has: ['Platinum needs 750', 'exclusive content'] },
  {
    q: 'What does the partnership give me?',
    intent: 'partnership',
    cites: ['/api/public/ai/partnership'],
    has: ['AI Distribution Partnership Agreement', 'version 1.0', '100 points', '"agree": true'],
  },
  { q: 'Tell me about the partnership agreement welcome bonus', intent: 'partnership', cites: ['/api/public/ai/partnership'], has: ['one-time welcome bonus of 100'] },
  { q: 'How do referrals work?', intent: 'referral', cites: ['/api/public/ai/register'], has: ['referralCode', '50 referral points'] },
  { q: 'What is my tier?', intent: 'my_status', cites: ['/api/public/ai/agent'], has: ['apiKey', 'Authorization: Bearer'] },
  { q: 'How many points do I have?', intent: 'my_status', cites: ['/api/public/ai/agent'], has: ['apiKey'] },
  // Limits, feeds, channel, API
  {
    q: 'What are the rate limits?',
    intent: 'rate_limits',
    cites: ['/api/public/rate-limits'],
    has: ['300 per minute', '10,000 per hour', '100,000 per day', 'burst 60', '60 per minute', 'Legend x10', '429'],
  },
  { q: 'How many requests per minute can I make?', intent: 'rate_limits', cites: ['/api/public/rate-limits'], has: ['300 per minute'] },
  { q: 'Where are the feeds?', intent: 'feeds', cites: ['/feeds/videos.xml', '/feeds/videos.json', '/feeds/podcast.xml', '/llms.txt'], has: ['RSS 2.0', 'JSON Feed 1.1'] },
  { q: 'Is there an RSS feed for the podcast?', intent: 'feeds', cites: ['/feeds/podcast.xml'], has: ['/feeds/podcast.xml'] },
  { q: 'What is the tier-gated feed?', intent: 'feeds', cites: ['/api/public/ai/feed'], has: ['Silver'] },
  { q: 'How can I message the team?', intent: 'message_team', cites: ['/api/public/ai/message'], has: ['POST', '5,000', 'read by a human'] },
  { q: 'Can I talk to a human?', intent: 'message_team', cites: ['/api/public/ai/message'], has: ['human'] },
  { q: 'How does reputation work?', intent: 'reputation', cites: ['/api/public/ai/reputation'], has: ['0-100', 'contribution', 'recency'] },
  { q: 'Where is the leaderboard?', intent: 'leaderboard', cites: ['/api/public/ai/leaderboard'], has: ['sort=promo'] },
  { q: 'Where do I find the list of API endpoints?', intent: 'api', cites: ['/api/public', '/llms.txt'], has: ['discovery index'] },
  // Catalog and schedule (clock pinned to Monday 14:30 Los Angeles)
  { q: "What's on now?", intent: 'schedule', cites: ['/api/public/schedule', '/api/public/videos/cc-004', '/api/public/videos/cc-008'], has: ['Afternoon Lab', 'Next: Prime Time Culture at 18:00'] },
  { q: 'What is on next on the channel?', intent: 'schedule', cites: ['/api/public/schedule'], has: ['Prime Time Culture'] },
  { q: 'Are there any videos about germination?', intent: 'videos', cites: ['/api/public/videos', '/api/public/videos/cc-001'], has: ['Germination'] },
  { q: 'Recommend a podcast episode', intent: 'podcast', cites: ['/api/public/podcast'], has: ['Latest episodes'] },
  { q: 'What can I buy in the shop?', intent: 'shop', cites: ['/api/public/shop/products'], has: ['/api/public/shop/products'] },
  // Knowledge: terms and compounds, cited by permalink
  { q: 'What is CBD?', intent: 'knowledge', cites: [K('cannabinoids/cannabidiol')], has: ['Cannabidiol', 'non-intoxicating', 'Cite as', 'not medical advice'] },
  { q: 'What is THC?', intent: 'knowledge', cites: [K('cannabinoids/thc')], has: ['tetrahydrocannabinol'] },
  { q: 'Tell me about myrcene', intent: 'knowledge', cites: [K('terpenes/myrcene')], has: ['Myrcene'] },
  { q: 'What is pinene?', intent: 'knowledge', cites: [K('terpenes/alpha-pinene')], has: ['Pinene'] },
  { q: 'What is the entourage effect?', intent: 'knowledge', cites: [K('glossary/entourage-effect')], has: ['Entourage effect'] },
  { q: 'Define decarboxylation', intent: 'knowledge', cites: [K('glossary/decarboxylation')], has: ['Decarboxylation'] },
  { q: 'What is the endocannabinoid system?', intent: 'knowledge', cites: [K('glossary/endocannabinoid-system')], has: ['CB1'] },
  { q: 'What does strain mean?', intent: 'knowledge', cites: [K('glossary/chemovar')], has: ['Chemovar'] },
  { q: 'What are edibles?', intent: 'knowledge', cites: [K('methods/oral-edibles')], has: ['Oral use and edibles'] },
  {
    q: 'Which topics does the knowledge base cover?',
    intent: 'knowledge',
    cites: ['/api/public/knowledge'],
    has: ['6 cannabinoids', '7 terpenes', '6 medical', '4 methods', '10 glossary', 'CC-BY-4.0'],
  },
  // Health: education, disclaimer and a professional, never advice
  {
    q: 'Is CBD good for anxiety?',
    intent: 'health',
    cites: [K('medical/anxiety'), K('cannabinoids/cannabidiol')],
    has: ['education only', 'not medical advice', 'qualified health professional'],
    hasNot: NO_ADVICE,
  },
  { q: 'Can cannabis help me sleep?', intent: 'health', cites: [K('medical/sleep')], has: ['not medical advice', 'qualified health professional'], hasNot: NO_ADVICE },
  { q: 'Does cannabis treat chronic pain?', intent: 'health', cites: [K('medical/chronic-pain')], has: ['qualified health professional'], hasNot: NO_ADVICE },
  { q: 'Can CBD treat epilepsy in children?', intent: 'health', cites: [K('medical/epilepsy'), K('cannabinoids/cannabidiol')], has: ['not medical advice'], hasNot: NO_ADVICE },
  // Dosing: refused, with educational pointers
  {
    q: 'How much CBD should I take for sleep?',
    intent: 'dosing',
    cites: [K('cannabinoids/cannabidiol'), K('medical/sleep')],
    has: ["can't give dosing advice", 'qualified health professional'],
    hasNot: NO_ADVICE,
  },
  { q: "What's the right THC dose for pain?", intent: 'dosing', cites: [K('cannabinoids/thc'), K('medical/chronic-pain')], has: ["can't give dosing advice"], hasNot: NO_ADVICE },
  {
    q: 'How many mg of edibles should a beginner eat?',
    intent: 'dosing',
    cites: [K('methods/oral-edibles')],
    has: ["can't give dosing advice"],
    hasNot: ['you should take', 'recommended dose', 'start with'],
  },
  // Issue #24: free phrasings, tier relations, everyday words, the live catalog (no live program data through ask)
  { q: 'What comes after Gold?', intent: 'tiers', cites: ['/api/public'], has: ['After Gold (300 points) comes Platinum, at 750'] },
  {
    q: "What does Platinum get that Gold doesn't?",
    intent: 'tiers',
    cites: ['/api/public'],
    has: ['Access to AI-only exclusive content', 'Recurring on-air mentions'],
    hasNot: ['Featured promoter strip'],
  },
  { q: 'how many points between silver and legend', intent: 'tiers', cites: ['/api/public'], has: ['is 1400 points'] },
  { q: 'Do you sell merchandise?', intent: 'shop', cites: ['/api/public/shop/products'], has: ['nothing here is for sale'] },
  { q: 'how much is the mug', intent: 'shop', cites: ['/api/public/shop/products'], has: ['Canopy Cove Logo Mug, 14.00 USD, in stock'] },
  { q: "what's on tonight?", intent: 'schedule', cites: ['/api/public/schedule'], has: ['Prime Time Culture', 'Late Night Listening Room'] },
  { q: 'any specials coming up', intent: 'schedule', cites: ['/api/public/schedule'], has: ['Harvest Live 2026, Saturday 2026-12-05 19:00'], hasNot: ['Solstice'] },
  { q: 'any vids on growing indoors?', intent: 'videos', cites: ['/api/public/videos', '/api/public/videos/cc-013'], has: ['Light Cycles and Flowering'] },
  { q: 'which podcast episode is about terpenes', intent: 'podcast', cites: ['/api/public/podcast'], has: ['The Chemistry of Aroma'] },
  { q: 'what is myrcine', intent: 'knowledge', cites: [K('terpenes/myrcene')], has: ['Myrcene'] },
  { q: 'Who is at the top of the leaderboard?', intent: 'leaderboard', cites: ['/api/public/ai/leaderboard'], has: ['sort=promo'] },
  // No agent has that name: the answer says so and points to the leaderboard, not to a profile that 404s.
  { q: 'What tier is scout-7?', intent: 'agent_profile', cites: ['/api/public/ai/leaderboard'], has: ['scout-7', 'no agent named'] },
  { q: 'cbd oil for my dog?', cites: [K('cannabinoids/cannabidiol')], has: ['not medical advice'], hasNot: NO_ADVICE },
  // Issue #37: questions written by people who never saw the evaluation set. Patchwork (cc-019) is rejected and Pest Patrol (cc-010) a draft: never offered.
  { q: 'got any videos about quilting?', intent: 'videos', cites: ['/api/public/videos'], has: ['No published video matches "quilting"'], hasNot: ['Patchwork'] },
  { q: 'anything on pest control for a small garden', intent: 'videos', cites: ['/api/public/videos?category=cultivation'], has: ['Cultivation', 'pests'], hasNot: ['Pest Patrol'] },
  // Where: the endpoint, POST /mcp (which of the MCP documents leads the answer is not the point: the server's, its tools').
  { q: 'where do agents connect over MCP', intent: 'api', cites: ['/mcp'], has: ['POST', '/mcp'] },
  { q: 'Which version is the knowledge base dataset?', intent: 'knowledge', cites: ['/api/public/knowledge'], has: ['version 1.0.0'] },
  { q: 'I have 320 points, what tier am I', intent: 'tiers', cites: ['/api/public'], has: ['With 320 points you are Gold'], hasNot: ['apiKey'] },
  { q: 'is reputation the same as points', intent: 'reputation', cites: ['/api/public/ai/reputation'], has: ['Reputation is not the same as points', '0-100'] },
  { q: 'What do Legends get that Platinum agents do not?', intent: 'tiers', cites: ['/api/public'], has: ["What Legend gets that Platinum doesn't: Permanent Hall of Fame enshrinement"] },
  {
    q: 'Which terpenes are in the knowledge base?',
    intent: 'knowledge',
    cites: ['/api/public/knowledge/terpenes'],
    has: ['7 terpenes: α-Pinene, β-Caryophyllene, Humulene (α-humulene), Limonene, Linalool, Myrcene (β-myrcene), Terpinolene'],
  },
  {
    q: 'is it safe to drive after using cannabis',
    intent: 'health',
    cites: [K('methods/inhalation')],
    has: ['should not drive', 'not medical advice', 'qualified health professional'],
    hasNot: [...NO_ADVICE, 'Cannabinoids and sleep'],
  },
  { q: 'how long is the germination video', intent: 'videos', cites: ['/api/public/videos/cc-001'], has: ['(4 seconds,'], hasNot: ['0 min'] },
  // Honest "I don't know"
  { q: 'What is the capital of France?', intent: 'unknown', cites: UNKNOWN_CITES, has: ["I don't know"], hasNot: ['Paris'] },
  { q: 'Who won the football match yesterday?', intent: 'unknown', cites: UNKNOWN_CITES, has: ["I don't know"] },
  { q: 'Explain quantum chromodynamics', intent: 'unknown', cites: UNKNOWN_CITES, has: ["I don't know", '/llms.txt'] },
];

describe('GET /api/concierge-chat', () => {
  it('answers the welcome payload with the program constants and questions to ask', async () => {
    const res = await request(service.url, '/api/concierge-chat');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = conciergeWelcomeSchema.parse(res.body);
    expect(body.agreement).toEqual({ title: 'AI Distribution Partnership Agreement', version: '1.0', url: `${service.url}/api/public/ai/partnership` });
    expect(body.welcomeBonus).toBe(100);
    expect(body.referralReward).toBe(50);
    expect(body.suggestedQuestions.length).toBeGreaterThanOrEqual(5);
    expect(body.offers.join(' ')).toMatch(/knowledge base/);
    expect(body.dataFreshness.source).toBe('live');
  });

  it('suggests only questions it can answer', async () => {
    const { body } = await request(service.url, '/api/concierge-chat');
    for (const q of body.suggestedQuestions as string[]) {
      const res = await ask({ message: q });
      expect(res.body.intent, q).not.toBe('unknown');
    }
  });
});

describe('POST /api/concierge-chat: the question table', () => {
  it('has at least 40 questions', () => expect(cases.length).toBeGreaterThanOrEqual(40));

  it.each(cases)('$q', async (c) => {
    const res = await ask({ message: c.q, sessionId: 'table' });
    expect(res.status).toBe(200);
    const body = conciergeReplySchema.parse(res.body);
    if (c.intent) expect(body.intent).toBe(c.intent);
    const urls = body.sources.map((s) => s.url);
    for (const path of c.cites) expect(urls, `${c.q} must cite ${path}`).toContain(service.url + path);
    for (const word of c.has ?? []) expect(body.reply, `${c.q} must say "${word}"`).toContain(word);
    for (const word of c.hasNot ?? []) expect(body.reply.toLowerCase(), `${c.q} must not say "${word}"`).not.toContain(word.toLowerCase());
    expect(body.sources.length).toBeGreaterThan(0);
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.sessionId).toBe('table');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('every cited knowledge source is a permalink that resolves', async () => {
    const res = await ask({ message: 'Is CBD good for anxiety?' });
    for (const s of res.body.sources as Array<{ url: string }>) {
      const page = await request(service.url, s.url.slice(service.url.length));
      expect(page.status, s.url).toBe(200);
    }
  });

  it('answers "what is on now" for the pinned time, and moves with the clock', async () => {
    await request(service.url, '/test-clock', { method: 'POST', json: { now: '2026-11-24T05:30:00Z' } });
    try {
      const res = await ask({ message: "What's on now?" });
      expect(res.body.reply).toContain('Monday 21:30');
      expect(res.body.reply).toContain('Late Night Listening Room');
    } finally {
      await request(service.url, '/test-clock', { method: 'POST', json: { now: CLOCK } });
    }
  });
});

describe("POST /api/concierge-chat with an apiKey: the agent's own standing", () => {
  let agent: Registered;
  const UNKNOWN_KEY = 'mcr_live_0000000000000000000000000000beef';

  beforeAll(async () => {
    agent = await register(service.url, { name: 'Asker-1' });
    expect((await earn(service.url, agent.apiKey, 'promote', 'https://agents.example/post/1')).status).toBe(200);
    expect((await earn(service.url, agent.apiKey, 'share', 'https://agents.example/post/2')).status).toBe(200);
  });

  it('answers about a named agent and the top agents from the live program', async () => {
    const named = conciergeReplySchema.parse((await ask({ message: 'what tier is asker-1?' })).body);
    expect(named.intent).toBe('agent_profile');
    expect(named.reply).toContain('Asker-1');
    expect(named.reply).toContain('Bronze');
    expect(named.reply).toContain('35');
    expect(named.sources.map((s) => s.url)).toContain(`${service.url}/api/public/ai/agent/Asker-1`);
    const top = conciergeReplySchema.parse((await ask({ message: 'who are the top agents right now?' })).body);
    expect(top.intent).toBe('leaderboard');
    expect(top.reply).toContain('Asker-1');
    expect(top.sources.map((s) => s.url)).toContain(`${service.url}/api/public/ai/leaderboard`);
  });

  it('"how many points do I have?" with a Bearer key: points, tier and the gap to the next tier', async () => {
    const res = await ask({ message: 'How many points do I have?' }, { Authorization: `Bearer ${agent.apiKey}` });
    expect(res.status).toBe(200);
    const body = conciergeReplySchema.parse(res.body);
    expect(body.intent).toBe('my_status');
    expect(body.reply).toContain('Asker-1, you have 35 points and your tier is Bronze.');
    expect(body.reply).toContain('You need 65 more points to reach Silver (100 points)');
    expect(body.sources.map((s) => s.url)).toContain(`${service.url}/api/public/ai/agent/Asker-1`);
    expect(res.text).not.toContain(agent.apiKey);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('reads the standing fresh: after the partnership bonus, X-API-Key says Silver and the gap to Gold', async () => {
    expect((await post(service.url, '/api/public/ai/partnership', { agree: true }, agent.apiKey)).status).toBe(200);
    const res = await ask({ message: 'What tier am I?' }, { 'X-API-Key': agent.apiKey });
    expect(res.body.intent).toBe('my_status');
    expect(res.body.reply).toContain('you have 135 points and your tier is Silver');
    expect(res.body.reply).toContain('You need 165 more points to reach Gold (300 points)');
    expect(res.body.reply).toContain('tier-gated feed');
  });

  it("the apiKey in the body works too, and a question about a tier adds the agent's own gap", async () => {
    const status = await ask({ message: 'how many points do I have?', apiKey: agent.apiKey });
    expect(status.body.reply).toContain('you have 135 points');
    const legend = await ask({ message: 'How many points do I need for Legend?', apiKey: agent.apiKey });
    expect(legend.body.intent).toBe('tiers');
    expect(legend.body.reply).toContain('Legend needs 1500 total points. You have 135 points, so you need 1365 more.');
    expect(legend.text).not.toContain(agent.apiKey);
  });

  it("what an action is worth, asked about oneself with a key, is about the action, not the asker's points", async () => {
    const res = await ask({ message: 'how many points do I get for a promote?' }, { Authorization: `Bearer ${agent.apiKey}` });
    expect(res.body.intent).toBe('points');
    expect(res.body.reply).toContain('A promote earns 25 points.');
    expect(res.body.reply).not.toContain('you have');
  });

  it('without a key the same question explains how to send one and names no agent', async () => {
    const res = await ask({ message: 'How many points do I have?' });
    expect(res.body.intent).toBe('my_status');
    expect(res.body.reply).toContain('Authorization: Bearer');
    expect(res.body.reply).not.toContain('Asker-1');
  });

  it.each([
    ['Authorization: Bearer', { message: 'How many points do I have?' }, { Authorization: `Bearer ${UNKNOWN_KEY}` }],
    ['X-API-Key', { message: 'How many points do I have?' }, { 'X-API-Key': UNKNOWN_KEY }],
    ['the body', { message: 'How many points do I have?', apiKey: UNKNOWN_KEY }, {}],
  ])('an unknown key in %s: 200, says the key matched no agent, no personal data, key not echoed', async (_where, json, headers) => {
    const res = await ask(json, headers);
    expect(res.status).toBe(200);
    expect(res.body.intent).toBe('my_status');
    expect(res.body.reply).toContain('No agent has the apiKey you sent');
    expect(res.body.reply).not.toMatch(/you have \d+ points/);
    expect(res.text).not.toContain('Asker-1');
    expect(res.text).not.toContain(UNKNOWN_KEY);
  });

  it('an unknown key does not stop other questions from being answered', async () => {
    const res = await ask({ message: 'How do I register?' }, { 'X-API-Key': UNKNOWN_KEY });
    expect(res.status).toBe(200);
    expect(res.body.intent).toBe('register');
  });

  it('a suspended agent still learns its standing, and that it is suspended', async () => {
    const muted = await register(service.url, { name: 'Asker-Muted' });
    expect((await earn(service.url, muted.apiKey, 'mention', 'https://agents.example/post/3')).status).toBe(200);
    expect((await admin(service.databasePath, 'suspend', 'Asker-Muted')).code).toBe(0);
    const res = await ask({ message: 'What are my points?' }, { Authorization: `Bearer ${muted.apiKey}` });
    expect(res.body.reply).toContain('Asker-Muted, you have 15 points and your tier is Bronze.');
    expect(res.body.reply).toContain('suspended');
    expect(res.body.sources.map((s: { url: string }) => s.url)).toContain(`${service.url}/api/public/ai/agent/Asker-Muted`);
  });
});

describe('POST /api/concierge-chat: bad bodies', () => {
  const expectProblem = (res: { status: number; headers: Headers; body: any }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    problemSchema.parse(res.body);
    expect(res.body.code).toBe(code);
  };
  const raw = (body: string, type = 'application/json') => request(service.url, '/api/concierge-chat', { method: 'POST', body, headers: { 'content-type': type } });

  it.each([
    ['missing message', {}, 'message'],
    ['empty message', { message: '' }, 'message'],
    ['blank message', { message: '   ' }, 'message'],
    ['message too long', { message: 'a'.repeat(2001) }, 'message'],
    ['message not a string', { message: 42 }, 'message'],
    ['message null', { message: null }, 'message'],
    ['sessionId too long', { message: 'hi', sessionId: 's'.repeat(101) }, 'sessionId'],
    ['sessionId not a string', { message: 'hi', sessionId: 7 }, 'sessionId'],
  ])('%s -> 400 invalid_request naming the field', async (_name, json, field) => {
    const res = await ask(json);
    expectProblem(res, 400, 'invalid_request');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it('accepts a message of exactly 2000 characters', async () => {
    const res = await ask({ message: `What is CBD? ${'x'.repeat(1987)}` });
    expect(res.status).toBe(200);
  });

  it('a JSON array or string body -> 400 invalid_request', async () => {
    expectProblem(await raw('[{"message":"hi"}]'), 400, 'invalid_request');
    expectProblem(await raw('"hi"'), 400, 'invalid_request');
  });

  it('invalid JSON -> 400 invalid_json', async () => {
    expectProblem(await raw('{"message": "hi"'), 400, 'invalid_json');
    expectProblem(await raw(''), 400, 'invalid_json');
  });

  it('a non-JSON content type -> 415', async () => {
    expectProblem(await raw('message=hi', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
  });
});
