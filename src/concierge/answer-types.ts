/**
 * The concierge's vocabulary of types: what an answer is, what the caller tells it about the
 * asking agent, and the live program data it may ask the caller for. Kept apart from the modules
 * that compute answers so the endpoint, the tests and the answer builders share one definition
 * without importing each other.
 */
import type { TierName } from '../domain/tiers.ts';
import type { conciergeIntents } from '../schemas/api/concierge.ts';

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
