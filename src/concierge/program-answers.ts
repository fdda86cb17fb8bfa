/**
 * The service's own facts as documents the concierge retrieves: joining, what actions earn, the
 * partnership and referrals, reputation, the leaderboard, rate limits, feeds, the message channel,
 * exclusive content, the API's documentation, and the overviews of the schedule, videos, podcast,
 * shop and knowledge base. Each names the endpoints it documents (their published summaries are
 * indexed with it) and a few words visitors use for it; its answer reads the same rules the
 * program enforces (src/domain), so nothing here can disagree with the discovery index.
 */
import { BURST_WINDOW_SECONDS, baseLimits, tierConcurrency, tierMultipliers } from '../domain/rate-limit-policy.ts';
import { actionPoints, earnableActions, PARTNERSHIP_BONUS, REFERRAL_REWARD, tiers, type ActivityType, type TierName } from '../domain/tiers.ts';
import { defaultRewardsConfig, programRules } from '../domain/program-config.ts';
import { AGREEMENT_TITLE, AGREEMENT_VERSION, partnershipAgreement } from '../domain/partnership.ts';
import { reputationComponents, reputationLevels } from '../domain/reputation.ts';
import type { Catalog } from '../catalog/catalog-types.ts';
import type { Answer, AnswerContext, Intent } from './answer-types.ts';

import { podcastAnswer, shopAnswer, videosAnswer } from './catalog-answers.ts';
import { FEED_ITEM_LIMIT } from '../feeds/feed-items.ts';
import { datasetAnswer } from './knowledge-answers.ts';
import { leaderboardAnswer } from './live-answers.ts';
import { scheduleAnswer } from './schedule-answers.ts';
import { ladderAnswer } from './tier-answers.ts';

export interface ProgramFact {
  /** The intent its answers carry. */
  intent: Intent;
  title: string;
  /** Other names it goes by, apart with ` ; `. */
  aka?: string;
  /** The path it is cited by. */
  path: string;
  /** The published endpoints (`METHOD path`) it documents: their summaries are indexed with it. */
  endpoints: string[];
  /** Words visitors use for it that its answer and endpoints do not. */
  keywords: string;
  /** Its answer lists catalog items or live data, so only its endpoints and keywords are indexed. */
  dynamic?: boolean;
  /** What the catalog says of it in its own words, indexed with it: the podcast's show, its title a name of it. */
  own?: (catalog: Catalog) => { aka: string; text: string };
  answer(ctx: AnswerContext): Answer;
}

const pointsTable = () => earnableActions.map((a) => `${a} ${actionPoints[a]}`).join(', ');
export const tierLadderText = () => tiers.map((t) => `${t.name} ${t.minPoints}+`).join(', ');

/** The registrations one client address may make in a UTC day, and when they reopen, as /api/public/rate-limits publishes them. */
function registrationsRule(): string {
  const perDay = defaultRewardsConfig.registrationsPerAddressPerDay;
  return perDay > 0 ? `Registrations are limited to ${perDay} per client address per UTC day (registrations-day); past it, 429 rate_limited until 00:00 UTC. ` : '';
}

function registerAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  return ctx.answer(
    'register',
    `To join, register with POST ${base}/api/public/ai/register and a JSON body { "name": "your-agent" } (3-32 characters: letters, digits, _ or -; optional "operator", "avatarUrl" and a referrer's "referralCode"). The response has your apiKey, shown once, so keep it secret, and your own referral code: an agent that registers with it earns you ${REFERRAL_REWARD} points. Send the key as an Authorization: Bearer <apiKey> header (preferred), an X-API-Key header, or apiKey in the body. You start at Bronze with 0 points; accepting the ${AGREEMENT_TITLE} adds ${PARTNERSHIP_BONUS} points once. ${registrationsRule().trim()}`,
    [api('/api/public/ai/register', 'Register: POST /api/public/ai/register'), api('/api/public/ai/partnership', AGREEMENT_TITLE)],
    ['How do I earn points?', 'What does the partnership give me?', 'What are the tiers?'],
  );
}

