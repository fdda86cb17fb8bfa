/**
 * The concierge's vocabulary of types: what an answer is, what the caller tells it about the
 * asking agent, the live program data it may ask the caller for, the documents retrieval finds
 * and what an answer builder may read. Kept apart from the modules that compute answers so the
 * endpoint, the tests and the answer builders share one definition without importing each other.
 */
import type { Catalog } from '../catalog/catalog-types.ts';
import type { TierName } from '../domain/tiers.ts';
import type { conciergeIntents } from '../schemas/api/concierge.ts';
import type { Question } from './question.ts';

/** What an answer is about: the reply schema's `intent` enum. */
export type Intent = (typeof conciergeIntents)[number];

export interface Source {
  title: string;
  url: string;
}

export interface Answer {
  intent: Intent;
  reply: string;
  sources: Source[];
  suggestions: string[];
}

export interface AgentStanding {
  name: string;
  points: number;
  /** The operator suspended the agent: its points stand, but it earns nothing until lifted. */
  suspended?: boolean;
}

/**
 * What the caller knows about the asking agent: its standing, `'unknown_key'` when an apiKey came
 * but matches no agent, or nothing without a key.
 */
export type AgentContext = AgentStanding | 'unknown_key' | undefined;

/** One agent as the public program shows it (leaderboard entry or profile). */
export interface ProgramAgent {
  /** Canonical spelling. */
  name: string;
  tier: TierName;
  points: number;
  /** Points from share, mention, promote and referral (the `sort=promo` ranking). */
  promoPoints?: number;
  /** Position on the default (total points) leaderboard, 1 first. */
  rank?: number;
}

export type LeaderboardSort = 'points' | 'promo';

/**
 * Live program data the concierge cannot read itself (it imports nothing of the store or the
 * rewards service): the caller passes these two reads, and the concierge calls them only for a
 * question that needs them, at most once for the leaderboard and once per agent name it names.
 * Without a snapshot it points to the endpoints that have the data. Either read may answer
 * synchronously or with a promise.
 */
export interface ProgramSnapshot {
  /** The first `limit` listed agents, best first: by total points, or by Promotion Efforts with `'promo'`. */
  topAgents(limit: number, sort: LeaderboardSort): ProgramAgent[] | Promise<ProgramAgent[]>;
  /** The listed agent with this name (compared case-insensitively), or undefined. */
  findAgent(name: string): ProgramAgent | undefined | Promise<ProgramAgent | undefined>;
}

export interface AnswerInput {
  message: string;
  /** The instant "now" means: what is on air, which specials are announced. */
  now: Date;
  agent?: AgentContext;
}

/** The kinds of document the corpus holds (corpus.ts). */
export type DocKind = 'video' | 'clip' | 'episode' | 'product' | 'category' | 'slot' | 'special' | 'knowledge' | 'passage' | 'topic' | 'tier' | 'program' | 'reference';

/** A document of the corpus: what it is named, filed under and says, and the URL it is cited by. */
export interface Doc {
  kind: DocKind;
  /** What it stands for: a video, clip, episode, product, category or special id, a show's title, `topic/id` of a knowledge entry, a topic, a tier, a program fact's intent. */
  ref: string;
  title: string;
  url: string;
  names: string;
  keywords: string;
  text: string;
}

/** One document retrieval found for a question (search-index.ts), and how well it matches. */
export interface Hit {
  doc: Doc;
  score: number;
  /** The weighed share (0-1) of the question's terms this document accounts for. */
  confidence: number;
  /** A term of the question is in the document's names or keywords, not only in its text. */
  named: boolean;
  /** The weighed share of the question's terms in the document's names alone. */
  titled: number;
  /** The question names the document: one of its names (`names` holds them apart with ` ; `) has every word in the question. */
  fullyNamed: boolean;
  /** The question's terms the document has. */
  matched: string[];
  /** The question's terms the document has in its names or keywords. */
  keyed: string[];
}

export interface ConciergeIndex {
  docs: readonly Doc[];
  /** A query's terms as the index reads them: stems, no stop words. */
  terms(query: string): string[];
  /** Terms of the query that no document contains, not even as a prefix. */
  strangers(query: string): readonly string[];
  /**
   * Terms of the query that frame it rather than name its subject: no document has them in its
   * names or keywords, and no document that has them has any other term of the query ("quick" in
   * "quick question, any videos about glassblowing"). A document of one of `kinds` (the kind of
   * item asked for) counts as having another term. Never every known term of the query.
   */
  frames(query: string, kinds?: readonly DocKind[]): string[];
  /** Terms of the query that some document has in its names or keywords: what documents are about. */
  titles(query: string): string[];
  /** How many documents contain a term. */
  documents(term: string): number;
  /** The best hits, best first. */
  search(query: string, options?: { kinds?: readonly DocKind[]; limit?: number }): Hit[];
}

/** Everything a builder may read to answer one question. */
export interface AnswerContext {
  catalog: Catalog;
  index: ConciergeIndex;
  /** The public origin every URL starts with. */
  base: string;
  input: AnswerInput;
  question: Question;
  /** What retrieval found for the question, best first, only what is public at `input.now`. */
  hits: Hit[];
  /** A source for one of the service's own paths. */
  api(path: string, title: string): Source;
  answer(intent: Intent, reply: string, sources: Source[], suggestions: string[]): Answer;
  /** Only the hand-written rules may answer this reading of the question, not retrieval. */
  rulesOnly?: boolean;
}
