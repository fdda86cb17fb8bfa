/**
 * Stores one message from the channel. An apiKey is optional, but one that is present must be
 * valid: a mistyped key should fail loudly rather than file the message as anonymous. A suspended
 * agent may still write: the channel is how it reaches the people who suspended it.
 */
import { DomainError } from '../domain/errors.ts';
import type { MessageRequest } from '../schemas/api/messages.ts';
import type { Clock } from '../clock.ts';
import type { Db, WriteScope } from '../store/database.ts';
import { insertMessage } from '../store/message-repository.ts';

export interface MessageReceipt {
  id: string;
  receivedAt: string;
  status: 'received';
  /** The registered name of the agent the apiKey proved, or null without a key. */
  linkedAgent: string | null;
}

/** What receiving a message needs: a write, the agent behind a key, and the time. */
export interface MessageDeps {
  write<T>(fn: (trx: Db, scope: WriteScope) => Promise<T>): Promise<T>;
  identify(apiKey: string): Promise<{ agentId: number; name: string } | undefined>;
  clock: Clock;
}

export async function receiveMessage(services: MessageDeps, body: Omit<MessageRequest, 'apiKey'>, apiKey: string | undefined, requestId: string | undefined): Promise<MessageReceipt> {
  const agent = apiKey === undefined ? undefined : await services.identify(apiKey);
  if (apiKey !== undefined && !agent) throw new DomainError('invalid_api_key', 'No agent has this apiKey. Send the message without a key, or check the key; nothing was stored.');
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
