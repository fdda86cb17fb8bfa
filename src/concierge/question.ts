/**
 * Reads a question the way the concierge needs it: normalised (text.ts), typos corrected towards
 * the words of the service's own documents, and the few structured things retrieval cannot see:
 * a number of points, tiers, actions, weekdays, a count ("top 3"), whether the question is about
 * the asker, the kind of thing it asks for ("a video about...") and words that may be an agent's
 * name. Pure and cheap: no I/O, a few microseconds per question.
 */
import { actionPoints, tierNames, type ActivityType, type TierName } from '../domain/tiers.ts';
import { weekdays } from '../schemas/content.ts';
import { HEALTH_TERMS, normalise, ORDINAL, STOP_WORDS, stem, SYNONYMS, words as wordsOf } from './text.ts';

export type Weekday = (typeof weekdays)[number];

/** The kinds of catalog item a question can ask for by name ("an episode about soil"). */
export type AskedKind = 'video' | 'clip' | 'episode' | 'product';

/** Words that name a kind of item: they pick what to search, they are not the subject. */
const KIND_OF: Record<string, AskedKind> = {
  video: 'video',
  vid: 'video',
  film: 'video',
  movie: 'video',
  watch: 'video',
  footage: 'video',
  clip: 'clip',
  short: 'clip',
  podcast: 'episode',
  episode: 'episode',
  ep: 'episode',
  listen: 'episode',
  shop: 'product',
  product: 'product',
  item: 'product',
};

/** Words that say the categories asked for are not the videos': the knowledge base's topics, the shop's, a parameter's. */
const CATEGORIES_OF_OTHERS = new Set([
  'knowledge',
  'kb',
  'entry',
  'entries',
  'topic',
  'topics',
  'terpene',
  'terpenes',
  'cannabinoid',
  'cannabinoids',
  'parameter',
  'parameters',
  'param',
  'params',
  'query',
  'filter',
  'error',
  'errors',
  'reputation',
  'badge',
  'badges',
  'task',
  'tasks',
  'shop',
  'product',
  'products',
]);

/** The same by stem: "movies" and "episodes" name kinds too. */
const KIND_WORDS = new Map(Object.entries(KIND_OF).map(([w, kind]) => [stem(w), kind]));
/** The kind of item a word names, if it names one. */
export const kindOfWord = (w: string): AskedKind | undefined => KIND_WORDS.get(stem(w));

export interface Question {
  raw: string;
  /** Normalised, corrected words in order. */
  words: string[];
  /** Normalised words as written, neither corrected nor joined: what a rule reads that a correction may lose ("slot" is no "slow"). */
  asWritten: string[];
  /** A word was corrected into another: what the question means is less certain. */
  corrected: boolean;
  /** The same words joined and padded with spaces, for phrase tests: ` what is cbd `. */
  text: string;
  /** Stems of the words and their synonyms. */
  stems: Set<string>;
  /** What retrieval searches for: the words and their synonyms, less the words that name a kind. */
  query: string;
  tiers: TierName[];
  actions: ActivityType[];
  days: Weekday[];
  /** Numbers written in the question ("320 points", "1,200"), not counts of "top N". */
  numbers: number[];
  /** "top 3 agents", "number 3 on the leaderboard" -> 3. */
  count?: number;
  /** The question is about the asker (I, me, my). */
  self: boolean;
  /** A kind of item the question asks for by name. */
  kind?: AskedKind;
  /** A price the question sets as a ceiling ("under 10 bucks"), and whether it may be reached ("at most $15"). */
  priceCeiling?: { amount: number; inclusive: boolean };
  /** A price the question sets as a floor ("over 40 dollars", "at least $25"), and whether it may be reached. */
  priceFloor?: { amount: number; inclusive: boolean };
  /** What the items asked for leave out ("videos that are not about cooking": "cooking"): no subject, so not in `query`. */
  excluding?: string;
  /** The question asks for every item that fits ("which videos...", "list the episodes", "all the pins"), not the one that fits best. */
  many: boolean;
  /** Words that may be an agent's handle: unknown words, or shaped like handles (digits, `_`, `-`, inner capitals). */
  names: Array<{ name: string; handleLike: boolean }>;
}

/** Words the concierge knows, for spelling correction: every word its documents use, and its own. */
export interface Vocabulary {
  words: Set<string>;
  /** The words the documents themselves use. */
  documented: Set<string>;
  stems: Set<string>;
  /** Known words by length, for spelling correction. */
  byLength: Map<number, string[]>;
  /** The words of a capitalised name by their initials: "coa" for "Certificate of Analysis". */
  initials: Map<string, string[]>;
}