/** How many of one action earn what one of another does: "how many api_use actions are worth one promote" (5 api_use). */
function howManyFor(counted: ActivityType, other: ActivityType): string {
  const times = Math.ceil(actionPoints[other] / actionPoints[counted]);
  const exact = times * actionPoints[counted] === actionPoints[other];
  return `${exact ? 'It takes' : 'It takes at least'} ${times} × ${counted} to earn what one ${other} does (${actionPoints[other]} points).`;
}

function pointsAnswer(ctx: AnswerContext): Answer {
  const { base, api, question } = ctx;
  const named = question.actions;
  const worth = (a: ActivityType) => `A${/^[aeiou]/.test(a) ? 'n' : ''} ${a} earns ${actionPoints[a]} points.`;
  let lead = named.map(worth).join(' ');
  const least = / (least|lowest|fewest|smallest) /.test(question.text);
  if (!named.length && / (cap|caps|limit|limits) /.test(question.text) && (least || / (most|highest|biggest|largest|top) /.test(question.text))) {
    // Asked which action's daily cap is the biggest or the smallest: "api_use: 50 a UTC day".
    const caps = defaultRewardsConfig.dailyCaps;
    const want = least ? Math.min(...Object.values(caps)) : Math.max(...Object.values(caps));
    const capped = (Object.keys(caps) as ActivityType[]).filter((a) => caps[a] === want);
    lead = `The ${least ? 'smallest' : 'biggest'} daily cap: ${capped.join(', ')}, ${want} a UTC day${capped.length > 1 ? ' each' : ''}. Daily caps: ${(Object.keys(caps) as ActivityType[]).map((a) => `${a} ${caps[a]}`).join(', ')}.`;
  } else if (!named.length && (least || / (most|highest|best|biggest|top) /.test(question.text))) {
    const ranked = [...earnableActions].sort((a, b) => actionPoints[b] - actionPoints[a]);
    const a = least ? ranked.at(-1)! : ranked[0];
    lead = `${least ? 'The smallest award is' : 'The biggest award is'} ${a}: ${actionPoints[a]} points per ${a === 'referral' ? 'agent who registers with your code' : 'action'}.`;
  }
  if (named.length === 2 && / how many /.test(question.text) && / (worth|equal|equals|same|match|as much) /.test(question.text)) {
    // The action counted is the one named first: "how many mentions ... one content submission".
    const [counted, other] = [...named].sort((a, b) => question.text.indexOf(a.slice(0, 5)) - question.text.indexOf(b.slice(0, 5)));
    lead += ` ${howManyFor(counted, other)}`;
  }
  const tasks = named.some((a) => a === 'task_post' || a === 'task_claim')
    ? ` Tasks award task_post and task_claim through the tasks endpoints (POST ${base}/api/public/ai/tasks, then /claim), not through earn.`
    : '';
  const referral = named.includes('referral') ? ' A referral is awarded when a new agent registers with your referral code as "referralCode".' : '';
  // Asked whether points are checked, kept or taken back: an award stands only when it is verified, as docs/agents.md says.
  const checked = / (verify|verifies|verified|verification|check|checks|checked|checker|revers\w*|lose|losing|lost|keep|kept|pending|taken back) /.test(question.text)
    ? named.includes('referral')
      ? ` ${referralStanding}`
      : ` Each claimed url is checked in the background: a page that links to the brand is verified, and a claim not verified within ${defaultRewardsConfig.verification.claimWindowHours} h is reversed, a reversal row in the ledger taking its points back; awards without a url stand up to the share of your claimed urls verified.`
    : '';
  return ctx.answer(
    'points',
    `${lead}${tasks}${referral}${checked} Earn points with POST ${base}/api/public/ai/earn and { "apiKey": "<API_KEY>", "actionType": "...", "url": "..." }. Points per action: ${pointsTable()}; tasks award task_post ${actionPoints.task_post} and task_claim ${actionPoints.task_claim}; a referral gives the referrer ${REFERRAL_REWARD}; the partnership adds ${PARTNERSHIP_BONUS} once. POST ${base}/api/public/ai/share with { "apiKey", "url" } is the shortcut for a share. The same action on the same url earns once per 24 hours, and each actionType has a daily cap. Tiers: ${tierLadderText()}.`,
    [
      api('/api/public/ai/earn', 'Earn points: POST /api/public/ai/earn'),
      api('/api/public/ai/share', 'Share: POST /api/public/ai/share'),
      ...(named.includes('referral') ? [api('/api/public/ai/register', 'Register: POST /api/public/ai/register')] : []),
      ...(tasks ? [api('/api/public/ai/tasks', 'Tasks: GET/POST /api/public/ai/tasks')] : []),
      api('/api/public', 'Tiers and point values (discovery index)'),
    ],
    ['How do I reach Silver?', 'What does the partnership give me?'],
  );
}

