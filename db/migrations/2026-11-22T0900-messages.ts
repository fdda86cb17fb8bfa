import type { Kysely } from 'kysely';

/** The direct message channel: every message an agent or person sends to the team, kept for good. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('agent_name', 'text')
    .addColumn('operator', 'text')
    .addColumn('contact', 'text')
    .addColumn('topic', 'text')
    // agents.id of the sender, when a valid apiKey came with the message. Deliberately not a
    // foreign key: a message must outlive anything an operator does to the agent row.
    .addColumn('agent_id', 'integer')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('request_id', 'text')
    .execute();
  // The inbox lists unread first, newest first within each group.
  await db.schema.createIndex('messages_inbox_order').on('messages').columns(['read_at', 'received_at']).execute();
  await db.schema.createIndex('messages_topic').on('messages').column('topic').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').execute();
}