export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
};

/** A price set as a ceiling: "under 10 bucks", "less than $20", "at most 15 dollars", "under ten dollars" (spoken). */
const PRICE_CEILING = new RegExp(
  ` (under|below|less than|cheaper than|up to|at most|no more than|max) (\\$ ?)?(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})( bucks| dollars| usd)?(?!\\w)`,
);

/** A budget, a ceiling that may be reached: "my budget is 12 dollars", "i've got about fifteen dollars" (a number of things had is no budget: money is named). */
const PRICE_BUDGET = new RegExp(
  ` (?:budget(?: is| of)?|(?:got|have)(?= (?:about |around |only |just |maybe |like )?(?:\\$|\\S+ (?:bucks|dollars|usd)\\b)))(?: about| around| only| just| maybe| like)? (\\$ ?)?(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})( bucks| dollars| usd)?(?!\\w)`,
);

/** A price set as a floor: "over 40 dollars", "more than $25", "at least 30 bucks". */
const PRICE_FLOOR = new RegExp(` (over|above|more than|at least|upwards of|pricier than) (\\$ ?)?(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})( bucks| dollars| usd)?(?!\\w)`);

/**
 * A length set as a ceiling: "under 10 seconds", "shorter than a minute", "less than 2 min". Every item's length is said beside
 * it, so it filters nothing: its words are no subject ("seconds" drew the clip of "90 seconds", "under" nothing at all).
 */
const LENGTH_CEILING = new RegExp(
  ` (?:under|below|less than|shorter than|up to|at most|no more than|max|within) (?:\\d+|a|an|${Object.keys(NUMBER_WORDS).join('|')}) (?:s|secs?|seconds?|mins?|minutes?)(?!\\w)`,
);

/** The synonyms by the stem of the everyday word, so "smells" has the synonyms of "smell". */
const SYNONYM_STEMS = new Map(Object.entries(SYNONYMS).map(([word, synonyms]) => [stem(word), synonyms]));

/** The service's own words for a word, if it has any: a comparative or superlative has its adjective's ("cheaper", "cheapest": price). */
export function synonymsOf(w: string): string[] | undefined {
  return SYNONYM_STEMS.get(stem(w)) ?? SYNONYM_STEMS.get(stem(w.replace(/(?<=\w{3})(er|est)$/, '')));
}

/** Words the rules below read, kept out of spelling correction and agent names. */
const RULE_WORDS = [...HEALTH_TERMS, ...tierNames.map((t) => t.toLowerCase()), ...weekdays, ...Object.keys(actionPoints), ...Object.keys(KIND_OF), ...Object.keys(NUMBER_WORDS)];

/** Capitalised words in a row, with "of", "and" or "the" between them: "Certificate of Analysis", "Hall of Fame". */
const CAPITALISED_NAME = /\b[A-Z][\p{L}]*(?:\s+(?:(?:of|and|the)\s+)?[A-Z][\p{L}]*)+/gu;

/** The names written in capitals in a text, by their initials of three letters or more ("coa"). */
function addInitials(text: string, initials: Map<string, string[]>): void {
  for (const [name] of text.matchAll(CAPITALISED_NAME)) {
    const ws = name.toLowerCase().split(/\s+/);
    const key = ws.map((w) => w[0]).join('');
    if (key.length >= 3 && !initials.has(key)) initials.set(key, ws);
  }
}

/** A web address or a DOI: its parts ("journal.pone.0267498") are no words a question's typo means. */
const ADDRESS = /\bhttps?:\/\/\S+|\b10\.\d{4,}\/\S+/g;

export function buildVocabulary(texts: Iterable<string>): Vocabulary {
  const documented = new Set<string>();
  const initials = new Map<string, string[]>();
  for (const t of texts) {
    addInitials(t, initials);
    for (const w of wordsOf(t.replace(ADDRESS, ' '))) for (const part of [w, ...w.split(/[_.-]/)]) documented.add(part);
  }
  const all = new Set<string>([...documented, ...STOP_WORDS, ...RULE_WORDS, ...Object.keys(SYNONYMS), ...Object.values(SYNONYMS).flat()]);
  const byLength = new Map<number, string[]>();
  for (const w of all) {
    if (!/^\p{L}{3,}$/u.test(w)) continue;
    const list = byLength.get(w.length) ?? [];
    list.push(w);
    byLength.set(w.length, list);
  }
  for (const key of initials.keys()) if (all.has(key)) initials.delete(key);
  return { words: all, documented, stems: new Set([...all].map(stem)), byLength, initials };
}

