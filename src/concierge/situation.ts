/**
 * An agent telling what happened to it and then asking ("i registered this morning, shared 3 videos and the 4th said
 * duplicate_action, why?"): the story's words (times, numbers, codes, actions) draw the rules and documents that own them,
 * while the question is in the ask. Here a question is split into its story and its ask (its last clause that asks, from
 * the word that asks on, with the conditions right before it), and the answers it could get (the one given, and each fact
 * of the program found for it) are judged by what their replies say of it: the ask's words first, the story's breaking ties.
 */
import type { Answer, ConciergeIndex } from './answer-types.ts';
import { normalise, words } from './text.ts';
import { tiers } from '../domain/tiers.ts';

/** Who or what a yes-or-no question asks about, right after its auxiliary: "did i", "is that", "will the cap". */
const SUBJECT = '(i|you|we|it|that|this|there|they|he|she|my|your|our|the|a|an|any|some|anyone|anything|promo|points?)';
const AUXILIARY = '(is|are|was|were|do|does|did|can|could|will|would|should|am)';
/** How a clause asks: a question word anywhere, or an auxiliary before a subject ("did 10 promotes" tells, "did i" asks). */
const ASKS = [/\b(what|how|who|which|when|where|why)\b/, new RegExp(`\\b${AUXILIARY}\\s+${SUBJECT}\\b`)];
const OPENS_ASKING = new RegExp(`^((what|how|who|which|when|where|why)|${AUXILIARY}\\s+${SUBJECT})\\b`);
/** A clause that sets a condition on the ask after it is part of the ask: "if one of my claims gets reversed, do i lose ...". */
const CONDITION = /^(if|when|whenever|once|unless|suppose|say)\b/;
/** The asker speaking of itself: the story is its own situation. */
const FIRST_PERSON = /\b(i|im|my|me|we|our|us)\b/;
/** What one of the ask's words weighs against one of the story's. */
const ASK_WEIGHT = 3;
/** A tier named in a reply says which tier: "which tier do i need" is answered by "Platinum (750 points)". */
const TIER_NAMED = new RegExp(`\\b(${tiers.map((t) => t.name).join('|')})\\b`);
/** A passive verb: something done to the asker or its claims ("it was reversed", "the second got refused"). */
const DONE_TO = /\b(was|were|got|get|gets|been|is|are)\s+\w+ed\b/;
/** How much more of the question another answer's reply must say than the one given. */
const MARGIN = 0.05;

export interface StoryAndAsk {
  story: string;
  ask: string;
  /** What happened last in the story, from its last "and" or "then" on: what an ask of no words of its own ("why") is about. */
  last: string;
}

/**
 * The question's story and its ask, when it tells a story (of four words or more, the asker's own) before asking; undefined
 * when it only asks, or supposes ("if i refer 3 agents, whats my total" tells nothing that happened), or asks twice.
 */
export function storyAndAsk(message: string): StoryAndAsk | undefined {
  const clauses = message
    .split(/\s*(?:(?<!\d),|,(?!\d)|;|[?!]|\.(?=\s)|\s[-–—]\s|\bbut\b)\s*/i)
    .filter((c) => /[\p{L}\p{N}]/u.test(c))
    .map(normalise);
  let i = clauses.length - 1;
  let at = Number.POSITIVE_INFINITY;
  for (; i >= 0 && !Number.isFinite(at); i--) at = Math.min(...ASKS.map((r) => clauses[i].search(r)).filter((j) => j >= 0));
  if (!Number.isFinite(at)) return undefined;
  i++;
  let from = i;
  while (from > 0 && at === 0 && CONDITION.test(clauses[from - 1])) from--;
  const told = from === i ? [...clauses.slice(0, i), clauses[i].slice(0, at)] : clauses.slice(0, from);
  const story = told.join(' ').trim();
  const ask = from === i ? clauses[i].slice(at) : clauses.slice(from, i + 1).join(' ');
  const tells = told.every((c) => !OPENS_ASKING.test(c.trim()) && !CONDITION.test(c.trim()));
  const last = (told.filter((c) => c.trim()).at(-1) ?? '')
    .split(/\b(?:and|then)\b/)
    .at(-1)!
    .trim();
  return tells && FIRST_PERSON.test(`${story} ${ask}`) && words(story).length >= 4 ? { story, ask, last } : undefined;
}

/**
 * Of the answers a story-and-ask question could get, the one whose reply says most of it: each known word weighed by how
 * rare it is, the ask's `ASK_WEIGHT` times the story's. The answer given stays unless another says clearly more; when it
 * is an "I don't know", another must be filed (named or keyed) under a word of the ask: the ask chooses what it is about.
 */
export function byTheAsk(index: ConciergeIndex, split: StoryAndAsk, given: Answer, others: Array<{ answer: Answer; filed: string[] }>): Answer {
  const rarity = (t: string) => Math.log(1 + index.docs.length / (1 + index.documents(t)));
  const known = (t: string) => index.documents(t) > 0;
  // An ask of no known words of its own ("why", "what happened") after a story that ends in what was done to the asker ("and
  // later it was reversed") asks about that: its words weigh as the ask's.
  const own = index.terms(split.ask).filter(known);
  const ask = own.length || !DONE_TO.test(split.last) ? own : index.terms(split.last).filter(known);
  const story = index.terms(split.story).filter((t) => known(t) && !ask.includes(t));
  const weighed = [...ask.map((t) => [t, ASK_WEIGHT * rarity(t)] as const), ...story.map((t) => [t, rarity(t)] as const)];
  const total = weighed.reduce((s, [, w]) => s + w, 0);
  if (!total) return given;
  const says = (a: Answer) => {
    const said = new Set(index.terms(a.reply));
    if (TIER_NAMED.test(a.reply)) for (const t of index.terms('tier')) said.add(t);
    return weighed.reduce((s, [t, w]) => s + (said.has(t) ? w : 0), 0) / total;
  };
  const unknown = given.intent === 'unknown';
  let best = given;
  let score = unknown ? 0 : says(given) + MARGIN;
  for (const { answer, filed } of others) {
    if (unknown && !ask.some((t) => filed.includes(t))) continue;
    const s = says(answer);
    if (s > score) [best, score] = [answer, s];
  }
  return best;
}
