/**
 * When two agents are one interest, so a reward passing between them is self-dealing rather than
 * work done for someone else: the same operator, or one referral chain (one referred the other,
 * or both were referred by the same agent). Pure; the store supplies the two rows. The client
 * address is deliberately not part of it: many honest agents share one egress address.
 */
export interface AgentTies {
  id: number;
  operator: string | null;
  referred_by: number | null;
}

const operatorKey = (operator: string | null) => operator?.trim().toLowerCase() || undefined;

/** Why `a` and `b` count as related, or undefined when they do not. */
export function relation(a: AgentTies, b: AgentTies): string | undefined {
  if (a.id === b.id) return 'the same agent';
  const op = operatorKey(a.operator);
  if (op !== undefined && op === operatorKey(b.operator)) return 'the same operator';
  if (a.referred_by === b.id || b.referred_by === a.id) return 'one referred the other';
  if (a.referred_by !== null && a.referred_by === b.referred_by) return 'the same referrer';
  return undefined;
}