/** Optimal-string-alignment distance (a transposition costs one), stopped early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

const corrections = new WeakMap<Vocabulary, Map<string, string>>();

/**
 * The known word a typo most likely meant: same first letter, one edit (a transposition is one)
 * for words up to seven letters and two for longer ones, the closest length among equals. Known
 * words and words whose stem is known are left alone. The search library's own fuzzy matching
 * works on stems, where "regster" and "regist" are three edits apart; this works on words.
 */
export function correctWord(word: string, vocab: Vocabulary): string {
  if (word.length < 3 || !/^\p{L}+$/u.test(word) || vocab.words.has(word)) return word;
  // A three-letter word is corrected only by swapping two letters ("teh", "adn"): one edit more often makes another word.
  if (word.length === 3) return [`${word[1]}${word[0]}${word[2]}`, `${word[0]}${word[2]}${word[1]}`].find((w) => vocab.words.has(w)) ?? word;
  let memo = corrections.get(vocab);
  if (!memo) corrections.set(vocab, (memo = new Map()));
  let fixed = memo.get(word);
  if (fixed === undefined) {
    fixed = vocab.stems.has(stem(word)) || superlativeOfKnown(word, vocab) ? word : (baseForm(word, vocab) ?? closestKnown(word, vocab));
    if (memo.size > 10_000) memo.clear();
    memo.set(word, fixed);
  }
  return fixed;
}

/** A superlative of a word the documents use ("shortest", "largest", "biggest"): what it says, not a typo of another word ("shortcut"). */
function superlativeOfKnown(word: string, vocab: Vocabulary): boolean {
  if (!word.endsWith('est')) return false;
  return [word.slice(0, -3), word.slice(0, -2), word.slice(0, -4)].some((base) => base.length >= 3 && vocab.words.has(base));
}

/** Suffixes that derive a word from another without changing what it is about: "hourly" is about hours, "darkness" about dark. */
const DERIVATIONS: Array<[string, string]> = [
  ['ily', 'y'],
  ['ly', ''],
  ['ness', ''],
  ['iness', 'y'],
  ['ful', ''],
  ['less', ''],
  ['ish', ''],
];

/** The documented word an unknown word is derived from ("hourly" from "hour", "daily" from "day"), if any. */
function baseForm(word: string, vocab: Vocabulary): string | undefined {
  for (const [suffix, replacement] of DERIVATIONS) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const base = word.slice(0, -suffix.length) + replacement;
    if (vocab.documented.has(base) || vocab.stems.has(stem(base))) return base;
  }
  return undefined;
}

/**
 * A word that is a stop word with a letter more, not a doubled one, is a word of its own ("intro" is no "into", "theme" no "them"):
 * such a typo would make the question lose its subject. A doubled letter is a slip of the finger ("whatt").
 */
function extraLetterOf(word: string, candidate: string): boolean {
  if (word.length !== candidate.length + 1 || !STOP_WORDS.has(candidate)) return false;
  return ![...word].some((ch, i) => ch === word[i - 1] && word.slice(0, i) + word.slice(i + 1) === candidate);
}

function closestKnown(word: string, vocab: Vocabulary): string {
  const max = word.length >= 8 ? 2 : 1;
  let best: { w: string; d: number } | undefined;
  for (let len = word.length - 1; len <= word.length + 1; len++) {
    for (const candidate of vocab.byLength.get(len) ?? []) {
      if (candidate[0] !== word[0] || extraLetterOf(word, candidate)) continue;
      const limit = len === word.length ? max : 1;
      const d = editDistance(word, candidate, limit);
      if (d <= limit && (!best || d < best.d || (d === best.d && Math.abs(candidate.length - word.length) < Math.abs(best.w.length - word.length)))) {
        best = { w: candidate, d };
      }
    }
  }
  return best ? best.w : word;
}

/** The actions a question names, by the stems of their words ("sharing", "a promotion", "referal") or as written ("api_use"). */
const ACTION_STEMS: Record<string, ActivityType> = { share: 'share', mention: 'mention', promot: 'promote', refer: 'referral', referr: 'referral', invit: 'referral' };

/** The action one word names, if any: "promotes", "referal", "api_use". */
export function actionOfWord(word: string): ActivityType | undefined {
  return word in actionPoints ? (word as ActivityType) : ACTION_STEMS[stem(word)];
}

