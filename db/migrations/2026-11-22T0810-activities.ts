import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../src/store/database.ts';
import { appendOnly, generatedId } from '../../src/store/migration-dialect.ts';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('activities')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('share', 'mention', 'promote', 'referral', 'api_use', 'content_submit', 'task_post', 'task_claim', 'partnership', 'adjustment')`))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('ref', 'text')
    .execute();
  // Dedupe (agent, type, url within 24 h) and daily caps (agent, type, since midnight UTC).
  await db.schema.createIndex('activities_agent_type_url').on('activities').columns(['agent_id', 'type', 'url', 'created_at']).execute();
  await db.schema.createIndex('activities_agent_type_time').on('activities').columns(['agent_id', 'type', 'created_at']).execute();
  await db.schema.createIndex('activities_agent_time').on('activities').columns(['agent_id', 'created_at']).execute();
  await db.schema.createIndex('activities_time').on('activities').column('created_at').execute();
  // The ledger is append-only: a correction is a new `adjustment` row, never an edit.
  await appendOnly(db, dialect, 'activities');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activities').execute();
}
