/**
 * Webhook endpoints and their outbox (`webhook_deliveries`). Functions take the database or a
 * transaction first, as every repository here does.
 *
 * How an attempt is claimed, on both engines: in one write, the endpoint's row is locked, its
 * attempts in flight are counted, and due deliveries up to the endpoint's bound get a lease
 * (`lease_until`, which is also their next attempt) and one more attempt. Only the claimer sends
 * them; its outcome is recorded only while the delivery still carries its attempt number, so a
 * late answer after the lease ran out (another instance sent it again) changes nothing. On
 * PostgreSQL the locks are `for update skip locked`: an instance skips an endpoint another
 * instance is claiming for and deliveries it already holds, so each attempt is made by one
 * instance. On SQLite the one writer runs claims one after another.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Db, Dialect, OpenDatabase, Statement } from './database.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './schema.ts';

/** `for update skip locked` where the engine has row locks (PostgreSQL); SQLite's writer holds the whole file. */
function skipLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, dialect: Dialect): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

// ---- endpoints -------------------------------------------------------------------------------

export interface NewEndpoint {
  id: string;
  agentId: number;
  url: string;
  events: readonly string[];
  secret: string;
  now: Date;
}

export async function insertEndpoint(db: Db, e: NewEndpoint): Promise<WebhookEndpointRow> {
  const row = { id: e.id, agent_id: e.agentId, url: e.url, events: e.events.join(' '), secret: e.secret, created_at: e.now.toISOString() };
  await db.insertInto('webhook_endpoints').values(row).execute();
  return { ...row, previous_secret: null, previous_secret_expires_at: null, failing_since: null, last_success_at: null, disabled_at: null };
}

/** Locks the agent's row until the write commits (PostgreSQL), so its endpoints are counted one registration at a time. */
export async function lockAgent(db: Db, dialect: Dialect, agentId: number): Promise<void> {
  const query = db.selectFrom('agents').select('id').where('id', '=', agentId);
  await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export function endpointsOf(db: Db, agentId: number): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('agent_id', '=', agentId).orderBy('created_at').orderBy('id').execute();
}

/** One of the agent's endpoints; another agent's id finds nothing. */
export function endpointOf(db: Db, agentId: number, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('agent_id', '=', agentId).where('id', '=', id).executeTakeFirst();
}

/** The endpoint and every delivery it had, sent or not. */
export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** The new secret signs from now on; the current one keeps signing until `previousUntil`. */
export async function rotateSecret(db: Db, id: string, secret: string, previous: string, previousUntil: Date): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ secret, previous_secret: previous, previous_secret_expires_at: previousUntil.toISOString() }).where('id', '=', id).execute();
}

/** An agent's test of a disabled endpoint gives it another chance: enabled, and its failures forgotten. */
export async function enableEndpoint(db: Db, id: string): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ disabled_at: null, failing_since: null }).where('id', '=', id).execute();
}

export function deliveriesOf(db: Db, endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

// ---- the outbox ------------------------------------------------------------------------------

export interface NewDelivery {
  id: string;
  endpointId: string;
  eventType: string;
  payload: string;
  now: Date;
}

/**
 * What the write path of every event runs, on statements prepared once: which endpoints of an
 * agent are listening (usually none, so it must cost little: every ledger row asks), and the
 * outbox row of one delivery.
 */
export class OutboxStatements {
  private readonly listening: Statement<[number], { id: string; events: string }>;
  private readonly insert: Statement<[string, string, string, string, string, string], unknown>;

  constructor(store: Pick<OpenDatabase, 'prepare'>) {
    this.listening = store.prepare('select id, events from webhook_endpoints where agent_id = ? and disabled_at is null order by id');
    this.insert = store.prepare("insert into webhook_deliveries (id, endpoint_id, event_type, payload, created_at, state, attempts, next_attempt_at) values (?, ?, ?, ?, ?, 'pending', 0, ?)");
  }

  /** The agent's enabled endpoints subscribed to `eventType`. */
  async subscribers(trx: Db, agentId: number, eventType: string): Promise<string[]> {
    const rows = await this.listening.all(trx, agentId);
    return rows.filter((r) => r.events.split(' ').includes(eventType)).map((r) => r.id);
  }

  /** Due at once. */
  async add(trx: Db, d: NewDelivery): Promise<void> {
    const at = d.now.toISOString();
    await this.insert.run(trx, d.id, d.endpointId, d.eventType, d.payload, at, at);
  }
}

// ---- the delivery worker ---------------------------------------------------------------------

/** Endpoints with a delivery due now (pending, no attempt in flight), oldest due first. */
export async function endpointsDue(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('endpoint_id')
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .groupBy('endpoint_id')
    .orderBy((eb) => eb.fn.min('next_attempt_at'))
    .limit(limit)
    .execute();
  return rows.map((r) => r.endpoint_id);
}

export interface Claimed {
  endpoint: WebhookEndpointRow;
  /** Each with its `attempts` already counting the attempt about to be made. */
  deliveries: WebhookDeliveryRow[];
}

/**
 * Claims attempts for one endpoint (see the top of this file): at most `max`, and no more than
 * leave `bound` attempts in flight in all. Undefined when the endpoint is gone, disabled, or
 * being claimed by another instance right now.
 */
export async function claimAttempts(trx: Db, dialect: Dialect, endpointId: string, now: Date, leaseUntil: Date, bound: number, max: number): Promise<Claimed | undefined> {
  const endpoint = await skipLocked(trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId), dialect).executeTakeFirst();
  if (!endpoint || endpoint.disabled_at !== null) return undefined;
  const at = now.toISOString();
  const inFlight = await trx
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'pending')
    .where('lease_until', '>', at)
    .executeTakeFirstOrThrow();
  const free = Math.min(max, bound - Number(inFlight.n));
  if (free <= 0) return { endpoint, deliveries: [] };
  const due = await skipLocked(
    trx
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', at)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(free),
    dialect,
  ).execute();
  if (!due.length) return { endpoint, deliveries: [] };
  const lease = leaseUntil.toISOString();
  await trx
    .updateTable('webhook_deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), lease_until: lease, next_attempt_at: lease, last_attempt_at: at }))
    .where(
      'id',
      'in',
      due.map((d) => d.id),
    )
    .execute();
  return { endpoint, deliveries: due.map((d) => ({ ...d, attempts: d.attempts + 1, lease_until: lease, next_attempt_at: lease, last_attempt_at: at })) };
}

