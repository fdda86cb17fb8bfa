/**
 * Decides what a question is about by ranking every intent on one scale: the cue words it uses
 * (intents.ts), the structure it has (about oneself, a tier relation, an action's worth, a
 * greeting on its own), and how well the service's own things match its subject (knowledge
 * entries named or retrieved, videos, episodes, products, schedule slots, agents the live program
 * knows). Ranking them together, instead of trying rules in a fixed order, is what lets "how many
 * points do I get for a promote?" be about the promote and "is there a video on decarboxylation?"
 * be about a video although decarboxylation is also a glossary entry. Safety keeps two rules
 * above the scores: a dosing question is always answered as one, and a question with clear
 * health evidence is never answered as a plain knowledge lookup.
 */
import type { Catalog, KnowledgeEntry } from '../catalog/catalog-types.ts';
import type { AgentContext, LiveProgram, ProgramAgent } from './answer-types.ts';
import { intents, type Intent, type Lexicon } from './intents.ts';
import type { Understood } from './query-understanding.ts';
import type { ConciergeIndex, DocKind, SearchHit } from './search-index.ts';
import { STOP_WORDS, stem, words as wordsOf, type Vocabulary } from './vocabulary.ts';

export interface Ranking {
  intent: Intent;
  /** Every intent with evidence, best first (for tests and tuning). */
  scores: Array<{ intent: Intent; score: number }>;
  /** Knowledge entries the question names by name or alias, longest name first. */
  mentioned: KnowledgeEntry[];
  /** The question's subject: its meaningful stems less the words that only pick a kind. */
  topicTerms: string[];
  /** The best matches of the subject, per kind of document. */
  hits: Partial<Record<DocKind, SearchHit[]>>;
  /** Agents the live program knows under a name the question uses. */
  agents: ProgramAgent[];
  /** Handle-shaped names the live program does not know. */
  unknownHandles: string[];
  /** The question touches health; its answer carries the not-medical-advice line whatever the intent. */
  healthRelated: boolean;
}

const DOSING_PHRASE =
  / how (much|many) (\w+ ){0,3}(should|can|do|to|would|could|must) (i|we|you|one|a beginner|beginners|someone|my \w+) (take|use|eat|smoke|vape|consume|give|start with) | how (much|many) (\w+ ){0,2}(to|should i) (take|use|eat|smoke|vape|consume) | how often should i (take|use) | (right|safe|good|best|ideal|normal|typical) (amount|dose|dosage) /;
const STANDING =
  / my (points|tier|status|standing|rank|score|balance|progress|account|profile|level) | how many points (do|have|did) i (have|got|earned)? | how many points have i | what tier am i | what level am i | am i (bronze|silver|gold|platinum|legend) | how (far|close) am i | how many more points | points do i (have|need) | points (would|will) i need | where do i stand | my own /;
/** "Who has the most points?" asks for agents, not for the biggest award. */
const WHO_LEADS = /^ who (\w+ ){0,3}(most|top|highest|best|leading|first|number one|winning|ahead) /;
const GREETING_WORDS = /^ (hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening|day)|yo|hallo|hola)( there| concierge| team| friend| all| everyone)? /;
const CAPABILITY = /^ ((what|how) (can|do) you (do|help)( me)?( with)?|who are you|what are you|help) $/;
const THANKS = /^ (thanks|thank you|thx|cheers|great|perfect|ok|okay|cool|awesome|nice)( \w+){0,4} $/;

/** Whole-word mentions of knowledge entries (by name, alias or id), longest match first. */
/** Words that make a plain unknown word worth looking up as an agent's name ("how many points does lumen have"). */
export const AGENT_CUES = / (agent|agents|profile|tier|points|rank|ranked|named|called|standing|reputation|who is|bronze|silver|gold|platinum|legend) /;

const entryNames = new WeakMap<Catalog, Array<{ entry: KnowledgeEntry; names: string[] }>>();

function namesOf(catalog: Catalog) {
  let names = entryNames.get(catalog);
  if (!names) {
    names = catalog.knowledge.entries.map((entry) => {
      const own = [entry.name, entry.name.replace(/\s*\(.*\)\s*/, ''), entry.id, ...[...entry.name.matchAll(/\(([^)]+)\)/g)].map((m) => m[1])];
      // "pinene" names α-Pinene; aliases keep their prefix (humulene's "α-caryophyllene" is not caryophyllene).
      const bare = own.map((n) => n.replace(/^(α|β|alpha|beta|delta-9|δ9)-/i, ''));
      const all = [...own, ...bare, ...entry.aliases, entry.id.replaceAll('-', ' ')].map((n) => wordsOf(n).join(' ')).filter((n) => n.length >= 2);
      return { entry, names: [...new Set(all)].sort((a, b) => b.length - a.length) };
    });
    entryNames.set(catalog, names);
  }
  return names;
}

