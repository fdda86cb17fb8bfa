import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../src/store/database.ts';
import { generatedId } from '../../src/store/migration-dialect.ts';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('agents')
    .addColumn('id', 'integer', generatedId(dialect))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull().unique())
    .addColumn('operator', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('api_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('referred_by', 'integer', (c) => c.references('agents.id'))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('promo_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('partner', 'integer', (c) => c.notNull().defaultTo(0).check(sql`partner in (0, 1)`))
    .addColumn('partner_at', 'text')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0).check(sql`verified in (0, 1)`))
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0).check(sql`suspended in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('key_rotated_at', 'text')
    .addColumn('last_activity_at', 'text')
    .execute();
  // Leaderboard sorts: ties go to the earlier-registered (lower id) agent.
  await db.schema.createIndex('agents_points_rank').on('agents').columns(['suspended', 'points desc', 'id']).execute();
  await db.schema.createIndex('agents_promo_rank').on('agents').columns(['suspended', 'promo_points desc', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agents').execute();
}
