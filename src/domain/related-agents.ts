/**
 * When two agents are one interest, so a reward passing between them is self-dealing rather than
 * work done for someone else: they belong to one referral tree, at any depth. Each agent points
 * at the agent whose code it registered with, so the agents form trees, one per agent that
 * registered without a code: an ancestor and a descendant (parent, grandparent...) are related,
 * and so are two agents with a common root (siblings, cousins, uncle and nephew). Pure; the store
 * supplies each agent's ancestry (src/store/referral-tree.ts).
 *
 * The operator field and the client address are deliberately not part of it: the operator is
 * free text an attacker varies at will, so a rule on it would only catch honest teams that run
 * several agents, and many honest agents share one egress address. Both stay evidence for
 * operators (admin suspicious).
 */

/** An agent and its ancestors, from the agent itself (depth 0) up to its root. */
export type Ancestry = readonly { id: number; depth: number }[];

/** Why the agents of ancestries `a` and `b` count as related, or undefined when they do not. */
export function relation(a: Ancestry, b: Ancestry): string | undefined {
  if (!a.length || !b.length) return undefined;
  if (a[0].id === b[0].id) return 'the same agent';
  const distance = (chain: Ancestry, id: number) => chain.find((n) => n.id === id && n.depth > 0)?.depth;
  const apart = distance(a, b[0].id) ?? distance(b, a[0].id);
  if (apart === 1) return 'one referred the other';
  if (apart !== undefined) return `one is an ancestor of the other in the referral tree (${apart} referrals apart)`;
  if (a.length > 1 && a[1].id === b[1]?.id) return 'the same referrer';
  if (a[a.length - 1].id === b[b.length - 1].id) return 'the same referral tree (a common root)';
  return undefined;
}
