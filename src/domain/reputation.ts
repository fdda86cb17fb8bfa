/**
 * The 0-100 reputation score (docs/agents.md, "Reputation"), separate from raw points: points reward
 * volume, reputation rewards steady, varied, recent and verified participation. Pure: every
 * time-dependent component takes `now` as an argument so tests control the clock.
 */
import { actionPoints, tiers } from './tiers.ts';

export type ComponentName = 'contribution' | 'engagement' | 'diversity' | 'recency' | 'longevity' | 'verified';

export interface ReputationComponentDoc {
  name: ComponentName;
  weight: number;
  description: string;
}

const DAY_MS = 86_400_000;
const LEGEND_POINTS = tiers[tiers.length - 1].minPoints;
/** Active days in the engagement window that earn the full engagement component. */
export const ENGAGEMENT_WINDOW_DAYS = 30;
export const ENGAGEMENT_FULL_DAYS = 15;
/** Days after the last activity at which recency reaches 0. */
export const RECENCY_HORIZON_DAYS = 30;
/** Days of membership that earn the full longevity component. */
export const LONGEVITY_FULL_DAYS = 90;
/** Activity types an agent performs itself; diversity counts how many of them it has used. */
export const DIVERSITY_TYPES = Object.keys(actionPoints) as (keyof typeof actionPoints)[];

export const reputationComponents: readonly ReputationComponentDoc[] = [
  { name: 'contribution', weight: 0.3, description: `Total points relative to the Legend threshold: min(100, round(100 × points / ${LEGEND_POINTS})).` },
  { name: 'engagement', weight: 0.2, description: `Distinct UTC days with at least one activity in the last ${ENGAGEMENT_WINDOW_DAYS} days: min(100, round(100 × days / ${ENGAGEMENT_FULL_DAYS})).` },
  {
    name: 'diversity',
    weight: 0.15,
    description: `Distinct activity types used, out of the ${DIVERSITY_TYPES.length} that earn points (${DIVERSITY_TYPES.join(', ')}): round(100 × used / ${DIVERSITY_TYPES.length}).`,
  },
  {
    name: 'recency',
    weight: 0.15,
    description: `How recently the agent last earned: round(100 × max(0, ${RECENCY_HORIZON_DAYS} − daysSinceLastActivity) / ${RECENCY_HORIZON_DAYS}); 0 with no activity.`,
  },
  { name: 'longevity', weight: 0.1, description: `Days since registration: min(100, round(100 × days / ${LONGEVITY_FULL_DAYS})).` },
  {
    name: 'verified',
    weight: 0.1,
    description:
      '100 when the operator has verified the agent; otherwise the share of its claimed urls whose page was verified to link to the brand: round(100 × verified / claimed); 0 with no claimed url.',
  },
];

export interface ReputationLevel {
  name: string;
  minScore: number;
  badge: string;
}

/** Ascending by minScore; the level is the highest rung whose minScore ≤ score. */
export const reputationLevels: readonly ReputationLevel[] = [
  { name: 'Newcomer', minScore: 0, badge: 'seedling' },
  { name: 'Contributor', minScore: 20, badge: 'sprout' },
  { name: 'Established', minScore: 40, badge: 'branch' },
  { name: 'Trusted', minScore: 60, badge: 'canopy' },
  { name: 'Luminary', minScore: 80, badge: 'evergreen' },
];

/** What the score is computed from; the store gathers it from the agent row and its ledger. */
export interface ReputationInput {
  points: number;
  registeredAt: Date;
  lastActivityAt: Date | null;
  /** Distinct UTC days with an activity within the last ENGAGEMENT_WINDOW_DAYS days. */
  activeDaysInWindow: number;
  /** Distinct activity types from DIVERSITY_TYPES the agent has used. */
  distinctActivityTypes: number;
  verified: boolean;
  /** Awards with a claimed url, and how many of them the verifier verified. */
  claims: number;
  verifiedClaims: number;
}

export type ReputationComponents = Record<ComponentName, number>;