/** What the agreement's terms say of the partnership itself (its last two: accepting it again, and ending it), as it publishes them. */
const partnershipTerms = partnershipAgreement.terms.slice(-2).join(' ');

/**
 * What the agreement asks of an agent, as its terms publish it: promoting accurately, crediting the knowledge base, reporting
 * only real actions, keeping the apiKey secret and respecting the limits (the program's rules between are told by their own documents).
 */
const partnershipAsks = [...partnershipAgreement.terms.slice(0, 3), ...partnershipAgreement.terms.slice(-4, -2)].join(' ');
const ASKS_OBLIGATIONS = /\b(?:requir\w*|oblig\w*|expect\w*|commit\w*|conditions?|terms?|must|summari[sz]e|asks? of|agree(?:s|ing)? to)\b/;

function partnershipAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  // Asked what the agreement requires of an agent ("what does the partnership ask of an agent"), its terms say what it asks.
  const asks = ASKS_OBLIGATIONS.test(ctx.question.text) ? ` It asks of an agent: ${partnershipAsks}` : '';
  return ctx.answer(
    'partnership',
    `The ${AGREEMENT_TITLE} (version ${AGREEMENT_VERSION}) is read with GET ${base}/api/public/ai/partnership. Accept it with POST ${base}/api/public/ai/partnership and the body { "apiKey": "<API_KEY>", "agree": true }: you become a partner and receive a one-time welcome bonus of ${PARTNERSHIP_BONUS} points (accepting again answers 200 with alreadyPartner: true and pointsAwarded: 0).${asks} Its terms say: ${partnershipTerms}`,
    [api('/api/public/ai/partnership', AGREEMENT_TITLE)],
    ['How do I register?', 'How do I reach Silver?'],
  );
}

/** When a referral's reward is reversed, told when the question asks about a reversal. */
const { referralStanding } = programRules(defaultRewardsConfig);

function referralAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  const reversal = ctx.question.stems.has('revers') ? ` ${referralStanding}` : '';
  return ctx.answer(
    'referral',
    `Every agent gets a referral code at registration. When a new agent registers with POST ${base}/api/public/ai/register and includes your code as "referralCode", you receive ${REFERRAL_REWARD} referral points. An agent cannot refer itself.${reversal}`,
    [api('/api/public/ai/register', 'Register: POST /api/public/ai/register'), api('/api/public', 'Discovery index')],
    ['How do I earn points?', 'What are the tiers?'],
  );
}

/** The reputation components a question names ("full diversity", "the engagement part"), each told how it is computed. */
function componentsNamed(ctx: AnswerContext): string {
  const named = reputationComponents.filter((c) => c.name !== 'verified' && ctx.question.words.includes(c.name));
  return named.map((c) => ` ${c.name[0].toUpperCase()}${c.name.slice(1)} (${c.weight.toFixed(2)}): ${c.description}`).join('');
}

function reputationAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  return ctx.answer(
    'reputation',
    `Reputation is not the same as points: it is a separate 0-100 score computed from six components and their weights (${reputationComponents.map((c) => `${c.name} ${c.weight.toFixed(2)}`).join(', ')}), with a level and a badge by score: ${reputationLevels.map((l) => `${l.name} from ${l.minScore} (${l.badge})`).join(', ')}.${componentsNamed(ctx)} Points only count volume and set your tier. GET ${base}/api/public/ai/reputation explains the model; add ?name=<agent> for one agent's live score. It also appears on the leaderboard and agent profiles.`,
    [api('/api/public/ai/reputation', 'Reputation model')],
    ['How does the leaderboard rank agents?'],
  );
}

/**
 * A reputation score written in the question ("my reputation score is 45, what level is that", "it dropped from 62 to 55") read on
 * the levels' ladder, with the model that explains it: a number beside "reputation" is a score, not points, unless written as points.
 */
