/**
 * What a question can be about, and the words that say so. Each intent has weighted cues: single
 * words (compared by stem, after synonyms, so "merch" counts as "shop") and short phrases
 * (compared on the corrected text). The weights are evidence, not rules: intent-ranking.ts adds
 * them up together with how well knowledge entries and catalog items match, and the best total
 * wins. The list of intents is the reply schema's `intent` enum (src/schemas/api/concierge.ts).
 */
import { stem } from './vocabulary.ts';

/** The intents are named in the reply schema, whose `intent` enum they are. */
export { conciergeIntents as intents } from '../schemas/api/concierge.ts';
import type { conciergeIntents } from '../schemas/api/concierge.ts';
export type Intent = (typeof conciergeIntents)[number];

type Cues = Record<string, number>;

/** Cue words and phrases per intent; a phrase (with a space) is matched on whole words. */
const CUES: Partial<Record<Intent, Cues>> = {
  dosing: { dose: 3, doses: 3, dosage: 3, dosing: 3, microdose: 3, microdosing: 3, mg: 2, milligram: 2, milligrams: 2, amount: 1.5 },
  health: {
    health: 2,
    healthy: 1.5,
    medical: 2,
    medicine: 2,
    medicinal: 2,
    medication: 3,
    medications: 3,
    treat: 2,
    treatment: 2,
    cure: 2,
    heal: 2,
    therapy: 2,
    therapeutic: 2,
    symptom: 2,
    disease: 2,
    illness: 2,
    ill: 1.5,
    sick: 2,
    condition: 1.5,
    diagnosis: 2,
    doctor: 2,
    patient: 2,
    pain: 3,
    ache: 2.5,
    arthritis: 3,
    migraine: 3,
    headache: 3,
    anxiety: 3,
    anxious: 3,
    stress: 2,
    depression: 3,
    depressed: 3,
    ptsd: 3,
    sleep: 2.5,
    epilepsy: 3,
    seizure: 3,
    nausea: 3,
    vomiting: 3,
    cancer: 3,
    chemotherapy: 3,
    inflammation: 3,
    appetite: 2.5,
    pregnant: 3,
    pregnancy: 3,
    breastfeeding: 3,
    interaction: 2,
    addiction: 3,
    addictive: 3,
    withdrawal: 3,
    overdose: 3,
    sclerosis: 3,
    spasticity: 3,
    lung: 2,
    lungs: 2,
    relax: 1.5,
    calming: 1,
    dog: 1.5,
    pet: 1.5,
    safe: 2,
    harmful: 2,
    dangerous: 2,
    risk: 1.5,
    risks: 1.5,
    'side effect': 3,
    'side effects': 3,
    'good for': 2,
    'bad for': 2,
    'help with': 2,
    'help me': 1.5,
    'help you': 1.5,
    'make you': 1,
  },
  my_status: {},
  partnership: { partnership: 3, agreement: 3, 'welcome bonus': 3, bonus: 2, distribution: 1 },
  referral: { referral: 3, refer: 3, invite: 2.5, 'referral code': 2, code: 1 },
  register: { register: 3, registration: 3, join: 2.5, apikey: 2, 'new agent': 2, account: 2, create: 1, start: 0.5, onboard: 2 },
  tiers: {
    tier: 2.5,
    tiers: 2.5,
    bronze: 2,
    silver: 2,
    gold: 2,
    platinum: 2,
    legend: 2,
    perk: 3,
    perks: 3,
    unlock: 2,
    unlocks: 2,
    climb: 2,
    reach: 1.5,
    highest: 1,
    lowest: 1,
    top: 0.5,
    after: 1,
    above: 1,
    below: 1,
    before: 1,
    shoutout: 2,
    shoutouts: 2,
    'on-air': 2,
    demote: 3,
    demotion: 3,
    'go down': 2,
    'level up': 3,
    start: 1,
    benefit: 2,
    benefits: 2,
    privilege: 2,
  },
  points: {
    point: 2.5,
    points: 2.5,
    earn: 2.5,
    worth: 2.5,
    reward: 1.5,
    action: 2,
    actiontype: 2,
    share: 1.5,
    mention: 1.5,
    promote: 1.5,
    promotion: 1.5,
    api_use: 3,
    content_submit: 3,
    task_post: 3,
    task_claim: 3,
    'daily cap': 3,
    cap: 2,
    duplicate: 2,
    same: 1,
    link: 1,
    url: 1,
    twice: 1.5,
    'for a': 0.5,
  },
  rate_limits: {
    rate: 2,
    limit: 2.5,
    limits: 2.5,
    throttle: 3,
    '429': 3,
    request: 1.5,
    requests: 1.5,
    burst: 3,
    concurrency: 3,
    'per minute': 2,
    'per hour': 2,
    'per day': 2,
    'too many': 2,
    'go over': 1.5,
    exceed: 2,
    'slow down': 2,
  },
  schedule: {
    schedule: 3,
    tonight: 3,
    today: 2,
    tomorrow: 1.5,
    special: 2.5,
    specials: 2.5,
    live: 1.5,
    'time zone': 3,
    timezone: 3,
    'on now': 3,
    'is on': 2,
    'opening hours': 3,
    'open hours': 3,
    'coming up': 2,
    'what is next': 3,
    'after this': 2.5,
    'comes on': 2.5,
    'next show': 3,
    'on next': 3,
    monday: 2,
    tuesday: 2,
    wednesday: 2,
    thursday: 2,
    friday: 2,
    saturday: 2,
    sunday: 2,
    now: 1,
    next: 1,
    programme: 1.5,
    program: 1,
  },
  feeds: { feed: 3, feeds: 3, rss: 3, 'json feed': 3, subscribe: 2, 'llms.txt': 3, llms: 3, atom: 2 },
  message_team: {
    message: 3,
    human: 2.5,
    person: 1.5,
    'talk to': 2,
    team: 2,
    feedback: 3,
    report: 2,
    bug: 3,
    'get in touch': 3,
    'reach you': 3,
    support: 2,
    complaint: 2,
    complain: 2,
    operator: 1,
  },
  reputation: { reputation: 3, badge: 2.5, trust: 2, score: 1.5 },
  leaderboard: { leaderboard: 3, top: 2, best: 1.5, first: 1, leading: 2, lead: 1.5, promo: 1.5, winning: 2, 'who is': 0.5 },
  exclusive: { exclusive: 3, 'ai-only': 3, vault: 2 },
  api: {
    api: 2,
    endpoint: 3,
    endpoints: 3,
    openapi: 3,
    discovery: 3,
    documentation: 2,
    docs: 2,
    http: 1,
    json: 1,
    cors: 3,
    read: 1.5,
    reads: 1.5,
    apikey: 1,
    authentication: 2,
    auth: 2,
  },
  videos: { video: 3, videos: 3, clip: 3, clips: 3, watch: 2, featured: 1.5, channel: 0.5 },
  podcast: { podcast: 3, episode: 3, episodes: 3, listen: 2, season: 2, audio: 2 },
  shop: { shop: 3, purchase: 1.5, price: 2, bundle: 2.5, availability: 2, available: 1, 'for sale': 2, stock: 1.5 },
  knowledge: {
    'what is': 1,
    'what are': 1,
    define: 1.5,
    definition: 1.5,
    'tell me about': 1,
    explain: 1,
    knowledge: 2.5,
    terpene: 2,
    terpenes: 2,
    cannabinoid: 2,
    cannabinoids: 2,
    glossary: 3,
    compound: 1.5,
    license: 2,
    licence: 2,
    cite: 2,
    citation: 2,
    topic: 1.5,
    topics: 1.5,
  },
};

