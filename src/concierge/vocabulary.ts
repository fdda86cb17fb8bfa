/**
 * The words the concierge understands, and the everyday words people use for them. Synonyms map
 * what a visitor types to the service's own vocabulary and the content ("merch" to shop, "weed" to
 * cannabis, "hall of fame" to leaderboard); the content itself adds every word of its titles,
 * descriptions, tags, knowledge names and aliases, so a typo is corrected towards a word the
 * service can actually answer about, never towards an arbitrary dictionary word.
 */
import { stemmer } from 'stemmer';
import type { Catalog } from '../catalog/catalog-types.ts';

/** Words that carry no meaning for retrieval; without this, "what is the..." matches everything. */
export const STOP_WORDS = new Set(
  (
    'a an and are as at be been by can could do does did doing for from how i if in into is it its me my mine of on or please ' +
    'should tell than that the their them there these this those to was were what when where which who whom whose why will with ' +
    'would you your yours about any anything some much many know explain define meaning mean means us we our ours here get got ' +
    'gets getting give gives have has having am im let lets show see need want like just also there so then yet still really ' +
    'very too more most thing things something one ones out up down over off again hi'
  ).split(' '),
);

/**
 * Everyday word -> the words of the service's own vocabulary it stands for. Keys are lower-case
 * words after contraction expansion; values are added to the question, never substituted, so
 * the original word still counts for retrieval.
 */
export const SYNONYMS: Record<string, string[]> = {
  // The shop: a catalog of collectible novelty items and bundles
  merch: ['shop', 'merchandise'],
  merchandise: ['shop'],
  store: ['shop'],
  souvenir: ['shop', 'merchandise'],
  souvenirs: ['shop', 'merchandise'],
  swag: ['shop', 'merchandise'],
  goods: ['shop'],
  gift: ['shop'],
  gifts: ['shop'],
  items: ['shop', 'products'],
  product: ['shop'],
  products: ['shop'],
  // Verbs of buying hint at the shop but are everyday words ("order me a pizza"): a weaker cue.
  buy: ['purchase'],
  sell: ['purchase'],
  order: ['purchase'],
  ship: ['purchase'],
  shipping: ['purchase'],
  cheapest: ['purchase', 'price'],
  expensive: ['purchase', 'price'],
  cost: ['purchase', 'price'],
  costs: ['purchase', 'price'],
  bag: ['tote', 'bags'],
  tshirt: ['apparel'],
  shirt: ['apparel'],
  clothes: ['apparel'],
  clothing: ['apparel'],
  // Videos, podcast, schedule
  vid: ['video'],
  vids: ['video'],
  film: ['video'],
  films: ['video'],
  movie: ['video'],
  movies: ['video'],
  footage: ['video'],
  watch: ['video'],
  cooking: ['kitchen', 'recipes'],
  cook: ['kitchen', 'recipes'],
  recipe: ['kitchen'],
  recipes: ['kitchen'],
  growing: ['cultivation', 'grow'],
  grow: ['cultivation'],
  gardening: ['cultivation', 'garden'],
  germinating: ['germination'],
  seeds: ['germination'],
  pest: ['pests'],
  listen: ['podcast'],
  radio: ['podcast'],
  tv: ['schedule'],
  airing: ['schedule'],
  airs: ['schedule'],
  air: ['schedule'],
  playing: ['schedule'],
  broadcast: ['schedule', 'live'],
  lineup: ['schedule'],
  programming: ['schedule'],
  timetable: ['schedule'],
  guide: ['schedule'],
  tonight: ['schedule'],
  // The program's own words
  pts: ['points'],
  pt: ['points'],
  plat: ['platinum'],
  bot: ['agent'],
  bots: ['agents'],
  signup: ['register'],
  enroll: ['register'],
  enrol: ['register'],
  join: ['register'],
  onboard: ['register'],
  invite: ['referral'],
  inviting: ['referral'],
  invited: ['referral'],
  refer: ['referral'],
  referring: ['referral'],
  partner: ['partnership'],
  level: ['tier'],
  levels: ['tiers'],
  rank: ['tier', 'leaderboard'],
  ranks: ['tiers', 'leaderboard'],
  ranking: ['leaderboard'],
  rankings: ['leaderboard'],
  winning: ['leaderboard'],
  promoter: ['promo', 'leaderboard'],
  promoters: ['promo', 'leaderboard'],
  quota: ['rate', 'limit'],
  throttle: ['rate', 'limit'],
  throttling: ['rate', 'limit'],
  contact: ['message'],
  email: ['message'],
  bug: ['message', 'report'],
  spec: ['openapi'],
  swagger: ['openapi'],
  // Health and knowledge (the content's own names)
  weed: ['cannabis'],
  marijuana: ['cannabis'],
  ganja: ['cannabis'],
  insomnia: ['sleep'],
  sleepy: ['sleep'],
  sleeping: ['sleep'],
  chemo: ['chemotherapy'],
  ms: ['multiple', 'sclerosis'],
  vape: ['vaping'],
  vaporize: ['vaping'],
  relax: ['calming'],
  relaxed: ['calming'],
  high: ['intoxicating'],
  stoned: ['intoxicating'],
};

