/**
 * The message channel's table: every message stays; the operator inbox reads and marks them.
 * Functions take the database (or a transaction) first, as every repository here does.
 */
import { randomBytes } from 'node:crypto';
import type { Generated, Kysely, Selectable } from 'kysely';

export interface MessagesTable {
  /** Public id, `msg_` + 20 hex characters: unguessable, so ids do not reveal message volume. */
  id: string;
  message: string;
  agent_name: string | null;
  operator: string | null;
  contact: string | null;
  topic: string | null;
  /** The registered agent whose apiKey came with the message, if any. */
  agent_id: number | null;
  received_at: string;
  read_at: Generated<string | null>;
  request_id: string | null;
}

export interface MessagesDatabase {
  messages: MessagesTable;
}

export type MessageRow = Selectable<MessagesTable>;

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
  /** Matches the name the sender gave, case-insensitively. */
  agent?: string;
}

export function newMessageId(): string {
  return `msg_${randomBytes(10).toString('hex')}`;
}

export async function insertMessage(db: Kysely<MessagesDatabase>, input: NewMessage, now: Date): Promise<MessageRow> {
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
  return { ...row, read_at: null };
}

/** Unread first, then newest first. */
export async function listMessages(db: Kysely<MessagesDatabase>, filter: InboxFilter = {}): Promise<MessageRow[]> {
  let query = db.selectFrom('messages').selectAll();
  if (filter.unread) query = query.where('read_at', 'is', null);
  if (filter.topic) query = query.where('topic', '=', filter.topic);
  if (filter.agent) query = query.where((eb) => eb(eb.fn('lower', ['agent_name']), '=', filter.agent!.toLowerCase()));
  return query
    .orderBy((eb) => eb.case().when('read_at', 'is', null).then(0).else(1).end())
    .orderBy('received_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function getMessage(db: Kysely<MessagesDatabase>, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a message read; returns false when no message has this id. Marking twice keeps the first time. */
export async function markRead(db: Kysely<MessagesDatabase>, id: string, now: Date): Promise<boolean> {
  const found = await getMessage(db, id);
  if (!found) return false;
  if (!found.read_at) await db.updateTable('messages').set({ read_at: now.toISOString() }).where('id', '=', id).execute();
  return true;
}

/** Every message, oldest first: the export an operator archives. */
export async function allMessages(db: Kysely<MessagesDatabase>): Promise<MessageRow[]> {
  return db.selectFrom('messages').selectAll().orderBy('received_at').orderBy('id').execute();
}