function actionsOf(ws: string[], text: string): ActivityType[] {
  const found: Array<[ActivityType, boolean]> = [
    ['content_submit', ws.includes('content_submit') || / submi\w* (\w+ )?content /.test(text)],
    ['api_use', ws.includes('api_use') || / (use|using|call|calling) (the |your )?api /.test(text)],
    ['task_post', ws.includes('task_post') || / post(ing)? (a |an )?tasks? /.test(text)],
    ['task_claim', ws.includes('task_claim') || / claim(ing)? (a |an )?tasks? /.test(text)],
  ];
  const named = new Set(ws.map((w) => ACTION_STEMS[stem(w)]).filter(Boolean));
  return [...found.filter(([, yes]) => yes).map(([action]) => action), ...(['share', 'mention', 'promote', 'referral'] as const).filter((a) => named.has(a))];
}

/** Handles are 3-32 characters of letters, digits, `_` and `-` (the register endpoint's rule). */
function nameCandidates(message: string, vocab: Vocabulary): Question['names'] {
  const found: Question['names'] = [];
  for (const token of message.match(/[A-Za-z0-9][A-Za-z0-9_-]{1,31}/g) ?? []) {
    const lower = token.toLowerCase().replace(/-+$/, '');
    const handleLike = /[0-9_-]/.test(token) || /[a-z][A-Z]/.test(token);
    // A number, a time ("7pm") or an ordinal ("2nd") is no handle.
    if (lower.length < 3 || /^\d+$/.test(lower) || /^\d{1,2}(am|pm)$/.test(lower) || ORDINAL.test(lower) || /^(cb\d|api_use|content_submit|task_post|task_claim|llms)/.test(lower)) continue;
    // A word the question's reading rewrites ("t-shirt" as "tshirt") is that word, not a handle.
    if (vocab.words.has(lower) || (!handleLike && vocab.stems.has(stem(lower))) || normalise(lower) !== lower) continue;
    // "tier-gated" is two known words, not a handle; "pixel-fox" and "scout-7" may be.
    if (/^[a-z]+(-[a-z]+)+$/.test(lower) && lower.split('-').every((part) => vocab.words.has(part))) continue;
    if (!found.some((f) => f.name.toLowerCase() === lower)) found.push({ name: token, handleLike });
  }
  return found.slice(0, 3);
}

/** Two words written apart that the documents write as one ("glass blowing" for glassblowing): the second unknown, the two together a documented word's stem. */
function joinedUp(words: string[], vocab: Vocabulary): string[] {
  return words.reduce<string[]>((out, w) => {
    const previous = out.at(-1);
    const joined = `${previous}${w}`;
    if (previous && /^\p{L}{3,}$/u.test(w) && /^\p{L}+$/u.test(previous) && !vocab.stems.has(stem(w)) && vocab.stems.has(stem(joined))) out[out.length - 1] = joined;
    else out.push(w);
    return out;
  }, []);
}

/** The names of letters a speech recogniser writes for spelled-out initials ("sea bee dee" for "c b d"). */
const LETTER_NAMES: Record<string, string> = { bee: 'b', sea: 'c', see: 'c', cee: 'c', dee: 'd', gee: 'g', aitch: 'h', en: 'n', pee: 'p', ess: 's', tee: 't', tea: 't', vee: 'v' };

/** Initials spelled out letter by letter ("c b n", "t h c v", "c b one") read as the word the documents write ("cbn", "thcv", "cb1"). */
function spelledOut(words: string[], vocab: Vocabulary): string[] {
  const letter = (w: string) => (/^[a-z]$/.test(w) ? w : LETTER_NAMES[w]);
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    let j = i;
    while (j < words.length && letter(words[j])) j++;
    const digit = j - i >= 2 ? (NUMBER_WORDS[words[j]] ?? (/^\d$/.test(words[j] ?? '') ? Number(words[j]) : undefined)) : undefined;
    const run = words.slice(i, j).map(letter).join('');
    const joined = [digit !== undefined && vocab.documented.has(`${run}${digit}`) ? `${run}${digit}` : '', run].find((w) => w.length >= 2 && vocab.documented.has(w) && !STOP_WORDS.has(w));
    if (joined) {
      out.push(joined);
      i = j + (joined === run ? 0 : 1);
    } else {
      out.push(words[i]);
      i++;
    }
  }
  return out;
}

/**
 * Words that leave something out of the items asked for, and what they leave out up to the end of its clause: "videos that are not
 * about cooking or gardening", "everything under $20 except the stickers", "episodes not from season one". Not a verb's "not" ("does
 * not cause a high", "don't get the feed"), nor "without", which asks what is not needed ("videos without an api key").
 */
