/**
 * An agent's webhook endpoints: register, list, delete, test, read the delivery log, rotate the
 * secret. Built once by the Node entry (src/server/start.ts) and handed to endpoints through
 * `locals.services.webhooks`. Every call names its agent by apiKey; another agent's endpoint is
 * answered like one that does not exist. Secrets appear only in the answers that issue them.
 */
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain/errors.ts';
import { cryptoRandom, hashApiKey, sameDigest, type RandomSource } from '../rewards/api-keys.ts';
import type { SubscribableEvent } from '../schemas/api/webhooks.ts';
import { findAgentByKeyHash } from '../store/agent-repository.ts';
import { readSnapshot, writeTransaction, type Db, type OpenDatabase } from '../store/database.ts';
import type { AgentRow, WebhookDeliveryRow, WebhookEndpointRow } from '../store/schema.ts';
import { deleteEndpoint, deliveriesOf, enableEndpoint, endpointOf, endpointsOf, insertEndpoint, lockAgent, rotateSecret } from '../store/webhook-repository.ts';
import { WebhookOutbox } from './outbox.ts';
import { newSecret } from './signing.ts';
import { webhookLimits } from './webhook-policy.ts';
import { webhookUrlProblem } from './webhook-url.ts';

export interface WebhookServiceOptions {
  store: OpenDatabase;
  clock: Clock;
  /** WEBHOOK_ALLOW_LOOPBACK: loopback address literals may be registered (tests, local development). */
  allowLoopback: boolean;
  /** Told after a test event is queued, so the delivery worker sends it at once. */
  queued(): void;
  random?: RandomSource;
}

export class WebhookService {
  private readonly db: Db;
  private readonly outbox: WebhookOutbox;
  private readonly random: RandomSource;

  constructor(private readonly options: WebhookServiceOptions) {
    this.db = options.store.db;
    this.outbox = new WebhookOutbox(options.store);
    this.random = options.random ?? cryptoRandom;
  }

  async create(apiKey: string | undefined, input: { url: string; events: SubscribableEvent[] }) {
    return writeTransaction(this.db, async (trx, scope) => {
      scope.nothingShown();
      const agent = await this.authenticate(trx, apiKey);
      const problem = webhookUrlProblem(input.url, this.options.allowLoopback);
      if (problem) throw new DomainError('invalid_request', `url: ${problem}`, { errors: [{ path: 'url', message: problem }] });
      await lockAgent(trx, this.options.store.dialect, agent.id);
      const existing = await endpointsOf(trx, agent.id);
      if (existing.length >= webhookLimits.endpointsPerAgent) {
        throw new DomainError(
          'webhook_limit_reached',
          `${agent.name} has ${existing.length} webhook endpoints, the most an agent may have; delete one (DELETE /api/public/ai/webhooks/{id}) before registering another.`,
          { limit: webhookLimits.endpointsPerAgent },
        );
      }
      const endpoint = await insertEndpoint(trx, {
        id: `wh_${this.random(10).toString('hex')}`,
        agentId: agent.id,
        url: new URL(input.url).href,
        events: input.events,
        secret: newSecret(this.random),
        now: this.options.clock.now(),
      });
      return { id: endpoint.id, url: endpoint.url, events: input.events, secret: endpoint.secret, createdAt: endpoint.created_at };
    });
  }

  list(apiKey: string | undefined) {
    return readSnapshot(this.db, async (trx) => {
      const agent = await this.authenticate(trx, apiKey);
      const now = this.options.clock.now().toISOString();
      return { webhooks: (await endpointsOf(trx, agent.id)).map((e) => endpointView(e, now)), limit: webhookLimits.endpointsPerAgent };
    });
  }

  remove(apiKey: string | undefined, id: string) {
    return writeTransaction(this.db, async (trx, scope) => {
      scope.nothingShown();
      const endpoint = await this.endpoint(trx, apiKey, id);
      await deleteEndpoint(trx, endpoint.id);
      return { id: endpoint.id, deleted: true as const };
    });
  }

