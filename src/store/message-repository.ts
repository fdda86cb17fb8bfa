/**
 * The message channel's table: every message stays; the operator inbox reads and marks them.
 * Functions take the database (or a transaction) first, as every repository here does.
 */
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from './database.ts';
import type { MessagesTable } from './schema.ts';

/** A stored message, with the registered name of the agent its apiKey linked it to (null when none). */
export type MessageRow = Selectable<MessagesTable> & { linked_agent: string | null };

export interface NewMessage {
  message: string;
  agentName?: string;
  operator?: string;
  contact?: string;
  topic?: string;
  agentId?: number;
  requestId?: string;
}

export interface InboxFilter {
  unread?: boolean;
  topic?: string;
  /** Matches the name the sender gave or the linked agent's registered name, case-insensitively. */
  agent?: string;
}

export function newMessageId(): string {
  return `msg_${randomBytes(10).toString('hex')}`;
}

export async function insertMessage(db: Db, input: NewMessage, now: Date): Promise<Omit<MessageRow, 'linked_agent'>> {
  const row = {
    id: newMessageId(),
    message: input.message,
    agent_name: input.agentName ?? null,
    operator: input.operator ?? null,
    contact: input.contact ?? null,
    topic: input.topic ?? null,
    agent_id: input.agentId ?? null,
    received_at: now.toISOString(),
    request_id: input.requestId ?? null,
  };
  await db.insertInto('messages').values(row).execute();
  return { ...row, read_at: null, reply: null, replied_at: null };
}

/** Messages joined to the agent their apiKey linked them to; a left join, as most senders have no key. */
function withLinkedAgent(db: Db) {
  return db.selectFrom('messages').leftJoin('agents', 'agents.id', 'messages.agent_id').selectAll('messages').select('agents.name as linked_agent');
}

/** Unread first, then newest first. */
export async function listMessages(db: Db, filter: InboxFilter = {}): Promise<MessageRow[]> {
  let query = withLinkedAgent(db);
  if (filter.unread) query = query.where('messages.read_at', 'is', null);
  if (filter.topic) query = query.where('messages.topic', '=', filter.topic);
  if (filter.agent) {
    const name = filter.agent.toLowerCase();
    query = query.where((eb) => eb.or([eb(eb.fn('lower', ['messages.agent_name']), '=', name), eb('agents.name_lower', '=', name)]));
  }
  return query
    .orderBy((eb) => eb.case().when('messages.read_at', 'is', null).then(0).else(1).end())
    .orderBy('messages.received_at', 'desc')
    .orderBy('messages.id')
    .execute();
}

export async function getMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return withLinkedAgent(db).where('messages.id', '=', id).executeTakeFirst();
}

/** Marks a message read; returns false when no message has this id. Marking twice keeps the first time. */
export async function markRead(db: Db, id: string, now: Date): Promise<boolean> {
  const found = await getMessage(db, id);
  if (!found) return false;
  if (!found.read_at) await db.updateTable('messages').set({ read_at: now.toISOString() }).where('id', '=', id).execute();
  return true;
}

/**
 * Stores the operator's reply with the message and marks it read. One reply per message: false
 * when the message already has one (or no message has this id).
 */
export async function saveReply(db: Db, id: string, reply: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const r = await db
    .updateTable('messages')
    .set((eb) => ({ reply, replied_at: at, read_at: eb.fn.coalesce('read_at', eb.val(at)) }))
    .where('id', '=', id)
    .where('reply', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Every message, oldest first: the export an operator archives. */
export async function allMessages(db: Db): Promise<MessageRow[]> {
  return withLinkedAgent(db).orderBy('messages.received_at').orderBy('messages.id').execute();
}