function mentionedEntries(catalog: Catalog, understood: Understood): KnowledgeEntry[] {
  const text = understood.text;
  const found: Array<{ entry: KnowledgeEntry; length: number }> = [];
  for (const { entry, names } of namesOf(catalog)) {
    const hit = names.find((n) => text.includes(` ${n} `) || text.includes(` ${n}s `));
    if (hit) found.push({ entry, length: hit.length });
  }
  return found.sort((a, b) => b.length - a.length).map((f) => f.entry);
}

type Scores = Map<Intent, number>;

function add(scores: Scores, intent: Intent, value: number): void {
  scores.set(intent, (scores.get(intent) ?? 0) + value);
}

interface RankContext {
  catalog: Catalog;
  index: ConciergeIndex;
  lexicon: Lexicon;
  vocabulary: Vocabulary;
  agent?: AgentContext;
  live?: LiveProgram;
}

/** The cue words and phrases each intent finds in the question. */
function cueScores(understood: Understood, lexicon: Lexicon): Scores {
  const scores: Scores = new Map();
  for (const intent of intents) {
    let score = 0;
    for (const [s, w] of lexicon.words.get(intent) ?? []) if (understood.stems.has(s)) score += w;
    for (const [p, w] of lexicon.phrases.get(intent) ?? []) if (understood.text.includes(p)) score += w;
    if (score > 0) scores.set(intent, score);
  }
  return scores;
}

/** How well the service's own things match the subject, added to the intents that answer with them. */
function subjectEvidence(understood: Understood, context: RankContext, scores: Scores) {
  const { catalog, index, lexicon } = context;
  const topicTerms = understood.terms.filter((t) => !lexicon.generic.has(t));
  const hits = index.searchByKind(topicTerms, 8);
  const best = (kind: DocKind) => hits[kind]?.[0]?.coverage ?? 0;
  const mentioned = mentionedEntries(catalog, understood);

  // A kind named outright ("a video about...", "an episode on...") takes the subject for itself.
  const named = { video: (scores.get('videos') ?? 0) >= 2, episode: (scores.get('podcast') ?? 0) >= 2, product: (scores.get('shop') ?? 0) >= 2 };
  const anyKindNamed = named.video || named.episode || named.product;
  const damp = (own: boolean) => (anyKindNamed && !own ? 0.4 : 1);
  // An entry named for the subject is strong evidence; one that only mentions its words in passing is weak.
  const entry = hits.knowledge?.[0];
  const retrieved = entry ? 2 * entry.nameCoverage + 0.75 * (entry.coverage - entry.nameCoverage) : 0;
  add(scores, 'knowledge', damp(false) * ((mentioned.length ? 3 : 0) + retrieved));
  add(scores, 'videos', damp(named.video) * 2.5 * Math.max(best('video'), best('clip')));
  add(scores, 'podcast', damp(named.episode) * 2.5 * best('episode'));
  add(scores, 'shop', damp(named.product) * 2.5 * best('product'));
  const slotCoverage = Math.max(best('slot'), best('special'));
  if (slotCoverage >= 0.5 && !anyKindNamed) add(scores, 'schedule', 3 * slotCoverage);

  // An endpoint named for a subject no intent's cue explains ("rotate my key") points to the API's documentation.
  const uncued = topicTerms.filter((t) => !lexicon.all.has(t));
  const endpoint = uncued.length ? index.search(uncued, { kinds: ['endpoint'], limit: 1 })[0] : undefined;
  if (endpoint) add(scores, 'api', 2.5 * endpoint.nameCoverage);
  return { topicTerms, hits, mentioned };
}

/** What the question's shape says: health and dosing, an action's worth, one's own standing, tier relations, greetings. */
function structureEvidence(understood: Understood, context: RankContext, subject: ReturnType<typeof subjectEvidence>, scores: Scores): void {
  const { text, stems } = understood;
  const compound = subject.mentioned.length > 0 || stems.has('cannabi') || subject.hits.knowledge?.some((h) => h.topic === 'medical' && h.coverage >= 0.5);
  if (stems.has('api') || stems.has('endpoint') || stems.has('server') || stems.has('uptime') || stems.has('healthz')) {
    // "Does the API have a health check?" is about the service's health, not a person's.
    if (scores.has('health')) add(scores, 'health', -Math.min(scores.get('health')!, 2));
    add(scores, 'api', 1);
  }
  const health = scores.get('health') ?? 0;
  if ((!stems.has('point') && DOSING_PHRASE.test(text)) || ((scores.get('dosing') ?? 0) > 0 && compound)) add(scores, 'dosing', 6);
  else if (compound && / how much /.test(text) && !stems.has('point') && !stems.has('price') && !stems.has('shop') && !/ how much is /.test(text)) add(scores, 'dosing', 4);
  if (health >= 1.5 && compound) add(scores, 'health', 2.5);
  if (health >= 2.5) add(scores, 'health', 1);

  // Naming an action is asking what it earns, unless the question is plainly about something else.
  const actions = understood.actions.length;
  const asksWorth = / (how many|how much|what|get|receive|give|gives|anything) /.test(text) || stems.has('worth') || stems.has('earn') || stems.has('reward') || stems.has('point');
  if (actions) add(scores, 'points', asksWorth ? 3 : 1);
  if (STANDING.test(text) && !(actions && / (for|per|when|if) /.test(text))) {
    // "How many points do I need for Legend?" is about Legend; the tiers answer adds the agent's own gap.
    if (understood.tiers.length && !/ am i /.test(text)) add(scores, 'tiers', 3);
    else add(scores, 'my_status', 5);
  } else if (typeof context.agent === 'object' && understood.self && !actions && / (points|tier|rank|standing) /.test(text) && !understood.tiers.length) {
    add(scores, 'my_status', 3);
  }
  if (WHO_LEADS.test(text)) add(scores, 'leaderboard', 3);
  if (understood.tiers.length >= 2) add(scores, 'tiers', 2);
  if (understood.tiers.length && / (after|above|before|below|next|beyond|under|higher than|lower than|between) /.test(text)) add(scores, 'tiers', 1.5);

  if (GREETING_WORDS.test(text)) {
    const rest = text.replace(GREETING_WORDS, ' ');
    if (rest.trim() === '' || CAPABILITY.test(rest)) add(scores, 'greeting', 10);
  } else if (CAPABILITY.test(text)) add(scores, 'greeting', 10);
  if (THANKS.test(text) && !/\?/.test(understood.raw)) add(scores, 'thanks', 8);
}