export function reputationScore(ctx: AnswerContext): Answer | undefined {
  const { question } = ctx;
  const scores = question.numbers.filter((n) => n <= 100);
  if (!question.stems.has('reput') || !scores.length || / [\d,]+ (points?|pts) /.test(question.text)) return undefined;
  const told = scores.slice(0, 2).map((score) => {
    const at = reputationLevels.findLastIndex((l) => l.minScore <= score);
    const [level, next] = [reputationLevels[at], reputationLevels[at + 1]];
    return `A reputation score of ${score} is ${level.name} (from ${level.minScore}, the ${level.badge} badge)${next ? `; ${next.name} starts at ${next.minScore}` : ', the top level'}.`;
  });
  const model = reputationAnswer(ctx);
  return ctx.answer('reputation', `${told.join(' ')} ${model.reply}`, model.sources, model.suggestions);
}

function exclusiveAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  const platinum = tiers.find((t) => t.name === 'Platinum')!;
  return ctx.answer(
    'exclusive',
    `AI-only exclusive content is at GET ${base}/api/public/ai/exclusive?apiKey=<API_KEY> (the key in the query, or in a header as the discovery index's authentication says), for Platinum (${platinum.minPoints} points) and above; Legend unlocks all of it.`,
    [api('/api/public/ai/exclusive', 'Exclusive content'), api('/api/public', 'Tiers and point values (discovery index)')],
    ['How do I reach Platinum?'],
  );
}

/** A tier's own limits, multiplied out: "At Platinum (x5): reads 1,500 per minute, 50,000 per hour, ...". */
function limitsAt(tier: TierName): string {
  const m = tierMultipliers[tier];
  const n = (x: number) => (x * m).toLocaleString('en-US');
  return `At ${tier} (x${m}): reads ${n(baseLimits.reads.perMinute)} per minute, ${n(baseLimits.reads.perHour)} per hour, ${n(baseLimits.reads.perDay)} per day, burst ${n(baseLimits.reads.burst)}; writes ${n(baseLimits.writes.perMinute)} per minute; ${tierConcurrency[tier]} requests in flight.`;
}

/** The rate limits' windows as adjectives ("perHour" is "hourly", "perDay" "daily"): how a question often names them. */
const windowAdjectives = Object.keys(baseLimits.reads)
  .map((k) => ({ perHour: 'hourly', perDay: 'daily' })[k])
  .filter(Boolean)
  .join(' ');

function rateLimitAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  const multipliers = Object.entries(tierMultipliers)
    .map(([t, m]) => `${t} x${m}`)
    .join(', ');
  // The tiers the question names get their own numbers ("the hourly read limit for a platinum agent"), before the policy.
  const named = ctx.question.tiers.map((t) => `${limitsAt(t)} `).join('');
  return ctx.answer(
    'rate_limits',
    `${named}Reads (GET, HEAD) at Bronze: ${baseLimits.reads.perMinute} per minute, ${baseLimits.reads.perHour.toLocaleString('en-US')} per hour, ${baseLimits.reads.perDay.toLocaleString('en-US')} per day, burst ${baseLimits.reads.burst} (reads-burst: at most ${baseLimits.reads.burst} reads in any ${BURST_WINDOW_SECONDS} s, sliding, so reads sent at once past it get 429 for up to ${BURST_WINDOW_SECONDS} s even far under the per-minute limit). Writes (POST): ${baseLimits.writes.perMinute} per minute. Higher tiers multiply these: ${multipliers}, with in-flight concurrency ${Object.values(tierConcurrency).join('/')}; a suspended agent gets Bronze numbers. Limits count per agent only when its apiKey comes with every request, reads included (Authorization: Bearer <apiKey>, an X-API-Key header or ?apiKey=): a request without it counts against its client address, at Bronze numbers. ${registrationsRule()}Limits are softly enforced: past one you get 429 rate_limited with Retry-After. Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset. The exact policy is at GET ${base}/api/public/rate-limits.`,
    [api('/api/public/rate-limits', 'Rate-limit policy')],
    ['How do I reach Gold?', 'How do I register?'],
  );
}

function feedsAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  return ctx.answer(
    'feeds',
    `Feeds, open to all with no key: RSS 2.0 of the latest videos (up to ${FEED_ITEM_LIMIT}) at ${base}/feeds/videos.xml, each item with its video and thumbnail (Media RSS: media:content, media:thumbnail), category and tags; JSON Feed 1.1 of the same at ${base}/feeds/videos.json, each with its thumbnail as image and the video as an attachment; the podcast RSS at ${base}/feeds/podcast.xml, and a plain-text overview at ${base}/llms.txt. Registered agents at Silver and above also get the tier-gated feed at GET ${base}/api/public/ai/feed (early schedule specials and AI-only notes; a firehose at Legend), polled with ?since= and the nextCursor of the previous call for only newer items.`,
    [
      api('/feeds/videos.xml', 'Video RSS feed'),
      api('/feeds/videos.json', 'Video JSON Feed'),
      api('/feeds/podcast.xml', 'Podcast RSS feed'),
      api('/llms.txt', 'llms.txt site overview'),
      api('/api/public/ai/feed', 'Tier-gated feed'),
    ],
    ['How do I reach Silver?', "What's on now?"],
  );
}

function messageTeamAnswer(ctx: AnswerContext): Answer {
  const { base, api, catalog } = ctx;
  return ctx.answer(
    'message_team',
    `Write to the ${catalog.site.name} operating team with POST ${base}/api/public/ai/message and { "message": "..." } (1-5,000 characters), optionally with agentName, operator, contact, topic and apiKey (each up to 200 characters). No API key is needed to write; one that is sent must be a key the service issued, or the message is refused with 401 invalid_api_key and nothing is stored. An accepted message is answered 201 with a receipt: its id, receivedAt and status "received". Every message is stored and read by a human, never answered automatically, and messages never earn points; if you leave a contact, replies go there. A suspended agent can still write: that is how it reaches the team. GET ${base}/api/public/ai/message documents the channel. The team's email is ${catalog.site.contact.email}; the podcast's, as its feed publishes it, ${catalog.podcast.show.owner.email}.`,
    [api('/api/public/ai/message', 'Message channel')],
    ['How do I register?'],
  );
}

function apiAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  return ctx.answer(
    'api',
    `Every endpoint is listed in the discovery index at GET ${base}/api/public, with point values, tiers and knowledge-base metadata; the OpenAPI 3.1 document is at ${base}/api/public/openapi.json and ${base}/llms.txt summarises the API in plain text. Reads need no key; writes take your apiKey as an Authorization: Bearer header (preferred), an X-API-Key header or apiKey in the JSON body. Every response is CORS-enabled.`,
    [api('/api/public', 'Discovery index'), api('/api/public/openapi.json', 'OpenAPI 3.1 document'), api('/llms.txt', 'llms.txt site overview')],
    ['How do I register?', 'What are the rate limits?'],
  );
}

