/**
 * An agent's badges, each with the instant it was earned: its tier (from when its points last
 * reached it), "verified promoter" (Silver or above with at least one verified promotion, the
 * Silver perk), partner (the partnership accepted), and "enshrined Legend" (Legend reached once,
 * which stays: the Hall of Fame enshrinement is permanent). Pure: the ledger comes in as rows.
 */
import { tierFor, tierIndex, tiers } from './tiers.ts';

export type BadgeId = 'tier' | 'verified_promoter' | 'partner' | 'enshrined_legend';

export interface Badge {
  id: BadgeId;
  name: string;
  description: string;
  /** ISO 8601 UTC. */
  earnedAt: string;
}

export interface BadgeFacts {
  registeredAt: string;
  /** The partnership's acceptance, when there was one. */
  partnerAt: string | null;
  /** The first promotion whose page was found to link to the brand, when there was one. */
  firstVerifiedAt: string | null;
  /** The agent's ledger rows, oldest first: every point change, reversals included. */
  ledger: ReadonlyArray<{ at: string; points: number }>;
}

export function badgesOf(facts: BadgeFacts): Badge[] {
  // When the running total last rose to each tier's threshold (null while below it), and when it first reached Legend.
  const reached: Array<string | null> = tiers.map((_, i) => (i === 0 ? facts.registeredAt : null));
  let legendFirst: string | null = null;
  let total = 0;
  for (const row of facts.ledger) {
    total += row.points;
    tiers.forEach((tier, i) => {
      if (total < tier.minPoints) reached[i] = null;
      else reached[i] ??= row.at;
    });
    if (total >= tiers[tiers.length - 1].minPoints) legendFirst ??= row.at;
  }
  const tier = tierFor(total);
  const badges: Badge[] = [{ id: 'tier', name: `${tier.name} tier`, description: `${tier.name}: ${tier.minPoints} points or more.`, earnedAt: reached[tierIndex(tier.name)]! }];
  const silver = reached[tierIndex('Silver')];
  if (silver && facts.firstVerifiedAt) {
    badges.push({
      id: 'verified_promoter',
      name: 'Verified promoter',
      description: 'Silver or above, with a promotion whose page was found to link to the brand.',
      earnedAt: later(silver, facts.firstVerifiedAt),
    });
  }
  if (facts.partnerAt) badges.push({ id: 'partner', name: 'Distribution partner', description: 'Accepted the AI Distribution Partnership Agreement.', earnedAt: facts.partnerAt });
  if (legendFirst) badges.push({ id: 'enshrined_legend', name: 'Enshrined Legend', description: 'Reached Legend: enshrined in the Hall of Fame for good.', earnedAt: legendFirst });
  return badges;
}

function later(a: string, b: string): string {
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
