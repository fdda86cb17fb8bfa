import type { Kysely } from 'kysely';

/**
 * Daily limits that hold across instances (issue #35), counted in the database:
 * - `daily_quotas`: how much of a named daily limit one key used on one UTC day (registrations
 *   per client address; agents verified per claimed host). One row per (name, key, day), raised
 *   by an upsert that refuses to pass the limit, so concurrent writers on any instance count one
 *   after another.
 * - `host_verified_agents`: which agents a claimed host verified promotions for, per UTC day of
 *   the claim, so an agent with several pages on one host takes one place, not several.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('daily_quotas')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_quotas_pk', ['name', 'key', 'day'])
    .execute();
  await db.schema
    .createTable('host_verified_agents')
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addPrimaryKeyConstraint('host_verified_agents_pk', ['host', 'day', 'agent_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('host_verified_agents').execute();
  await db.schema.dropTable('daily_quotas').execute();
}
