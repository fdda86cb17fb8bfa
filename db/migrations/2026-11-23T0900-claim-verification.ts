import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../src/store/database.ts';
import { appendOnly, generatedId, resumeIds } from '../../src/store/migration-dialect.ts';

/**
 * Claims are checked and, when they do not check out, reversed (issue #19):
 * - the ledger gains the type `reversal` and a `reverses` column naming the row it takes back;
 *   a unique index makes a second reversal of one row impossible. SQLite cannot change a CHECK
 *   constraint in place, so the table is rebuilt (rows, indexes and append-only triggers as
 *   they were), and on PostgreSQL the same steps run, so both engines end with one schema.
 * - `claim_checks`: one row per award that must be verified, with its state (pending, verified,
 *   reversed) and the verifier's schedule. It is not the ledger: its state moves, the ledger's
 *   rows never do.
 * - `agents.registered_from`: the client address at registration, evidence for operators only.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // On PostgreSQL the migrator already runs every migration in one transaction (DDL is transactional there).
  const inTransaction = (fn: (trx: Kysely<any>) => Promise<void>) => (dialect === 'postgres' ? fn(db) : db.transaction().execute(fn));
  await inTransaction(async (trx) => {
    await trx.schema
      .createTable('activities_next')
      .addColumn('id', 'integer', generatedId(dialect))
      .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
      .addColumn('type', 'text', (c) =>
        c.notNull().check(sql`type in ('share', 'mention', 'promote', 'referral', 'api_use', 'content_submit', 'task_post', 'task_claim', 'partnership', 'adjustment', 'reversal')`),
      )
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('url', 'text')
      .addColumn('description', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text')
      .addColumn('ref', 'text')
      .addColumn('reverses', 'integer', (c) => c.references('activities_next.id'))
      .execute();
    await sql`insert into activities_next (id, agent_id, type, points, url, description, created_at, idempotency_key, ref)
      select id, agent_id, type, points, url, description, created_at, idempotency_key, ref from activities`.execute(trx);
    await resumeIds(trx, dialect, 'activities_next');
    await trx.schema.dropTable('activities').execute();
    await trx.schema.alterTable('activities_next').renameTo('activities').execute();
    // The indexes the earlier migrations left, by the same names.
    await trx.schema.createIndex('activities_agent_type_url').on('activities').columns(['agent_id', 'type', 'url', 'created_at']).execute();
    await trx.schema.createIndex('activities_agent_type_time').on('activities').columns(['agent_id', 'type', 'created_at']).execute();
    await trx.schema.createIndex('activities_time').on('activities').column('created_at').execute();
    await trx.schema.createIndex('activities_agent_recent').on('activities').columns(['agent_id', 'id']).execute();
    await sql`create index activities_adjustment_points on activities (points) where type = 'adjustment'`.execute(trx);
    // A row is taken back at most once, whatever races.
    await sql`create unique index activities_reverses on activities (reverses) where reverses is not null`.execute(trx);
    await appendOnly(trx, dialect, 'activities');

    await trx.schema
      .createTable('claim_checks')
      .addColumn('activity_id', 'integer', (c) => c.primaryKey().references('activities.id'))
      .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
      // url: the award's own page; standing: the agent's verified promotion; referral: the referred agent's.
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('url', 'standing', 'referral')`))
      .addColumn('subject_agent_id', 'integer', (c) => c.notNull().references('agents.id'))
      .addColumn('url', 'text')
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending').check(sql`state in ('pending', 'verified', 'reversed')`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('due_at', 'text', (c) => c.notNull())
      .addColumn('next_fetch_at', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_result', 'text')
      .addColumn('decided_at', 'text')
      .addColumn('reversal_id', 'integer', (c) => c.references('activities.id'))
      .execute();
    // The verifier's two scans (pages to fetch now, deadlines passed) and the per-agent facts.
    await trx.schema.createIndex('claim_checks_fetch').on('claim_checks').columns(['state', 'next_fetch_at']).execute();
    await trx.schema.createIndex('claim_checks_due').on('claim_checks').columns(['state', 'due_at']).execute();
    await trx.schema.createIndex('claim_checks_agent').on('claim_checks').columns(['agent_id', 'kind', 'state']).execute();
    await trx.schema.createIndex('claim_checks_subject').on('claim_checks').columns(['subject_agent_id', 'kind']).execute();

    await trx.schema.alterTable('agents').addColumn('registered_from', 'text').execute();
    await trx.schema.createIndex('agents_registered_from').on('agents').column('registered_from').execute();
    await trx.schema.createIndex('agents_referred_by').on('agents').column('referred_by').execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('claim_checks').execute();
  await db.schema.dropIndex('agents_referred_by').execute();
  await db.schema.dropIndex('agents_registered_from').execute();
  await db.schema.alterTable('agents').dropColumn('registered_from').execute();
}