/** Two-word phrases read as one word before synonyms apply. */
export const PHRASES: Array<[RegExp, string]> = [
  [/\bhall of fame\b/g, 'leaderboard'],
  [/\bsign ?up\b/g, 'register'],
  [/\bt-?shirts?\b/g, 'tshirt'],
  [/\bon (tv|air)\b/g, 'on schedule'],
  [/\bright now\b|\bat the moment\b|\bcurrently\b/g, 'now'],
  [/\bapi[ -]use\b/g, 'api_use'],
  [/\bcontent[ -]submit\w*\b/g, 'content_submit'],
  [/\btask[ -]post\b/g, 'task_post'],
  [/\btask[ -]claim\b/g, 'task_claim'],
  [/\brate[ -]limits?\b/g, 'rate limit'],
  [/\bapi ?key\b/g, 'apikey'],
  [/\bcb ?([12])\b/g, 'cb$1'],
];

/** Contractions and chat spellings, expanded before anything else reads the question. */
export const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bwhat'?s\b/g, 'what is'],
  [/\bwat\b|\bwht\b/g, 'what'],
  [/\bwho'?s\b/g, 'who is'],
  [/\bwhere'?s\b/g, 'where is'],
  [/\bhow'?s\b/g, 'how is'],
  [/\bthat'?s\b/g, 'that is'],
  [/\bit'?s\b/g, 'it is'],
  [/\bi'?m\b/g, 'i am'],
  [/\b(do|does|did|is|are|can|have|has|was|were|would|should|could)n'?t\b/g, '$1 not'],
  [/\bwon'?t\b/g, 'will not'],
  [/\bcan'?t\b/g, 'can not'],
  [/\bi'?ve\b/g, 'i have'],
  [/\bu\b/g, 'you'],
  [/\br\b/g, 'are'],
  [/\bur\b/g, 'your'],
  [/\bpls\b|\bplz\b/g, 'please'],
  [/\bthx\b|\bty\b/g, 'thanks'],
  [/'s\b/g, ''],
];

export function stem(word: string): string {
  return /^[\p{L}]+$/u.test(word) ? stemmer(word) : word;
}

/** The words of a text as the concierge reads them: lower case, letters and digits, `_`/`-`/`.` kept inside words. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[_.-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Known words and their stems, from the content and the concierge's own lexicon. */
export interface Vocabulary {
  words: Set<string>;
  stems: Set<string>;
  /** Known words by length, for spelling correction. */
  byLength: Map<number, string[]>;
}

export function buildVocabulary(catalog: Catalog, extra: Iterable<string>): Vocabulary {
  const texts: string[] = [];
  for (const v of catalog.videos) texts.push(v.title, v.description, v.tags.join(' '), v.category);
  for (const e of catalog.podcast.episodes) texts.push(e.title, e.description);
  for (const p of catalog.products) texts.push(p.name, p.description, p.tags.join(' '));
  for (const c of catalog.clips) texts.push(c.title);
  for (const s of catalog.schedule.slots) texts.push(s.title, s.description ?? '');
  for (const s of catalog.schedule.specials) texts.push(s.title);
  for (const c of catalog.site.categories) texts.push(c.name, c.description);
  for (const k of catalog.knowledge.entries) texts.push(k.name, k.aliases.join(' '), k.summary, k.id.replaceAll('-', ' '));
  const all = new Set<string>();
  for (const t of texts) for (const w of words(t)) for (const part of [w, ...w.split(/[_.-]/)]) all.add(part);
  for (const w of extra) for (const part of words(w)) all.add(part);
  for (const w of STOP_WORDS) all.add(w);
  for (const [k, vs] of Object.entries(SYNONYMS)) for (const w of [k, ...vs]) all.add(w);
  const byLength = new Map<number, string[]>();
  for (const w of all) {
    if (!/^\p{L}{3,}$/u.test(w)) continue;
    const list = byLength.get(w.length) ?? [];
    list.push(w);
    byLength.set(w.length, list);
  }
  return { words: all, stems: new Set([...all].map(stem)), byLength };
}
