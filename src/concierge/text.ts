/**
 * How the concierge reads words, the same for the documents it indexes and the questions it is
 * asked: lower case, letters and digits (with `_`, `-`, `.` kept inside words and their parts
 * added), stop words dropped, Porter2 (Snowball English) stems. The few tables here are what no document can teach a
 * search library: chat spellings, and the handful of everyday words visitors use for the service's
 * own terms ("swag" for the shop, "weed" for cannabis).
 */
import { stem as porter2 } from 'porter2';
import { actionPoints } from '../domain/tiers.ts';

/** Words that carry no meaning for retrieval; without this, "what is the..." matches everything. */
export const STOP_WORDS = new Set(
  (
    'a an and are as at be been by can could do does did doing done for from how i if in into is it its me my mine of on or please ' +
    'should tell than that the their them there these they this those to was were what when where which who whom whose why will with ' +
    'would you your yours thank thanks about any anything some much many know explain define meaning mean means us we our ours here get got ' +
    'gets getting give gives have has having am im let lets show see need want like just also so then yet still really ' +
    'very too more most thing things something one ones out up down over off again hi hey hello ok okay guys stuff kind kinds type types ' +
    // Words that frame a question without naming anything the service has.
    'ever go goes going come comes coming happen happens make makes somewhere someone anyone everyone exactly actually else instead vs versus ' +
    'calculate calculated compute computed work works highest lowest soon other others another pm until long count counts ' +
    // How a question asks about a size, or who discusses a subject: the subject is elsewhere.
    'big large tall heavy talk talks talked talking discuss discusses discussed discussing return returns returned ' +
    // Which endpoint a question asks for is in its other words: "endpoint" alone drew the webhooks ("Register a webhook endpoint").
    'endpoint endpoints call calls ' +
    // How a skeptic reports a claim to check, and how the asker feels about it: the claim's own words are the subject ("is it a
    // myth that ...", "my friend swears ...", "my aunt is scared to use one": no typo of "shared"). "unless" names nothing.
    'myth myths swear swears swore supposedly allegedly scared worried afraid unless ' +
    // How a request for a list says it wants all of it ("the whole merch lineup", "the entire catalogue"): the subject is elsewhere.
    'whole entire'
  ).split(' '),
);

/** A vulnerable person or animal: health words, but only about a compound, method or condition (safety.ts: "is there a kids section"). */
export const PERSON_TERMS = 'dog pet cat kid child children son daughter teen teenager baby toddler elderly'.split(' ');

/** Words that make a question about health (safety.ts): known words, never corrected into others ("addictive" is not "additive"). */
export const HEALTH_TERMS = [
  ...(
    'health medical medicine medicinal medication treat treatment cure heal therapy therapeutic symptom disease illness ill sick doctor patient safe safer unsafe ' +
    'dangerous harmful risk addictive addiction pregnant pregnancy breastfeeding overdose withdrawal pain ache arthritis migraine headache anxiety anxious stress ' +
    'depression ptsd psychosis psychotic paranoia schizophrenia sleep sleepy insomnia epilepsy seizure nausea vomiting cancer chemotherapy inflammation appetite sclerosis spasticity lungs drug prescription ' +
    // Impairment: whether it is safe to drive or work after use is a safety question, never answered with a yes.
    'drive driving impaired impairment machinery ' +
    // What a compound or a way of taking it does to the body: "does linalool calm you down", "how long till an edible kicks in" (its onset).
    'calm calming relax relaxing sedate sedating sedative stoned onset ' +
    'pill interact interaction'
  ).split(' '),
  ...PERSON_TERMS,
];

