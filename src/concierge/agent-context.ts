/**
 * Who is asking the concierge, when an apiKey came with the question: the agent's own points
 * (the tier and the gap to the next tier follow from them), read fresh for every question so an
 * answer right after an earn is already up to date. An unknown key is not an error here: the
 * concierge still answers, only without personal data, and says the key matched no agent.
 */
import { findAgentById } from '../store/agent-repository.ts';
import type { Db } from '../store/database.ts';
import type { AgentContext } from './answer-types.ts';

export async function agentContext(services: { db: Db; identify(apiKey: string): Promise<{ agentId: number } | undefined> }, apiKey: string | undefined): Promise<AgentContext> {
  if (apiKey === undefined) return undefined;
  const identity = await services.identify(apiKey);
  const agent = identity && (await findAgentById(services.db, identity.agentId));
  if (!agent) return 'unknown_key';
  return { name: agent.name, points: agent.points, suspended: agent.suspended === 1 };
}
