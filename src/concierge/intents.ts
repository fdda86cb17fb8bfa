/**
 * What a question is about, decided by ordered rules over its words. Safety rules come first so
 * that a question about dosing or health is never answered as a plain glossary lookup, however
 * it is phrased. Pure: no catalog, no I/O.
 */
import { earnableActions, tiers, type TierName } from '../domain/tiers.ts';

export const intents = [
  'dosing',
  'health',
  'my_status',
  'greeting',
  'thanks',
  'partnership',
  'referral',
  'register',
  'tiers',
  'points',
  'rate_limits',
  'schedule',
  'feeds',
  'message_team',
  'reputation',
  'leaderboard',
  'exclusive',
  'api',
  'videos',
  'podcast',
  'shop',
  'knowledge',
  'unknown',
] as const;
export type Intent = (typeof intents)[number];

export interface DetectedIntent {
  intent: Intent;
  /** A tier the question names ("how do I reach Gold?"). */
  tier?: TierName;
  /** An actionType the question names ("how many points for a mention?"). */
  action?: (typeof earnableActions)[number] | 'task_post' | 'task_claim';
}

const DOSING = /\b(dose|doses|dosage|dosages|dosing|micro-?dos\w*|milligrams?|mgs?|how (much|many) (\w+ ){0,3}(should|can|do|to) (i|we|you|one) (take|use|eat|smoke|vape|consume|give)|how (much|many) (\w+ ){0,2}(to|should i) (take|use|eat|smoke|vape|consume)|how often should i (take|use))\b/;
const HEALTH = /\b(health|medical|medicine|medicinal|medication|medications|treat|treats|treating|treatment|cure|cures|heal|therapy|therapeutic|symptoms?|disease|illness|condition|diagnos\w*|doctor|patient|pain|ache|arthritis|migraine|anxiety|anxious|depression|depressed|ptsd|insomnia|sleep|epilepsy|seizures?|nausea|vomiting|cancer|chemo\w*|inflammation|appetite|pregnan\w*|breastfeeding|side effects?|interactions?|overdose|addict\w*|withdrawal|safe to|is it safe|help with|good for)\b/;
const MY_STATUS = /\b(my (points|tier|status|standing|rank|score|balance|progress|account|profile)|how many points (do i|have i)|what tier am i|am i (bronze|silver|gold|platinum|legend)|how (far|close) am i|how many more points|points do i (need|have))\b/;
const GREETING = /^(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening|day)|yo|hallo|hola)\b[\s\p{P}]*(there|concierge|team|friend|all|everyone)?[\s\p{P}]*$/u;
const THANKS = /^(thanks|thank you|thx|cheers|great|perfect|ok|okay|cool)\b[\s\p{P}\w]{0,20}$/u;
const PARTNERSHIP = /\b(partner|partners|partnership|agreement|welcome bonus|distribution)\b/;
const REFERRAL = /\b(refer|referral|referrals|referring|referrer|invite|invit\w+|referral code)\b/;
const REGISTER = /\b(register|registration|sign ?up|signup|join|joining|enrol\w*|onboard\w*|get (an? )?api ?key|get (a )?key|new agent|create (an? )?(agent|account)|apikey|api key)\b/;
const TIERS = /\b(tiers?|bronze|silver|gold|platinum|legend|perks?|level up|next level|promot\w+ to|reach|climb)\b/;
const POINTS = /\b(points?|earn|earning|earns|reward|rewards|action ?types?|actiontype|share|shares|sharing|mention\w*|promot(e|es|ing)|what do i get for|content_submit|api_use|task_post|task_claim|daily cap|duplicate)\b/;
const RATE_LIMITS = /\b(rate ?limits?|ratelimit\w*|throttl\w*|429|requests? per|how many requests|quota|burst|concurrency|too many requests|limits?)\b/;
const SCHEDULE = /\b(on (now|next|air|tonight|tv|today)|on right now|what'?s on|whats on|schedule|playing|airing|broadcast\w*|next (show|programme|program)|coming up|tonight|specials?|programming|time ?table)\b/;
const FEEDS = /\b(feeds?|rss|json ?feed|subscribe|subscription|llms\.?txt|atom|podcast xml)\b/;
const MESSAGE_TEAM = /\b(message (the |your )?(team|operators?|humans?|staff)|contact|talk to (a |the )?(human|person|team|operator)|reach (you|the team|a human)|send (a )?message|feedback|report (a )?(bug|problem|issue)|get in touch|speak to|email)\b/;
const REPUTATION = /\b(reputation|badge|trust score)\b/;
const LEADERBOARD = /\b(leaderboard|hall of fame|ranking|rankings|top agents|who is (first|winning|top))\b/;
const EXCLUSIVE = /\b(exclusive|ai-only|ai only|vault)\b/;
const API = /\b(api|endpoints?|openapi|discovery|documentation|docs|swagger|http|json)\b/;
const VIDEOS = /\b(videos?|watch|episode about|shows?|clips?|channel)\b/;
const PODCAST = /\b(podcasts?|episodes?|listen|audio|radio)\b/;
const SHOP = /\b(shop|store|buy|merch|products?|mug|pins?|bundles?|price|prices)\b/;
const KNOWLEDGE = /\b(what (is|are|does|do)|what'?s|whats|define|definition|meaning|mean|means|explain|tell me about|difference between|knowledge( base)?|terpenes?|cannabinoids?|glossary|compounds?)\b/;

export function normalise(message: string): string {
  return message.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
}

function namedTier(text: string): TierName | undefined {
  return tiers.find((t) => new RegExp(`\\b${t.name.toLowerCase()}\\b`).test(text))?.name;
}

function namedAction(text: string): DetectedIntent['action'] {
  if (/\bcontent[ _]submit\w*|\bsubmit\w* content\b/.test(text)) return 'content_submit';
  if (/\bapi[ _]use\b|\busing the api\b/.test(text)) return 'api_use';
  if (/\btask[ _]post\b|\bpost(ing)? (a )?task\b/.test(text)) return 'task_post';
  if (/\btask[ _]claim\b|\bclaim(ing)? (a )?task\b/.test(text)) return 'task_claim';
  if (/\bshar(e|es|ing)\b/.test(text)) return 'share';
  if (/\bmention\w*\b/.test(text)) return 'mention';
  if (/\bpromot(e|es|ing)\b/.test(text)) return 'promote';
  if (/\brefer\w*\b/.test(text)) return 'referral';
  return undefined;
}

/**
 * `mentionsCompound` tells the rules that the question names a knowledge entry (CBD, myrcene...),
 * so "how much CBD" reads as dosing and "is CBD good for sleep" as health.
 */
export function detectIntent(message: string, context: { hasApiKey?: boolean; mentionsCompound?: boolean } = {}): DetectedIntent {
  const text = normalise(message);
  const tier = namedTier(text);
  const action = namedAction(text);
  const rule = (intent: Intent): DetectedIntent => ({ intent, ...(tier ? { tier } : {}), ...(action ? { action } : {}) });

  if (DOSING.test(text) || (context.mentionsCompound && /\bhow (much|many)\b/.test(text) && !POINTS.test(text))) return rule('dosing');
  if (HEALTH.test(text) && !/\b(api|endpoint|rate|server)\b/.test(text)) return rule('health');
  if (MY_STATUS.test(text) || (context.hasApiKey && /\b(me|my|i)\b/.test(text) && /\b(points?|tier|rank|standing)\b/.test(text))) {
    // "How many points do I need for Legend?" is about Legend; the tiers answer adds the agent's own gap.
    return rule(tier && !/\bam i\b/.test(text) ? 'tiers' : 'my_status');
  }
  if (GREETING.test(text)) return rule('greeting');
  if (THANKS.test(text)) return rule('thanks');
  if (PARTNERSHIP.test(text)) return rule('partnership');
  if (REFERRAL.test(text) && !/\bhow many points\b/.test(text)) return rule('referral');
  if (RATE_LIMITS.test(text) && !/\bdaily cap\b/.test(text)) return rule('rate_limits');
  if (FEEDS.test(text)) return rule('feeds');
  if (REGISTER.test(text)) return rule('register');
  if (TIERS.test(text) && (tier || /\btiers?|perks?|level\b/.test(text))) return rule('tiers');
  if (POINTS.test(text)) return rule('points');
  if (SCHEDULE.test(text)) return rule('schedule');
  if (MESSAGE_TEAM.test(text)) return rule('message_team');
  if (REPUTATION.test(text)) return rule('reputation');
  if (LEADERBOARD.test(text)) return rule('leaderboard');
  if (EXCLUSIVE.test(text)) return rule('exclusive');
  if (context.mentionsCompound || KNOWLEDGE.test(text)) return rule('knowledge');
  if (PODCAST.test(text)) return rule('podcast');
  if (SHOP.test(text)) return rule('shop');
  if (VIDEOS.test(text)) return rule('videos');
  if (API.test(text)) return rule('api');
  return rule('unknown');
}