  /** Queues a webhook.test event for the endpoint; a disabled endpoint is enabled again for it. */
  async test(apiKey: string | undefined, id: string) {
    const delivery = await writeTransaction(this.db, async (trx, scope) => {
      scope.nothingShown();
      const endpoint = await this.endpoint(trx, apiKey, id);
      if (endpoint.disabled_at !== null) await enableEndpoint(trx, endpoint.id);
      const now = this.options.clock.now();
      const webhookId = await this.outbox.test(trx, endpoint, now);
      const at = now.toISOString();
      return {
        webhookId,
        eventType: 'webhook.test',
        state: 'pending' as const,
        attempts: 0,
        createdAt: at,
        lastAttemptAt: null,
        lastStatus: null,
        lastError: null,
        nextAttemptAt: at,
        finishedAt: null,
      };
    });
    this.options.queued();
    return { delivery };
  }

  deliveries(apiKey: string | undefined, id: string) {
    return readSnapshot(this.db, async (trx) => {
      const endpoint = await this.endpoint(trx, apiKey, id);
      const rows = await deliveriesOf(trx, endpoint.id, webhookLimits.deliveriesShown);
      return { webhook: { id: endpoint.id, url: endpoint.url }, deliveries: rows.map(deliveryView) };
    });
  }

  rotateSecret(apiKey: string | undefined, id: string) {
    return writeTransaction(this.db, async (trx, scope) => {
      scope.nothingShown();
      const endpoint = await this.endpoint(trx, apiKey, id);
      const now = this.options.clock.now();
      const previousUntil = new Date(now.getTime() + webhookLimits.secretOverlapMs);
      const secret = newSecret(this.random);
      await rotateSecret(trx, endpoint.id, secret, endpoint.secret, previousUntil);
      return { id: endpoint.id, secret, rotatedAt: now.toISOString(), previousSecretExpiresAt: previousUntil.toISOString() };
    });
  }

  /** The agent behind `apiKey`, or 401/403 (a suspended agent manages nothing). */
  private async authenticate(trx: Db, apiKey: string | undefined): Promise<AgentRow> {
    if (!apiKey) throw new DomainError('missing_api_key', 'Send your apiKey as Authorization: Bearer <apiKey> (or X-API-Key).');
    const hash = hashApiKey(apiKey);
    const agent = apiKey.length > 256 ? undefined : await findAgentByKeyHash(trx, hash);
    if (!agent || !sameDigest(agent.api_key_hash, hash)) throw new DomainError('invalid_api_key', 'No agent has this apiKey.');
    if (agent.suspended) throw new DomainError('agent_suspended', `The operator suspended ${agent.name}; contact the team through POST /api/public/ai/message.`);
    return agent;
  }

  /** One of the agent's endpoints, or 404 (another agent's endpoint included). */
  private async endpoint(trx: Db, apiKey: string | undefined, id: string): Promise<WebhookEndpointRow> {
    const agent = await this.authenticate(trx, apiKey);
    const endpoint = await endpointOf(trx, agent.id, id);
    if (!endpoint) throw new DomainError('not_found', `You have no webhook endpoint with id ${id.slice(0, 64)}; GET /api/public/ai/webhooks lists yours.`);
    return endpoint;
  }
}

function endpointView(e: WebhookEndpointRow, now: string) {
  return {
    id: e.id,
    url: e.url,
    events: e.events.split(' ') as SubscribableEvent[],
    createdAt: e.created_at,
    disabled: e.disabled_at !== null,
    disabledAt: e.disabled_at,
    failingSince: e.failing_since,
    lastSuccessAt: e.last_success_at,
    previousSecretExpiresAt: e.previous_secret_expires_at !== null && e.previous_secret_expires_at > now ? e.previous_secret_expires_at : null,
  };
}

function deliveryView(d: WebhookDeliveryRow) {
  return {
    webhookId: d.id,
    eventType: d.event_type,
    state: d.state,
    attempts: d.attempts,
    createdAt: d.created_at,
    lastAttemptAt: d.last_attempt_at,
    lastStatus: d.last_status,
    lastError: d.last_error,
    nextAttemptAt: d.state === 'pending' ? d.next_attempt_at : null,
    finishedAt: d.finished_at,
  };
}