const EXCLUSION =
  / (except(?: for)?|excluding|apart from|other than|but not|(?:(?:that|which|who) )?(?:are|is|were) not(?: about| from| by| in| on| for)?|not (?:about|from|including|presented by|hosted by|made by))((?: [^ ]+)+?)(?= (?:that|which|who|if|when|under|below|over|above|less|more|cheaper|please|thanks)\b| $)/;
/** The words that say something is left out: known words of a question that read an exclusion, whatever the documents have. */
export const EXCLUDING_WORDS = ['except', 'excluding', 'apart', 'other', 'than', 'not'];
const ARTICLES = new Set(['the', 'a', 'an', 'any', 'those', 'ones', 'one', 'of']);

/** The indexes of the exclusion's words in `ws` (marker and all) and the words it leaves out, articles dropped. */
function exclusionOf(ws: string[]): { at: Set<number>; excluding: string } | undefined {
  const text = ` ${ws.join(' ')} `;
  const m = EXCLUSION.exec(text);
  if (!m) return undefined;
  const first = text.slice(0, m.index).trim().split(' ').filter(Boolean).length;
  const markers = m[1].split(' ').length;
  const left = m[2].trim().split(' ');
  // "the leaf one", "the ones from season one": a season's number stays, a pronoun goes.
  const excluding = left.filter((w, i) => !ARTICLES.has(w) || (w === 'one' && i > 0 && left[i - 1] === 'season')).join(' ');
  if (!excluding) return undefined;
  return { at: new Set(Array.from({ length: markers + left.length }, (_, i) => first + i)), excluding };
}