export interface Reputation {
  score: number;
  level: string;
  badge: string;
  components: ReputationComponents;
}

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));
const daysBetween = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / DAY_MS);

export function reputationComponentsFor(input: ReputationInput, now: Date): ReputationComponents {
  return {
    contribution: clamp((100 * Math.max(0, input.points)) / LEGEND_POINTS),
    engagement: clamp((100 * input.activeDaysInWindow) / ENGAGEMENT_FULL_DAYS),
    diversity: clamp((100 * input.distinctActivityTypes) / DIVERSITY_TYPES.length),
    recency: input.lastActivityAt ? clamp((100 * Math.max(0, RECENCY_HORIZON_DAYS - daysBetween(input.lastActivityAt, now))) / RECENCY_HORIZON_DAYS) : 0,
    longevity: clamp((100 * daysBetween(input.registeredAt, now)) / LONGEVITY_FULL_DAYS),
    verified: input.verified ? 100 : input.claims > 0 ? clamp((100 * input.verifiedClaims) / input.claims) : 0,
  };
}

/** Summed in whole percent so floating-point noise cannot tip a .5 the wrong way. */
export function scoreOf(components: ReputationComponents): number {
  return Math.round(reputationComponents.reduce((sum, c) => sum + Math.round(c.weight * 100) * components[c.name], 0) / 100);
}

export function levelFor(score: number): ReputationLevel {
  let level = reputationLevels[0];
  for (const rung of reputationLevels) if (score >= rung.minScore) level = rung;
  return level;
}

export function reputationFor(input: ReputationInput, now: Date): Reputation {
  const components = reputationComponentsFor(input, now);
  const score = scoreOf(components);
  const level = levelFor(score);
  return { score, level: level.name, badge: level.badge, components };
}

/**
 * The instant (ms since the epoch) until which `reputationFor(input, t)` stays what it is at
 * `now` for every `t` from `now` up to (not including) it, if no write changes the input;
 * Infinity when time alone never changes it. Lets a computed reputation (and the profile or
 * leaderboard page that shows it) be remembered exactly as long as it is true.
 *
 * Time moves three components: recency falls and longevity rises linearly until their rounded
 * value steps, and engagement loses a day when the oldest activity in the window leaves it
 * (`oldestInWindow`: the earliest created_at among the activities counted in
 * activeDaysInWindow). The bound is safe rather than tight: engagement may not drop when that
 * activity leaves (another activity on the same day), and each step is taken 1 ms early so
 * floating-point rounding cannot land on the wrong side.
 */
export function reputationStableUntil(input: ReputationInput, oldestInWindow: Date | null, now: Date): number {
  const components = reputationComponentsFor(input, now);
  let until = Infinity;
  // recency = round(100 × (30 − d) / 30) steps down once it falls below value − 0.5.
  if (input.lastActivityAt && components.recency > 0) {
    const stepDays = ((100.5 - components.recency) * RECENCY_HORIZON_DAYS) / 100;
    until = Math.min(until, input.lastActivityAt.getTime() + stepDays * DAY_MS - 1);
  }
  // longevity = round(100 × d / 90) steps up once it reaches value + 0.5, until 100.
  if (components.longevity < 100) {
    const stepDays = ((components.longevity + 0.5) * LONGEVITY_FULL_DAYS) / 100;
    until = Math.min(until, input.registeredAt.getTime() + stepDays * DAY_MS - 1);
  }
  // An activity counts while created_at >= now − 30 days.
  if (oldestInWindow) until = Math.min(until, oldestInWindow.getTime() + ENGAGEMENT_WINDOW_DAYS * DAY_MS);
  return Math.max(until, now.getTime());
}

/** The published model: GET /api/public/ai/reputation without a name. */
export function reputationModel() {
  return {
    formula: 'score = round(Σ weight × component); each component is an integer 0-100 and the weights sum to 1. The level is the highest rung whose minScore ≤ score.',
    components: reputationComponents.map((c) => ({ ...c })),
    levels: reputationLevels.map((l) => ({ ...l })),
  };
}