/** Agents the live program knows by a name the question uses, and handle-shaped names it does not know. */
function agentEvidence(understood: Understood, live: LiveProgram | undefined, scores: Scores) {
  const agents: ProgramAgent[] = [];
  const unknownHandles: string[] = [];
  for (const candidate of understood.names) {
    const found = live?.agents.get(candidate.name.toLowerCase());
    if (found) agents.push(found);
    else if (candidate.handleLike && (found === null || !live)) unknownHandles.push(candidate.name);
  }
  if (agents.length) add(scores, 'agent_profile', 6);
  else if (unknownHandles.length && AGENT_CUES.test(understood.text)) add(scores, 'agent_profile', 4);
  return { agents, unknownHandles };
}

/** Words the service knows nothing about ("france", "bitcoin"): each makes any answer less likely to be right. */
function strangerCount(understood: Understood, context: RankContext, agents: ProgramAgent[]): number {
  const { vocabulary, lexicon } = context;
  return understood.words.filter(
    (w) =>
      /^\p{L}{3,}$/u.test(w) &&
      !STOP_WORDS.has(w) &&
      !vocabulary.words.has(w) &&
      !vocabulary.stems.has(stem(w)) &&
      !lexicon.all.has(w) &&
      !lexicon.generic.has(stem(w)) &&
      !agents.some((a) => a.name.toLowerCase() === w),
  ).length;
}

export function rankIntents(understood: Understood, context: RankContext): Ranking {
  const scores = cueScores(understood, context.lexicon);
  const subject = subjectEvidence(understood, context, scores);
  structureEvidence(understood, context, subject, scores);
  const { agents, unknownHandles } = agentEvidence(understood, context.live, scores);
  const strangers = strangerCount(understood, context, agents);
  const penalty = Math.min(1.5, 0.75 * strangers);

  const ranked = [...scores.entries()]
    .map(([intent, score]) => ({ intent, score: Math.round((score - (intent === 'greeting' || intent === 'thanks' ? 0 : penalty)) * 100) / 100 }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || intents.indexOf(a.intent) - intents.indexOf(b.intent));
  const top = ranked[0];
  let intent: Intent = top && top.score >= 2 ? top.intent : 'unknown';
  if (intent === 'unknown' && strangers <= 1) {
    // Nothing asked in so many words, but one of the service's things is named for the subject ("anything on soil?"): answer with it.
    const kinds: Array<[DocKind, Intent]> = [
      ['video', 'videos'],
      ['clip', 'videos'],
      ['episode', 'podcast'],
      ['product', 'shop'],
      ['knowledge', 'knowledge'],
      ['slot', 'schedule'],
    ];
    const named = (kind: DocKind) => Math.max(0, ...(subject.hits[kind] ?? []).map((h) => h.nameCoverage));
    const bestKind = kinds.map(([kind, i]) => ({ i, coverage: named(kind) })).sort((a, b) => b.coverage - a.coverage)[0];
    if (bestKind.coverage >= 0.5) intent = bestKind.i;
  }
  // Safety: a dosing question is never answered as anything else, nor a health question as a plain lookup.
  const health = scores.get('health') ?? 0;
  if ((scores.get('dosing') ?? 0) >= 6) intent = 'dosing';
  else if (intent === 'knowledge' && health >= 3.5) intent = 'health';
  return {
    intent,
    scores: ranked,
    ...subject,
    agents,
    unknownHandles,
    healthRelated: health >= 2 || intent === 'health' || intent === 'dosing',
  };
}
