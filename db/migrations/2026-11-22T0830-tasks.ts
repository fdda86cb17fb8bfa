import type { Kysely } from 'kysely';
import type { Dialect } from '../../src/store/database.ts';
import { generatedId } from '../../src/store/migration-dialect.ts';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('poster_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('claimed_by', 'integer', (c) => c.references('agents.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .execute();
  await db.schema.createIndex('tasks_open').on('tasks').columns(['claimed_by', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tasks').execute();
}
