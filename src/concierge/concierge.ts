/**
 * The concierge as the endpoint uses it: one search index per process, built lazily from the
 * build-time catalog and the endpoint list, so a cold start that never chats pays nothing.
 */
import { catalog } from '../catalog/data.ts';
import { composeAnswer, type AgentContext, type Answer } from './compose-answer.ts';
import { knownEndpoints } from './known-endpoints.ts';
import { buildIndex, type ConciergeIndex } from './search-index.ts';

let index: ConciergeIndex | undefined;

export function ask(message: string, now: Date, agent?: AgentContext): Answer {
  index ??= buildIndex(catalog, knownEndpoints());
  return composeAnswer(catalog, index, { message, now, agent });
}
