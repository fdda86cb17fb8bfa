import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../src/store/database.ts';
import { generatedId } from '../../src/store/migration-dialect.ts';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('program_events')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('agent_registered', 'tier_up', 'partnership')`))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('tier', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('program_events').execute();
}