export interface AttemptOutcome {
  deliveryId: string;
  /** The attempt number the claim gave: the outcome counts only while the delivery still has it. */
  attempt: number;
  status: number | null;
  error: string | null;
  now: Date;
}

/** A 2xx: delivered, and the endpoint answers again. False when the claim was lost meanwhile. */
export async function recordDelivered(trx: Db, endpointId: string, o: AttemptOutcome): Promise<boolean> {
  const at = o.now.toISOString();
  const r = await trx
    .updateTable('webhook_deliveries')
    .set({ state: 'delivered', last_status: o.status, last_error: null, lease_until: null, next_attempt_at: null, finished_at: at })
    .where('id', '=', o.deliveryId)
    .where('attempts', '=', o.attempt)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await trx.updateTable('webhook_endpoints').set({ failing_since: null, last_success_at: at }).where('id', '=', endpointId).execute();
  return true;
}

/**
 * A failed attempt: tried again at `retryAt`, or failed for good (null). The endpoint's run of
 * failures starts here unless it already had; undefined when the claim was lost meanwhile,
 * else when that run began.
 */
export async function recordFailure(trx: Db, endpointId: string, o: AttemptOutcome, retryAt: Date | null): Promise<string | undefined> {
  const at = o.now.toISOString();
  const r = await trx
    .updateTable('webhook_deliveries')
    .set({
      state: retryAt ? 'pending' : 'failed',
      last_status: o.status,
      last_error: o.error?.slice(0, 300) ?? null,
      lease_until: null,
      next_attempt_at: retryAt?.toISOString() ?? null,
      finished_at: retryAt ? null : at,
    })
    .where('id', '=', o.deliveryId)
    .where('attempts', '=', o.attempt)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return undefined;
  await trx.updateTable('webhook_endpoints').set({ failing_since: at }).where('id', '=', endpointId).where('failing_since', 'is', null).execute();
  const endpoint = await trx.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', endpointId).executeTakeFirst();
  return endpoint?.failing_since ?? at;
}

/** Disables an endpoint: nothing more is sent to it, and what was waiting is failed, the reason added to its last error. */
export async function disableEndpoint(trx: Db, endpointId: string, now: Date, reason: string): Promise<void> {
  const at = now.toISOString();
  await trx.updateTable('webhook_endpoints').set({ disabled_at: at }).where('id', '=', endpointId).where('disabled_at', 'is', null).execute();
  await trx
    .updateTable('webhook_deliveries')
    .set((eb) => ({ state: 'failed', last_error: eb.fn.coalesce(eb('last_error', '||', `; ${reason}`), eb.val(reason)), lease_until: null, next_attempt_at: null, finished_at: at }))
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'pending')
    .execute();
}

/** Deliveries delivered or failed before `before`: the outbox keeps a bounded history. */
export async function pruneFinished(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('state', '!=', 'pending').where('finished_at', '<', before.toISOString()).execute();
}

// ---- operators -------------------------------------------------------------------------------

export interface FailingEndpoint {
  id: string;
  agent: string;
  url: string;
  failingSince: string | null;
  disabledAt: string | null;
  lastSuccessAt: string | null;
  pending: number;
  failed: number;
  lastError: string | null;
}

/** Endpoints whose latest attempts failed, or that are disabled: what `npm run admin -- webhooks` lists. */
export async function failingEndpoints(db: Db): Promise<FailingEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('agents as a', 'a.id', 'e.agent_id')
    .select(['e.id', 'a.name as agent', 'e.url', 'e.failing_since', 'e.disabled_at', 'e.last_success_at'])
    .select((eb) => [
      eb.selectFrom('webhook_deliveries as d').select(eb.fn.countAll<number>().as('n')).whereRef('d.endpoint_id', '=', 'e.id').where('d.state', '=', 'pending').as('pending'),
      eb.selectFrom('webhook_deliveries as d').select(eb.fn.countAll<number>().as('n')).whereRef('d.endpoint_id', '=', 'e.id').where('d.state', '=', 'failed').as('failed'),
      eb
        .selectFrom('webhook_deliveries as d')
        .select('d.last_error')
        .whereRef('d.endpoint_id', '=', 'e.id')
        .where('d.last_error', 'is not', null)
        .orderBy('d.last_attempt_at', 'desc')
        .limit(1)
        .as('last_error'),
    ])
    .where((eb) => eb.or([eb('e.failing_since', 'is not', null), eb('e.disabled_at', 'is not', null)]))
    .orderBy('e.disabled_at', 'desc')
    .orderBy('e.failing_since')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    agent: r.agent,
    url: r.url,
    failingSince: r.failing_since,
    disabledAt: r.disabled_at,
    lastSuccessAt: r.last_success_at,
    pending: Number(r.pending ?? 0),
    failed: Number(r.failed ?? 0),
    lastError: r.last_error ?? null,
  }));
}