/** Everyday words for the service's own: added to a question, never substituted for a word in it. */
export const SYNONYMS: Record<string, string[]> = {
  store: ['shop'],
  souvenir: ['shop'],
  gift: ['shop'],
  swag: ['shop'],
  buy: ['shop'],
  sell: ['shop'],
  order: ['shop'],
  purchase: ['shop'],
  // What an item stands up to, in the shop's word for it: "are the stickers waterproof" (weatherproof vinyl).
  waterproof: ['weatherproof'],
  ship: ['shop'],
  cost: ['price'],
  cheap: ['price'],
  expensive: ['price'],
  // What hangs on a wall is a poster or art: "something to hang on my wall".
  wall: ['poster', 'art'],
  // An ornament is the shop's decorative piece: "something shiny for my desk as an ornament" (the brass sculpture).
  ornament: ['decorative'],
  decoration: ['decorative'],
  tshirt: ['apparel'],
  clothes: ['apparel'],
  cooking: ['kitchen'],
  smell: ['aroma'],
  // A citrus fruit named for a smell or a taste is the knowledge base's "citrus" (limonene's aroma, its citrus peel): "smells like lemons".
  lemon: ['citrus'],
  orange: ['citrus'],
  lime: ['citrus'],
  grapefruit: ['citrus'],
  weed: ['cannabis'],
  psychoactive: ['intoxicating'],
  kid: ['children'],
  marijuana: ['cannabis'],
  bot: ['agent'],
  ip: ['address'],
  pts: ['points'],
  plat: ['platinum'],
  chemo: ['chemotherapy'],
  log: ['earn'],
  report: ['earn'],
  record: ['earn'],
  refresh: ['updated'],
  minimum: ['least'],
  // The parameters' bounds are written "min 1, max 100": "what is the maximum page size for tasks".
  maximum: ['max'],
  article: ['entry'],
  addictive: ['dependence'],
  // Quitting is stopping use, the knowledge base's abstinence: "how long after quitting do receptors recover".
  quit: ['abstinence', 'stopping'],
  expire: ['decay'],
  expiry: ['decay'],
  // What checks a claim is the verification ("the checker", "your checker").
  checker: ['verification'],
  // A key, code or body the service refuses is "invalid" in its words (invalid_api_key, invalid_request): "with a wrong api key".
  wrong: ['invalid'],
  // A clip's shape is said as vertical (9:16): "what aspect ratio are the clips" (not the radio show, one letter off).
  ratio: ['vertical'],
  aspect: ['vertical'],
};

/** The weekdays' short forms: those no other word has, and those that are words too. */
const WEEKDAY_SHORT: Array<[string, string[], string[]]> = [
  ['monday', [], ['mon']],
  ['tuesday', ['tue', 'tues'], []],
  ['wednesday', ['weds'], ['wed']],
  ['thursday', ['thu', 'thur', 'thurs'], []],
  ['friday', [], ['fri']],
  ['saturday', [], ['sat']],
  ['sunday', [], ['sun']],
];

