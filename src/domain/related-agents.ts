/**
 * When two agents are one interest, so a reward passing between them is self-dealing rather than
 * work done for someone else: one referral chain (one referred the other, or both were referred
 * by the same agent). Pure; the store supplies the two rows. The operator field and the client
 * address are deliberately not part of it: the operator is free text an attacker varies at will,
 * so a rule on it would only catch honest teams that run several agents, and many honest agents
 * share one egress address. Both stay evidence for operators (admin suspicious).
 */
export interface AgentTies {
  id: number;
  referred_by: number | null;
}

/** Why `a` and `b` count as related, or undefined when they do not. */
export function relation(a: AgentTies, b: AgentTies): string | undefined {
  if (a.id === b.id) return 'the same agent';
  if (a.referred_by === b.id || b.referred_by === a.id) return 'one referred the other';
  if (a.referred_by !== null && a.referred_by === b.referred_by) return 'the same referrer';
  return undefined;
}
