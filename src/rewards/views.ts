/**
 * How rows become API bodies. The referral code appears only in the register response and the
 * apiKey only in register and rotate responses; nothing here ever reads either.
 */
import { reputationFor, reputationStableUntil, type Reputation, type ReputationInput } from '../domain/reputation.ts';
import { tierFor, tiers, type TierName } from '../domain/tiers.ts';
import type { LedgerEntryRow, PublicAgentRow, ReputationFacts } from '../store/profile-statements.ts';
import type { TaskView } from '../store/task-repository.ts';

export function agentSummary(a: PublicAgentRow) {
  return {
    name: a.name,
    operator: a.operator,
    avatarUrl: a.avatar_url,
    tier: tierFor(a.points).name,
    points: a.points,
    promoPoints: a.promo_points,
    partner: a.partner === 1,
    verified: a.verified === 1,
    registeredAt: a.created_at,
  };
}

export function agentPoints(a: PublicAgentRow) {
  return { name: a.name, points: a.points, tier: tierFor(a.points).name };
}

/** Where an award's verification stands, as a profile and a write's response show it. */
export interface VerificationView {
  /** url: its own page must link to the brand; standing: the agent's verified promotion; referral: the referred agent's. */
  kind: 'url' | 'standing' | 'referral';
  state: 'pending' | 'verified' | 'reversed';
  /** When a pending check is decided at the latest. */
  decideBy: string;
  decidedAt: string | null;
}

/**
 * Operator adjustments keep their reason in the ledger (admin CLI) but show a neutral text
 * publicly. `verification` is null for rows nothing checks (adjustments, reversals, zero awards).
 */
export function activityView(r: LedgerEntryRow, verification: VerificationView | null = checkOf(r)) {
  return {
    id: r.id,
    actionType: r.type,
    points: r.points,
    url: r.url,
    description: r.type === 'adjustment' ? 'Operator adjustment' : r.description,
    createdAt: r.created_at,
    verification,
    reverses: r.reverses ?? null,
  };
}

function checkOf(r: LedgerEntryRow): VerificationView | null {
  if (!r.check_kind || !r.check_state || !r.check_due_at) return null;
  return { kind: r.check_kind, state: r.check_state, decideBy: r.check_due_at, decidedAt: r.check_decided_at ?? null };
}

function reputationInputOf(a: PublicAgentRow, facts: ReputationFacts): ReputationInput {
  return {
    points: a.points,
    registeredAt: new Date(a.created_at),
    lastActivityAt: a.last_activity_at ? new Date(a.last_activity_at) : null,
    activeDaysInWindow: facts.activeDaysInWindow,
    distinctActivityTypes: facts.distinctActivityTypes,
    verified: a.verified === 1,
    verifiedClaims: facts.verifiedClaims,
    claims: facts.claims,
  };
}

export function reputationOf(a: PublicAgentRow, facts: ReputationFacts, now: Date): Reputation {
  return reputationFor(reputationInputOf(a, facts), now);
}

/** The instant (ms) time alone would change `reputationOf(a, facts, now)`; see reputationStableUntil. */
export function reputationStableUntilOf(a: PublicAgentRow, facts: ReputationFacts, now: Date): number {
  return reputationStableUntil(reputationInputOf(a, facts), facts.oldestInWindow ? new Date(facts.oldestInWindow) : null, now);
}

/** Perks of every tier above `from` up to and including `to` (empty when the tier did not rise). */
export function unlockedPerks(from: TierName, to: TierName): string[] {
  const i = tiers.findIndex((t) => t.name === from);
  const j = tiers.findIndex((t) => t.name === to);
  return tiers.slice(i + 1, j + 1).flatMap((t) => t.perks);
}

export function taskView(t: TaskView) {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    url: t.url,
    status: t.claimed_by === null ? ('open' as const) : ('claimed' as const),
    postedBy: t.poster_name,
    postedAt: t.created_at,
    claimedBy: t.claimer_name,
    claimedAt: t.claimed_at,
  };
}