/** Phrases read as one word before anything else. */
const PHRASES: Array<[RegExp, string]> = [
  // Someone else's claim reported for checking is no claim of the rewards ("someone claimed cbd is addictive", "a quiz app claimed
  // C21H30O2"): the verb goes, the claim stays. The asker's own claims ("i claimed a page", "my claims were reversed") and a claim of
  // a thing ("the agent claimed the task") are kept.
  [
    /(?<!\b(?:i|we|you|they|my|our|your|their|the|his|her|its|of|to|and|or|not|be|been|was|were|is|are|ive|weve|i've|we've) )\b(?:claimed|claims) (?:that )?(?!(?:a|an|the|my|your|his|her|their|its|it|this|that|these|those|one|some|any|points?|tasks?|urls?|pages?|links?|rewards?|awards?|bonus|partnership|referrals?|promotes?|shares?|mentions?)\b)(?=\w)/g,
    '',
  ],
  [/\bsign(s|ed|ing)? ?up\b/g, 'register'],
  // Where a name comes from is said "named after" in the knowledge base: "which compound takes its name from the hop plant" (humulene).
  [/\b(?:take|takes|took|taking|get|gets|got|getting) (?:its|their|his|her) names? from\b/g, 'named after'],
  [/\bt-?shirts?\b/g, 'tshirt'],
  // The hosts asked for with no show named are the podcast's, whose episodes name them ("who are the hosts", "who presents the
  // shows"); a host of the per-site limit is a web site, no person.
  [/\bwho (?:is|are) (?:the|your) (?:hosts?|presenters?)(?! (?:of|in|on|for)\b)|\bwho (?:hosts|presents) (?:the|your) shows\b/g, 'who hosts the podcast'],
  // Whether the brand, its people or its catalog are real is what the site says of itself: a fictional demo brand ("is this a
  // real company", "are the people and products in your catalog real", "is juniper vale made up").
  [
    /\b(?:is|are) (?:this|it|you|canopy cove|the (?:brand|channel|company|catalog|people|products|hosts|shows|guests|presenters))\b(?:(?! (?:and|or|but) (?:is|are|do|does|can|how|what)\b)[^?.!]){0,40}?\b(?:real|fake|fictional|made up)\b/g,
    'is this a fictional demo brand',
  ],
  // Buying named as the time of a goal to learn something is no request for products ("i want to understand what strain names mean
  // before i shop", "learn how creams and balms work before buying one"): what is to be learned is asked for.
  [
    /\b((?:understand|learn|read|know|study)\b[^?.!]*?) before (?:i |we |you )?(?:buy|buying|shop|shopping|purchase|purchasing|order|ordering)\b(?: (?:one|it|them|any|anything|something|some))?/g,
    '$1',
  ],
  // The shop's word for it is one word: "can i pre-order the grinder".
  [/\bpre-? ?order(s|ed|ing)?\b/g, 'preorder'],
  // A gift card is no card of the agent protocols, and no gift the shop has: one word no document has.
  [/\bgift ?(?:cards?|certificates?|vouchers?)\b/g, 'giftcard'],
  // An action's name written as words: "api use", "task post", "a content submission".
  ...Object.keys(actionPoints)
    .filter((a) => a.includes('_'))
    .map((a): [RegExp, string] => [new RegExp(`\\b${a.replace(/_(\w{1,5})\w*$/, '[ -]$1')}\\w*\\b`, 'g'), a]),
  [/\bapi ?key\b/g, 'apikey'],
  // The asker's own key is its apiKey, the one key an agent has ("where do i put my key"): an idempotency key or a secret is named so.
  [/\b(my|our) key\b/g, '$1 apikey'],
  // A key that leaked is rotated, as the partnership's terms and the rotation endpoint say: "my api key leaked", "my key was stolen".
  // (The word first, then where the key is: a look behind tried at every place costs a long text's length squared.)
  [/\b(?:leak(?:s|ed)?|stolen|compromised|exposed)\b(?:(?=.*\b(?:apikey|key|keys)\b)|(?<=\b(?:apikey|key|keys)\b.*))/g, 'rotate'],
  // Idioms the documents say in their own words: "put out" is published, "the last video" the latest, "turned into" converted into.
  [/\bput(?:s|ting)? out\b/g, 'published'],
  // What has "maxed out" has reached its cap: "i maxed out my shares today".
  [/\bmax(?:ed|es|ing)? out\b/g, 'reached the cap'],
  [/\blast (video|episode|clip)/g, 'latest $1'],
  [/\bturn(?:s|ed|ing)? ((?:[\w-]+ ){0,3})into\b/g, 'converted $1into'],
  // "What now" after what happened asks what to do next, no time on air: "my api key leaked, what now", "...what do i do now".
  [/(?<=[\w,.;!?]) (?:so )?(?:what now|now what)\b/g, ' what do i do'],
  [/\bwhat (do|should|can) (i|we) do now\b/g, 'what $1 $2 do'],
  [/\bright now\b|\bat the moment\b|\bcurrently\b|\bright this minute\b/g, 'now'],
  // Live, as a viewer says it, is what is on air now: "can i watch live", "is there a live stream", "is the channel live" (not
  // "living", nor a special's title: "is harvest live on saturday").
  [/\blive ?stream(?:s|ed|ing)?\b|\blive (?:now|tv)\b/g, 'on air now'],
  [/\b(watch(?:ing)?|stream(?:ing)?|tune in) live\b/g, '$1 on air now'],
  // To tune in is to watch the channel on air: "when should i tune in if i want baking" asks when baking airs.
  [/\btun(?:e|ing) in\b(?! live)/g, 'on air'],
  [/\b(is|are) (you|it|the channel|the station|the tv channel|anything|something) live\b/g, '$1 $2 on air now'],
  // The clock's everyday names for noon: "at lunchtime", "around lunch".
  [/\blunch ?time\b|(?<=\b(?:at|around|over) )lunch\b/g, 'noon'],
  // A weekday written short is the weekday, as a search box or a listing writes it ("tue night schedule", "thurs lineup"): the short
  // forms no other word has always; those that are words too ("sun", "sat", "wed", "mon", "fri") only before a part of the day or a
  // listing ("sun morning", "sat shows"), or after the words that say when ("on sat", "next fri").
  ...WEEKDAY_SHORT.flatMap(
    ([day, always, alsoWords]): Array<[RegExp, string]> => [
      ...(always.length ? [[new RegExp(`\\b(?:${always.join('|')})\\.?(?=\\s|$|[,;:!?])`, 'g'), day] as [RegExp, string]] : []),
      ...(alsoWords.length
        ? [
            [new RegExp(`\\b(?:${alsoWords.join('|')})\\.?(?= (?:night|nite|morning|afternoon|evening|schedule|lineup|line-up|shows?|programs?|programmes?|tv)\\b)`, 'g'), day] as [RegExp, string],
            [new RegExp(`(?<=\\b(?:on|this|next|every|each|last|till|until) )(?:${alsoWords.join('|')})\\.?(?=\\s*$|[,;:!?]| at\\b| \\d)`, 'g'), day] as [RegExp, string],
          ]
        : []),
    ],
  ),
  // "A show on X" is a show about X, unless X says when ("is there a show on balconies", not "is there a show on tonight").
  [
    /\b(a|an|any|some) (shows?|programs?|programmes?) on (?!(?:at|now|air|tv|tonight|today|tomorrow|this|next|later|every|weekends?|the weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b)/g,
    '$1 $2 about ',
  ],
  // "What is X used for" asks what X is for: "used" is no subject (every method of use has it); "short for" asks for no short clip.
  [/\b(used|short) for\b/g, 'for'],
  // "A fancy word for" asks what a word names, as "short for" does: "is a chemovar just a fancy word for strain".
  [/\b(?:fancy|posh|technical|scientific|smart|big|formal) (?:word|name|term) for\b/g, 'for'],
  // When an effect begins is its onset, the documents' word: "how long till an edible kicks in".
  [/\bkick(?:s|ed|ing)? in\b/g, 'onset'],
  // What of a dose gets into the blood is what is absorbed, bioavailability's alias: "how much of an edible actually gets into your blood".
  [/\b(?:(?:gets?|goes|makes it|ends up) into (?:your |the )?blood(?:stream)?|reach(?:es|ed)? (?:your |the )?blood(?:stream)?)\b/g, '$& absorption'],
  // The body's own cannabinoids, or those it makes itself, are the endocannabinoids: "does the human body make its own cannabis-like chemicals".
  [/\bbody(?: (?:makes?|produces?|has)(?: (?:its|their))?)? own\b/g, '$& endocannabinoid'],
  // Feeling less from the same, or needing more to feel it, is tolerance: "why do some people feel less after using a lot".
  [
    /\b(?:(?:feel(?:s|ing)?|felt) (?:it |the effects? )?less(?= (?:after|from|with|when|now|than|each|every|over|these|anymore|any more)\b| ?[,.?!]| *$)|need(?:s|ing)? more to (?:feel|get)|(?:get(?:s|ting)?|feel(?:s|ing)?) less high|not (?:get(?:ting)? )?as high)\b/g,
    '$& tolerance',
  ],
  // Heating the plant in the oven before cooking with it is decarboxylation: "why do people put the buds in the oven before making brownies".
  [/\b(?:buds?|flower|weed|cannabis) in (?:the |an? )?oven\b|\b(?:bak|heat|toast)\w* (?:the )?(?:buds?|flower|weed|cannabis) (?:first|before)\b/g, '$& decarboxylation'],
  // Raw or unheated plant is the acid form that heat converts, decarboxylation's subject: "why doesnt raw cannabis get you high", "if you
  // do not heat the plant does it still get you high".
  [
    /\b(?:raw|unheated|uncooked) (?:cannabis|weed|flower|buds?|plants?|leaf|leaves)\b|\b(?:not|never|without|unless you|don't|dont) (?:heat|heating|heated|cook|cooking|cooked)(?= (?:the|your|it|them)\b)/g,
    '$& decarboxylation',
  ],
  // What gets someone high, no compound or product named before it, is what is intoxicating, the knowledge base's word: "the main
  // thing in weed that gets you high", "does either of them not get you high" (not "do cbd lotions get you high", whose subject is
  // named; the words stay: "make me high" still asks about health).
  [
    /(?<=\b(?:that|which|what|who|it|not|them|thing|things|stuff|one|ones|compound|compounds) )(?:gets?|getting|got|makes?|making|made) (?:you|me|people|someone|anyone|us|them|one) high\b/g,
    '$& intoxicating',
  ],
  // A cannabinoid cream, rub or gel is a topical, the documents' word: "does cbd cream get into your bloodstream" ("lotion" and "balm" are
  // the topicals' own words already; the socks' "green-and-cream" is no cannabinoid's).
  [/\b(?:cbd|thc|cannabis|weed|hemp|cannabinoid) (?:creams?|rubs?|gels?)\b/g, '$& topical'],
  // Eating or swallowing what is taken is oral use, as edibles are: "what does the liver do to thc when you eat it".
  [/\b(?:when|if|after) (?:you|i|we|people|someone) (?:eat|eats|swallow|swallows|ingest|ingests)\b/g, '$& edibles'],
  [/\bkb\b/g, 'knowledge base'],
  // The asker's own looking for something is a request, no subject: "i search the video with the glass blowers", "i'm looking for an
  // episode", "looking for a mug"; not when it is asked how ("how can i search the knowledge base", "do i search by tag").
  [/(?<!\b(?:can|could|do|does|did|shall|should|may|might|will|would|to|how|where) )\b(?:i|we)(?: am| are| was| were)? (?:(?:search|seek)(?:ing)?(?: for)?|(?:look|hunt)(?:ing)? for)\b/g, 'i want'],
  [/^(?:search|seek|look|hunt)ing for\b/, 'want'],
  // The channel a visitor is on is the site itself, not the message channel: "what is this channel about".
  [/\b(this|your) (?:tv )?channel\b/g, '$1 site'],
  // The everyday word for adults, which the documents use: "is the shop for grown-ups".
  [/\bgrown[ -]?ups?\b/g, 'adults'],
  // Chat's short words for the service's own, which no document has: "the pod", "ep 3", "the lb", "my rep", "the ref bonus".
  ...Object.entries({ pod: 'podcast', ep: 'episode', vid: 'video', lb: 'leaderboard', rep: 'reputation', ref: 'referral' }).map(([short, word]): [RegExp, string] => [
    new RegExp(`\\b${short}(s?)\\b`, 'g'),
    `${word}$1`,
  ]),
  [/\bcb ?([12])\b/g, 'cb$1'],
  [/\b(\d{1,2})(am|pm)\b/g, '$1 $2'],
  // A status in the plural is the status: "seeing 429s", "a lot of 500s".
  [/\b([1-5]\d\d)s\b/g, '$1'],
];

/** Contractions and chat spellings. */
const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bwhat'?s\b/g, 'what is'],
  [/\bwat\b|\bwht\b/g, 'what'],
  [/\b(do|does|did|is|are|have|has|was|were|would|should|could)n'?t\b/g, '$1 not'],
  [/\bwon'?t\b/g, 'will not'],
  [/\bcan'?t\b/g, 'can not'],
  [/\bu\b/g, 'you'],
  [/\br\b/g, 'are'],
  [/\bthx\b|\bty\b/g, 'thanks'],
  [/\b(?:to|2)nite\b/g, 'tonight'],
  // Any other contraction's ending says nothing a search needs: "who's", "i'm", "i've", "it'll".
  [/'(s|m|re|ve|ll|d)\b/g, ''],
];

/**
 * The form of a word whose Porter2 stem its other forms share: a Greek "-sis" as its plural
 * ("psychosis" as "psychoses"), "-ification" as its verb ("verification" as "verify").
 */
function sameStemForms(word: string): string {
  if (word.length >= 8 && word.endsWith('sis')) return `${word.slice(0, -2)}es`;
  if (word.endsWith('ification')) return `${word.slice(0, -7)}y`;
  return word;
}

/** Stems already computed: a catalog repeats its words, and indexing 10,000 videos stems each one many times. */
const stems = new Map<string, string>();

export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = /^\p{L}+$/u.test(word) ? porter2(sameStemForms(word)) : word;
    if (stems.size >= 100_000) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** The words of a text as the concierge reads them: lower case, `_`/`-`/`.` kept inside words. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[_.-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Words with the parts of compound words added: "tier-gated" gives "tier-gated", "tier", "gated". */
export function tokens(text: string): string[] {
  return words(text).flatMap((w) => (/[_.-]/.test(w) ? [w, ...w.split(/[_.-]/)] : [w]));
}

/** A token as the index stores it: its stem, or nothing for stop words and single characters. */
export function indexTerm(token: string): string | null {
  if (token.length < 2 || STOP_WORDS.has(token)) return null;
  // A word whose stem is a stop word is one too: "whens", "happening", "calculating".
  const term = stem(token);
  return STOP_WORDS.has(term) ? null : term;
}

/** The words of `text` whose index terms are not among `matched`: what a document left of a question. */
export function wordsBeyond(text: string, matched: readonly string[]): string[] {
  return text.split(' ').filter((w) => w && !matched.includes(indexTerm(w) ?? ''));
}

/** A question in lower case with contractions, chat spellings and set phrases rewritten. */
/**
 * A confirmation tag closing a statement: "right?", ", correct?", "yes?", "is that right?", "isn't it?" (read as "is not it").
 * Not a word a verb or a preposition asks for: "which way is right", "what is on right?".
 */
const CONFIRM_TAG =
  /(?:,\s*|(?<!\b(?:is|are|was|were|be|on|the|a|not|all|turn|go|went))\s+)(?:right|correct|yes|yeah|yep|true|yes or no|am i right|is that (?:right|correct|true|so)|(?:is|are|do|does|did|was|were|has|have|can|will) not (?:it|that|they|he|she|there|you|we))\s*[?.!]*\s*$/;

export function normalise(message: string): string {
  let text = message
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  for (const [pattern, replacement] of CONTRACTIONS) text = text.replace(pattern, replacement);
  // A speaker's sounds while thinking ("um", "uhm", "erm") are no words, nor is the run-up before a spoken question ("okay so", "like").
  text = text
    .replace(/\b(?:u+h*m+|u+h+|e+rm+|h+m+)\b/g, ' ')
    .replace(/^\s*(?:(?:okay|ok|alright|so|well|like|yeah)\s+)+(?=\S)/, '')
    // Nor is "anyway", which only says the question moves on: "what is this channel about anyway".
    .replace(/\banyways?\b/g, ' ')
    // Nor is a tag that asks to confirm what was said ("the logo mug costs 20 dollars right?", "..., isn't it?"): what was said is asked.
    .replace(CONFIRM_TAG, '')
    // Nor is a closing sentence that says what the asker will do with the answer ("... inactive? I would like to state the position
    // precisely."): the question before it is asked.
    .replace(/(?<=[?.!])\s+i (?:would|should) like to (?:quote|cite|state|describe|report|print|publish)\b[^?.!]*[?.!]*\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement);
  return text;
}

/**
 * The words of what the asker wrote, normalised, neither corrected nor joined, and kept whole: a reading without the question's
 * strangers has lost some ("december 5th", a month's name), so the rules that read dates and what was said read these. Read once
 * per input, however many rules ask.
 */
const written = new WeakMap<{ message: string }, string[]>();
export function wordsWritten(input: { message: string }): string[] {
  let ws = written.get(input);
  if (!ws) written.set(input, (ws = words(normalise(input.message))));
  return ws;
}

/** An ordinal in digits ("2nd", "3rd", "21st"): a number, no name. */
export const ORDINAL = /^\d+(st|nd|rd|th)$/;
