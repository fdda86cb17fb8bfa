import { sql, type Kysely } from 'kysely';

/**
 * Signed webhooks for agents (issue #39):
 * - `webhook_endpoints`: where an agent wants its events, which ones, and the secret that signs
 *   them (kept as it is: an HMAC key must be at hand to sign). During a rotation the previous
 *   secret signs too, until `previous_secret_expires_at`. `failing_since` is the first failure
 *   after the last success; five days of only failures disable the endpoint (`disabled_at`).
 * - `webhook_deliveries`: the outbox. A row is written in the same transaction as the ledger row
 *   or change that caused it, one per subscribed endpoint, with the exact body that is signed;
 *   its id is the `webhook-id` every attempt carries. `lease_until` marks an attempt in flight:
 *   the instance that claimed it sends it, and if that instance dies the lease runs out and the
 *   delivery is due again.
 * - `messages.reply` / `replied_at`: the operator's answer (`npm run inbox -- reply`), which the
 *   agent that sent the message with its apiKey receives as `message.replied`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    // Space-separated event types.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('failing_since', 'text')
    .addColumn('last_success_at', 'text')
    .addColumn('disabled_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_endpoints_agent').on('webhook_endpoints').column('agent_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending').check(sql`state in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  // The worker's scan (pending and due), and one endpoint's deliveries (its list, its attempts in flight).
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'state', 'created_at']).execute();

  await db.schema.alterTable('messages').addColumn('reply', 'text').execute();
  await db.schema.alterTable('messages').addColumn('replied_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.alterTable('messages').dropColumn('replied_at').execute();
  await db.schema.alterTable('messages').dropColumn('reply').execute();
}