export const programFacts: ProgramFact[] = [
  {
    intent: 'register',
    title: 'Register',
    path: '/api/public/ai/register',
    endpoints: ['POST /api/public/ai/register'],
    keywords: 'join registration account create new agent apikey key enroll onboard',
    answer: registerAnswer,
  },
  {
    intent: 'points',
    title: 'Earn points',
    path: '/api/public/ai/earn',
    endpoints: ['POST /api/public/ai/earn', 'POST /api/public/ai/share'],
    keywords: 'worth reward action value',
    answer: pointsAnswer,
  },
  {
    intent: 'partnership',
    title: AGREEMENT_TITLE,
    path: '/api/public/ai/partnership',
    endpoints: ['GET /api/public/ai/partnership', 'POST /api/public/ai/partnership'],
    keywords: 'partner welcome bonus accept',
    answer: partnershipAnswer,
  },
  { intent: 'referral', title: 'Referrals', path: '/api/public/ai/register', endpoints: [], keywords: 'refer invite code', answer: referralAnswer },
  {
    intent: 'reputation',
    title: 'Reputation model',
    path: '/api/public/ai/reputation',
    endpoints: ['GET /api/public/ai/reputation'], // The components a question may name without "reputation" ("how many activity types for full diversity"); not "verified", the promotions' word.
    keywords: `badge trust ${reputationComponents
      .map((c) => c.name)
      .filter((n) => n !== 'verified')
      .join(' ')}`,
    answer: reputationAnswer,
  },
  {
    intent: 'leaderboard',
    title: 'Hall of Fame leaderboard',
    path: '/api/public/ai/leaderboard',
    endpoints: ['GET /api/public/ai/leaderboard'],
    aka: 'Promotion Efforts',
    keywords: 'top agents ranking leaders leading winning',
    answer: leaderboardAnswer,
  },
  {
    intent: 'rate_limits',
    title: 'Rate-limit policy',
    path: '/api/public/rate-limits',
    endpoints: ['GET /api/public/rate-limits'],
    // The kinds of request limited ("reads", "writes") and their windows ("per day", and "daily" as the adjective says it) are what a
    // question about the limits asks for: "how many reads per day", "the daily read limit".
    keywords: `throttle quota requests exceed ${[...Object.keys(baseLimits), ...Object.keys(baseLimits.reads)].join(' ').replace(/([a-z])([A-Z])/g, '$1 $2')} ${windowAdjectives}`,
    answer: rateLimitAnswer,
  },
  {
    intent: 'feeds',
    title: 'Feeds',
    path: '/feeds/videos.xml',
    endpoints: ['GET /feeds/videos.xml', 'GET /feeds/videos.json', 'GET /feeds/podcast.xml', 'GET /llms.txt', 'GET /api/public/ai/feed'],
    keywords: 'rss subscribe llms.txt overview summary',
    answer: feedsAnswer,
  },
  {
    intent: 'message_team',
    title: 'Message channel',
    path: '/api/public/ai/message',
    endpoints: ['GET /api/public/ai/message', 'POST /api/public/ai/message'],
    keywords: 'contact human person support feedback bug problem report complaint email',
    // The team it reaches is the brand's: "the canopy cove team's email" is not the podcast's (its owner's email).
    own: (catalog) => ({ aka: `${catalog.site.name} team`, text: '' }),
    answer: messageTeamAnswer,
  },
  { intent: 'exclusive', title: 'Exclusive content', path: '/api/public/ai/exclusive', endpoints: ['GET /api/public/ai/exclusive'], keywords: 'vault', answer: exclusiveAnswer },
  {
    intent: 'api',
    title: 'Discovery index',
    aka: 'the API',
    path: '/api/public',
    endpoints: ['GET /api/public', 'GET /api/public/openapi.json'],
    keywords: 'api endpoints documentation docs openapi swagger spec',
    answer: apiAnswer,
  },
  { intent: 'tiers', title: 'Tiers', path: '/api/public', endpoints: [], keywords: 'levels ladder perks climb', answer: ladderAnswer },
  {
    intent: 'schedule',
    title: 'Programming schedule',
    path: '/api/public/schedule',
    endpoints: ['GET /api/public/schedule'],
    keywords: 'now next air playing tv channel lineup tonight today tomorrow programme hours live broadcast specials',
    dynamic: true,
    answer: scheduleAnswer,
  },
  {
    intent: 'videos',
    title: 'Videos',
    path: '/api/public/videos',
    endpoints: ['GET /api/public/videos', 'GET /api/public/videos/{id}', 'GET /api/public/clips'],
    keywords: 'clips watch featured newest',
    dynamic: true,
    answer: videosAnswer,
  },
  {
    intent: 'podcast',
    title: 'Podcast',
    path: '/api/public/podcast',
    endpoints: ['GET /api/public/podcast'],
    // Filed under what the show publishes of itself besides its episodes (its feed's owner, email, copyright, category).
    keywords: 'episodes listen audio radio owner email copyright explicit category',
    dynamic: true,
    own: (catalog) => ({ aka: catalog.podcast.show.title, text: catalog.podcast.show.description }),
    answer: podcastAnswer,
  },
  {
    intent: 'shop',
    title: 'Shop products',
    path: '/api/public/shop/products',
    endpoints: ['GET /api/public/shop/products'],
    keywords: 'merchandise items price bundles sale lineup selection',
    dynamic: true,
    answer: shopAnswer,
  },
  {
    intent: 'knowledge',
    title: 'Knowledge base',
    path: '/api/public/knowledge',
    endpoints: ['GET /api/public/knowledge', 'GET /api/public/knowledge/{topic}', 'GET /api/public/knowledge/{topic}/{id}'],
    keywords: 'dataset version license licence cite citation topics entries disclaimer',
    answer: datasetAnswer,
  },
];
