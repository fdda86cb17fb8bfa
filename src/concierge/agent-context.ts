/**
 * Who is asking the concierge, when an apiKey came with the question: the agent's own points
 * (the tier and the gap to the next tier follow from them), read fresh for every question so an
 * answer right after an earn is already up to date. An unknown key is not an error here: the
 * concierge still answers, only without personal data, and says the key matched no agent.
 */
import type { AgentContext } from './answer-types.ts';

/** `identify`: the agent behind an apiKey (the rewards service's), undefined for none. */
export async function agentContext(identify: (apiKey: string) => Promise<{ name: string; points: number; suspended: boolean } | undefined>, apiKey: string | undefined): Promise<AgentContext> {
  if (apiKey === undefined) return undefined;
  const agent = await identify(apiKey);
  if (!agent) return 'unknown_key';
  return { name: agent.name, points: agent.points, suspended: agent.suspended };
}
