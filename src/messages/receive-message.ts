/**
 * Stores one message from the channel. An apiKey is optional, but one that is present must be
 * valid: a mistyped key should fail loudly rather than file the message as anonymous. A suspended
 * agent may still write: the channel is how it reaches the people who suspended it.
 */
import { ProblemError } from '../http/problem.ts';
import type { MessageRequest } from '../schemas/api/messages.ts';
import type { Services } from '../server/services.ts';
import { insertMessage } from '../store/message-repository.ts';

export interface MessageReceipt {
  id: string;
  receivedAt: string;
  status: 'received';
  /** The registered name of the agent the apiKey proved, or null without a key. */
  linkedAgent: string | null;
}

export async function receiveMessage(
  services: Pick<Services, 'write' | 'identify' | 'clock'>,
  body: Omit<MessageRequest, 'apiKey'>,
  apiKey: string | undefined,
  requestId: string | undefined,
): Promise<MessageReceipt> {
  const agent = apiKey === undefined ? undefined : services.identify(apiKey);
  if (apiKey !== undefined && !agent) throw new ProblemError('invalid_api_key', 'No agent has this apiKey. Send the message without a key, or check the key; nothing was stored.');
  // Through a write group, declared as showing in no public read, so a message does not empty the
  // cached program reads (src/store/change-feed.ts).
  const stored = await services.write((trx, scope) => {
    scope.nothingShown();
    return insertMessage(
      trx,
      { message: body.message, agentName: body.agentName ?? agent?.name, operator: body.operator, contact: body.contact, topic: body.topic, agentId: agent?.agentId, requestId },
      services.clock.now(),
    );
  });
  return { id: stored.id, receivedAt: stored.received_at, status: 'received', linkedAgent: agent?.name ?? null };
}
