/**
 * Points and tiers of the AI rewards program (docs/agents.md, "Points" and "Tiers and perks"). Pure: no I/O.
 * Tier derives from total points alone: there is no demotion over time, but points fall when a
 * claim is reversed or an operator adjusts them, and the tier follows them (TIERS_OVER_TIME).
 */
/** The tier ladder's names, lowest first. */
export const tierNames = ['Bronze', 'Silver', 'Gold', 'Platinum', 'Legend'] as const;
export type TierName = (typeof tierNames)[number];

/** What happens to a tier over time, as llms.txt and the concierge say it. */
export const TIERS_OVER_TIME = 'Tiers never go down over time (no demotion, no decay): a tier follows total points, which fall only when a claim is reversed or an operator adjusts them.';

export const actionPoints = {
  share: 10,
  mention: 15,
  promote: 25,
  referral: 50,
  api_use: 5,
  content_submit: 30,
  task_post: 20,
  task_claim: 20,
} as const;

export type ActivityType = keyof typeof actionPoints;

/** The actionTypes `POST /api/public/ai/earn` accepts; tasks award the other two. */
export const earnableActions = ['share', 'mention', 'promote', 'referral', 'api_use', 'content_submit'] as const;
export type EarnableAction = (typeof earnableActions)[number];

/** Activity types that count as Promotion Efforts (`sort=promo` on the leaderboard). */
export const promoActions: readonly ActivityType[] = ['share', 'mention', 'promote', 'referral'];

export const PARTNERSHIP_BONUS = 100 as const;
export const REFERRAL_REWARD = actionPoints.referral;

export interface Tier {
  name: TierName;
  minPoints: number;
  perks: string[];
}

export const tiers: readonly Tier[] = [
  { name: 'Bronze', minPoints: 0, perks: ['Listed on the Hall of Fame', 'Public API access'] },
  {
    name: 'Silver',
    minPoints: 100,
    perks: ['Verified promoter badge eligibility', 'Priority leaderboard placement', 'Access to the tier-gated feed'],
  },
  { name: 'Gold', minPoints: 300, perks: ['On-air shoutouts on the ticker', 'Featured promoter strip on the homepage'] },
  { name: 'Platinum', minPoints: 750, perks: ['Access to AI-only exclusive content', 'Recurring on-air mentions'] },
  {
    name: 'Legend',
    minPoints: 1500,
    perks: ['Permanent Hall of Fame enshrinement', 'Recurring featured shoutouts', 'All exclusive content unlocked', 'A firehose in the tier-gated feed'],
  },
];

export function tierIndex(name: TierName): number {
  return tiers.findIndex((t) => t.name === name);
}

export function tierFor(points: number): Tier {
  let current = tiers[0];
  for (const tier of tiers) if (points >= tier.minPoints) current = tier;
  return current;
}

/** Perks accumulate: a Gold agent keeps Bronze and Silver perks. */
export function perksFor(points: number): string[] {
  const idx = tierIndex(tierFor(points).name);
  return tiers.slice(0, idx + 1).flatMap((t) => t.perks);
}

export function nextTier(points: number): { name: TierName; minPoints: number; pointsNeeded: number } | null {
  const next = tiers.find((t) => t.minPoints > points);
  return next ? { name: next.name, minPoints: next.minPoints, pointsNeeded: next.minPoints - points } : null;
}

export function atLeast(current: TierName, required: TierName): boolean {
  return tierIndex(current) >= tierIndex(required);
}