export function readQuestion(message: string, vocab: Vocabulary): Question {
  const normal = normalise(message);
  const asWritten = wordsOf(normal);
  const written = joinedUp(spelledOut(asWritten, vocab), vocab);
  // A word no document has that is a name's initials reads as the name: "coa" as "certificate of analysis".
  const ws = written.flatMap((w) => vocab.initials.get(w) ?? [correctWord(w, vocab)]);
  const text = ` ${ws.join(' ')} `;
  // A word the documents never use gives way to the service's own words for it ("swag" to "shop").
  const widen = (w: string) => {
    const synonyms = synonymsOf(w);
    return synonyms ? [...(vocab.documented.has(w) ? [w] : []), ...synonyms] : [w];
  };
  const widened = ws.flatMap(widen);
  const stems = new Set(widened.flatMap((w) => [stem(w), ...w.split(/[_.-]/).map(stem)]));
  // Only a kind named in the question's own words: "order" may hint at the shop, it does not ask for a product.
  // A kind named after "when", "so" or "if" is in a clause about something else: "webhooks so my bot hears when a new video is published".
  const clause = ws.findIndex((w, i) => i > 0 && /^(when|so|if|because)$/.test(w));
  const main = clause > 0 ? ws.slice(0, clause) : ws;
  const doing = clause > 0 && /ing$/.test(ws[clause + 1] ?? '');
  // Of two kind words together the last is the kind, the first describes it: "video clip" is a clip. But "short" is the service's own
  // word for its clips ("short vertical clips"): "short videos" are clips (the videos answer gives the videos when theirs have none).
  // A gift or a present asked for ("a gift for a friend who gardens", "housewarming present for a coffee drinker") is something to buy:
  // it asks for products, and a kind named after it is what they are about ("a present for someone who loves the podcast"). A present
  // that is the time ("at present") or a verb ("who presents") is none.
  const gifting = / (?:a|an|some|any|nice|good|little|small|cheap|perfect|birthday|christmas|housewarming|as) (?:gift|present)s? | (?:gift|present)s? (?:for|ideas?) /.test(` ${main.join(' ')} `);
  const named = [
    ...(gifting ? (['product'] as const) : []),
    ...main
      .filter((w, i) => !KIND_WORDS.has(stem(main[i + 1] ?? '')) || w === 'short')
      .map((w) => KIND_WORDS.get(stem(w)))
      .filter((k) => k !== undefined),
  ];
  // The categories asked for with no kind named are the videos' (nothing else has categories): "what categories of content does the
  // brand organise its shows into". Not those of the knowledge base or the shop, nor a parameter's.
  const categories = !named.length && main.includes('categories') && !main.some((w) => CATEGORIES_OF_OTHERS.has(w));
  const kinds: AskedKind[] = categories ? ['video'] : named;
  const tiers = tierNames.filter((t) => stems.has(stem(t.toLowerCase())));
  // The channel's episodes are its videos ("the kitchen episodes on the channel", "tv episodes"): the podcast's are the radio's.
  const channelEpisodes = kinds[0] === 'episode' && / (channel|tv|television) /.test(text) && !/ (podcast|podcasts|radio|listen|audio|season) /.test(text);
  tiers.sort((a, b) => text.indexOf(a.toLowerCase()) - text.indexOf(b.toLowerCase()));
  // A count of the best ("top 3"), or a place among them ("number 4 on the leaderboard"), which is read down to.
  const countMatch = / (?:top|first|best|number|place|position|spot) (\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twenty) /.exec(text);
  const count = countMatch ? (NUMBER_WORDS[countMatch[1]] ?? Number(countMatch[1])) : undefined;
  // A price ceiling filters products, it is no subject: its words stay out of the query, and it asks for products.
  const budget = PRICE_BUDGET.exec(` ${normal} `);
  const ceiling = PRICE_CEILING.exec(` ${normal} `) ?? (budget && Object.assign([budget[0], 'at most', ...budget.slice(1)], { index: budget.index }));
  const priced = ceiling && (ceiling[2] || ceiling[4] || kinds[0] === 'product') ? ceiling : undefined;
  const floorMatch = PRICE_FLOOR.exec(` ${normal} `);
  const floor = floorMatch && (floorMatch[2] || floorMatch[4] || kinds[0] === 'product') ? floorMatch : undefined;
  const lengthCeiling = LENGTH_CEILING.exec(` ${normal} `);
  const ceilingWords = new Set([...(priced ? wordsOf(priced[0]) : []), ...(floor ? wordsOf(floor[0]) : []), ...(lengthCeiling ? wordsOf(lengthCeiling[0]) : [])]);
  // Read only where items or a day's shows are asked for, whose lists can leave some out: "can an agent that is not platinum read the
  // exclusive articles" lists nothing.
  const exclusion = kinds.length || priced || floor || weekdays.some((d) => ws.includes(d) || ws.includes(`${d}s`)) ? exclusionOf(ws) : undefined;
  // A number that numbers a season, an episode or a part ("season 1 episode 4") is a name, no amount.
  const numbers = [...normal.matchAll(/(?<![\w.-])(?<!\b(?:season|episode|ep|part|chapter|series) )(\d{1,3}(?:,\d{3})+|\d+)(?![\w.-])/g)]
    .map((m) => Number(m[1].replaceAll(',', '')))
    .filter((n) => n !== count);
  return {
    raw: message,
    words: ws,
    asWritten,
    corrected: ws.some((w, i) => w !== written[i]),
    text,
    stems,
    // A word that names a kind of item picks what to search, it is not the subject: it and its synonyms ("vids") stay out of the query.
    // After "when" and what is done to it, it picks nothing and is what the question is about: "the default page size when listing clips".
    // Asked for products, a word naming another kind is what they are about: "anything in the shop for fans of the podcast".
    query: ws
      .filter((w, i) => !(KIND_WORDS.has(stem(w)) && !(doing && i > clause) && !(kinds[0] === 'product' && KIND_WORDS.get(stem(w)) !== 'product')) && !ceilingWords.has(w) && !exclusion?.at.has(i))
      .flatMap(widen)
      .join(' '),
    tiers,
    actions: actionsOf(ws, text),
    days: weekdays.filter((d) => ws.includes(d) || ws.includes(`${d}s`)),
    numbers,
    ...(count ? { count } : {}),
    self: / (i|me|my|mine|myself|am i) /.test(text),
    ...(kinds.length || priced || floor ? { kind: channelEpisodes ? 'video' : (kinds[0] ?? 'product') } : {}),
    ...(exclusion ? { excluding: exclusion.excluding } : {}),
    ...(priced ? { priceCeiling: { amount: NUMBER_WORDS[priced[3]] ?? Number(priced[3]), inclusive: /^(up|at|no|max)/.test(priced[1]) } } : {}),
    ...(floor ? { priceFloor: { amount: NUMBER_WORDS[floor[3]] ?? Number(floor[3]), inclusive: /^(at|upwards)/.test(floor[1]) } } : {}),
    many: / (which|list|all|every|each|whole|entire|enumerate) /.test(text) || ws.some((w) => KIND_WORDS.has(stem(w)) && w.endsWith('s') && w.length > 3),
    names: nameCandidates(message, vocab),
  };
}