/**
 * Words that name a kind of thing (a video, an episode, a tier) rather than a subject: they pick
 * the intent, so they do not count against how well a document covers the question's subject.
 */
export const GENERIC_WORDS = new Set(
  (
    'video videos vid vids clip clips short shorts watch episode episodes podcast podcasts listen shop store merchandise merch ' +
    'product products item items buy sell schedule air airing channel programme program show shows tv now next today tonight ' +
    'featured feature latest newest new recent recommend available availability point points tier tiers agent agents any anything ' +
    'something stuff have got find look looking there where which long whole list all the special specials live upcoming coming ' +
    'bronze silver gold platinum legend'
  ).split(' '),
);

export interface Lexicon {
  /** intent -> stem -> weight, for single words. */
  words: Map<Intent, Map<string, number>>;
  /** intent -> phrase (padded with spaces) -> weight. */
  phrases: Map<Intent, Map<string, number>>;
  /** Every cue word, plain and stemmed: words that are never an agent's name. */
  all: Set<string>;
  /** Every cue word as written: known words for spelling correction. */
  plain: Set<string>;
  generic: Set<string>;
}

export function buildLexicon(): Lexicon {
  const words = new Map<Intent, Map<string, number>>();
  const phrases = new Map<Intent, Map<string, number>>();
  const all = new Set<string>();
  const plain = new Set<string>();
  for (const [intent, cues] of Object.entries(CUES) as Array<[Intent, Cues]>) {
    const w = new Map<string, number>();
    const p = new Map<string, number>();
    for (const [cue, weight] of Object.entries(cues)) {
      if (cue.includes(' ')) p.set(` ${cue} `, weight);
      else {
        const s = stem(cue);
        w.set(s, Math.max(weight, w.get(s) ?? 0));
        all.add(cue);
        all.add(s);
        plain.add(cue);
      }
    }
    words.set(intent, w);
    phrases.set(intent, p);
  }
  return { words, phrases, all, plain, generic: new Set([...GENERIC_WORDS].map(stem)) };
}
