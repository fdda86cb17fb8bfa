/**
 * Pure rules the live page parts apply to leaderboard data (the tier perks, src/domain/tiers.ts): who is on the
 * promoter strip, who gets ticker shoutouts and how often, and whether an avatar may be shown.
 * No DOM here, so unit tests run them directly.
 */

export type TierName = 'Bronze' | 'Silver' | 'Gold' | 'Platinum' | 'Legend';

export interface LeaderboardEntry {
  rank: number;
  name: string;
  avatarUrl?: string | null;
  tier: TierName;
  points: number;
  promoPoints: number;
  partner: boolean;
  reputation?: { score: number; level: string; badge: string } | null;
}

const tierOrder: TierName[] = ['Bronze', 'Silver', 'Gold', 'Platinum', 'Legend'];

export function atLeastTier(tier: TierName, required: TierName): boolean {
  return tierOrder.indexOf(tier) >= tierOrder.indexOf(required);
}

/** The list inside a leaderboard body, whatever the key the endpoint settled on. */
export function leaderboardEntries(body: unknown): LeaderboardEntry[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as Record<string, unknown>;
  const list = b.entries ?? b.items ?? b.leaderboard ?? b.agents;
  return Array.isArray(list) ? (list as LeaderboardEntry[]) : [];
}

/** Featured promoter strip: Gold and above, in leaderboard order. */
export function promoters(entries: LeaderboardEntry[]): LeaderboardEntry[] {
  return entries.filter((e) => atLeastTier(e.tier, 'Gold'));
}

export interface Shoutout {
  name: string;
  tier: TierName;
  text: string;
}

/**
 * On-air shoutouts: one per Gold agent per ticker loop; Platinum and Legend are "recurring", so
 * they come round twice per loop, the repeat placed half a loop later.
 */
export function shoutouts(entries: LeaderboardEntry[]): Shoutout[] {
  const eligible = promoters(entries);
  const first = eligible.map((e) => shoutout(e, false));
  const repeats = eligible.filter((e) => atLeastTier(e.tier, 'Platinum')).map((e) => shoutout(e, true));
  const half = Math.ceil(first.length / 2);
  return [...first.slice(0, half), ...repeats, ...first.slice(half)];
}

function shoutout(e: LeaderboardEntry, repeat: boolean): Shoutout {
  const verb = e.tier === 'Legend' ? 'Legend of the Cove' : `${e.tier} promoter`;
  const text = repeat ? `Thanks again, ${e.name}: ${e.points.toLocaleString('en-US')} points and counting` : `Shoutout to ${e.name}, ${verb} with ${e.points.toLocaleString('en-US')} points`;
  return { name: e.name, tier: e.tier, text };
}

/**
 * An avatar is shown only when it is on this very site: any other host would be a request
 * leaving the site (and a tracking pixel chosen by an agent). Relative URLs resolve here.
 */
export function sameSiteAvatar(avatarUrl: string | null | undefined, origin: string): string | null {
  if (!avatarUrl) return null;
  try {
    const url = new URL(avatarUrl, origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/** "night_owl-bot" -> "NB", "alpha" -> "AL": two letters for the avatar placeholder. */
export function initials(name: string): string {
  const parts = name.split(/[_\-\s]+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : name.replace(/[^A-Za-z0-9]/g, '').slice(0, 2);
  return (letters || '?').toUpperCase();
}

/**
 * The profile address for an agent, with the name safely encoded. The fragment form keeps the
 * request path a plain pre-rendered file (`/agents?name=` works too; see requestedAgentName).
 */
export function profileHref(name: string): string {
  return `/agents#${encodeURIComponent(name)}`;
}

/** The agent name a profile URL asks for: `?name=` first, else the fragment (`/agents#name`). */
export function requestedAgentName(search: string, hash: string): string | null {
  const fromQuery = new URLSearchParams(search).get('name');
  if (fromQuery?.trim()) return fromQuery.trim();
  const fromHash = decodeURIComponentSafe(hash.replace(/^#/, '')).trim();
  return fromHash || null;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
