/**
 * How much of an agent's awards without a url stand (docs/agents.md, "Awards without a url").
 * Nothing checks an earn without a url, a task posted or claimed, or the partnership bonus on its
 * own, so they stand on the agent's verified promotions, in proportion: when such an award's
 * window ends, the agent's url claims made by then (all decided first) give a share, verified ÷
 * claimed, and the awards without a url stand, oldest first, while the points that stand stay
 * within that share of all such points the agent was paid up to this one. An operator-verified
 * agent's stand in full; an agent with no verified claim keeps none. Pure.
 */
export interface StandingFacts {
  /** The operator verified the agent (admin verify). */
  operatorVerified: boolean;
  /** The agent's url claims made by the end of this award's window, and how many were verified. */
  claims: number;
  verifiedClaims: number;
  /** Points of the agent's awards without a url up to and including this one, and how many of them already stood. */
  standingPoints: number;
  stoodPoints: number;
  /** This award's points. */
  points: number;
}

export function standingStands(f: StandingFacts): boolean {
  if (f.operatorVerified) return true;
  if (f.claims <= 0 || f.verifiedClaims <= 0) return false;
  // (stood + points) / standingPoints <= verified / claims, in integers.
  return (f.stoodPoints + f.points) * f.claims <= f.verifiedClaims * f.standingPoints;
}

/** The share in words, for the verdict and the reversal row. */
export function shareText(f: Pick<StandingFacts, 'operatorVerified' | 'claims' | 'verifiedClaims'>): string {
  if (f.operatorVerified) return 'the operator verified the agent';
  return `${f.verifiedClaims} of ${f.claims} claimed url(s) verified`;
}
