/**
 * Sends what the outbox holds: runs beside the server (started in src/server/start.ts), woken by
 * every commit and about once a second. Each pass claims due attempts endpoint by endpoint
 * (src/store/webhook-repository.ts: at most `inFlightPerEndpoint` in flight per endpoint across
 * every instance, so one slow receiver cannot hold up the others; each attempt claimed by one
 * instance), signs and posts them (safe-post.ts), and records each outcome: delivered; or tried
 * again on the retry schedule with jitter; or, after the last attempt, failed. An endpoint whose
 * attempts have only failed for five days is disabled.
 *
 * At least once: a delivery stays due until an outcome is recorded, so an instance that dies
 * mid-send leaves it to be sent again (same webhook-id) when its lease runs out. Due times come
 * from the injected clock, like every instant of the program; the `webhook-timestamp` header is
 * the real time of the attempt, because receivers check it against their own clocks.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { writeTransaction, type Db, type OpenDatabase } from '../store/database.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../store/schema.ts';
import { claimAttempts, disableEndpoint, endpointsDue, pruneFinished, recordDelivered, recordFailure } from '../store/webhook-repository.ts';
import { postWebhook, type PostPolicy } from './safe-post.ts';
import { signatureHeaders } from './signing.ts';
import { retryDelay, webhookLimits } from './webhook-policy.ts';

/** What /metrics counts per attempt: delivered, failed and tried again later, or failed for good. */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed';

export interface DeliveryWorkerOptions {
  store: OpenDatabase;
  clock: Clock;
  /** Waits before the 2nd, 3rd, ... attempt (WEBHOOK_RETRY_SCHEDULE). */
  retrySchedule: readonly number[];
  /** WEBHOOK_ALLOW_LOOPBACK: loopback address literals may receive (tests, local development). */
  allowLoopback: boolean;
  userAgent: string;
  log: Logger;
  onOutcome(outcome: AttemptOutcome): void;
  /** 0 <= r < 1, for the retry jitter. */
  random?: () => number;
  /** Milliseconds since the epoch, for webhook-timestamp. */
  wallClock?: () => number;
  tickMs?: number;
  /** Attempts this instance makes at once, across endpoints. */
  concurrency?: number;
}

const ENDPOINTS_PER_PASS = 50;
const PRUNE_EVERY_MS = 3_600_000;

export class DeliveryWorker {
  private readonly db: Db;
  private readonly policy: PostPolicy;
  private readonly sending = new Set<Promise<void>>();
  /** This instance's attempts in flight per endpoint: one at its bound is not asked for more. */
  private readonly inFlight = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private passing: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private prunedAt = 0;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.db = options.store.db;
    this.policy = { timeoutMs: webhookLimits.timeoutMs, maxResponseBytes: webhookLimits.maxResponseBytes, allowLoopback: options.allowLoopback, userAgent: options.userAgent };
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.tickMs ?? 1_000);
    this.timer.unref();
    this.wake();
  }

  /**
   * Claims nothing more; resolves once the attempts in flight have ended and their outcomes are
   * recorded (each ends within the 5 s timeout), so the database can close after it.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.passing;
    await Promise.allSettled([...this.sending]);
  }

  /** Run a pass soon (after a commit: an event may be waiting). Passes never overlap. */
  wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.pass())
      .catch((error: unknown) => this.options.log.error({ err: error }, 'webhook delivery pass failed'))
      .finally(() => {
        this.passing = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async pass(): Promise<void> {
    const now = this.options.clock.now();
    await this.prune(now);
    let free = (this.options.concurrency ?? 64) - this.sending.size;
    if (free <= 0) return;
    const leaseUntil = new Date(now.getTime() + webhookLimits.leaseMs);
    for (const endpointId of await endpointsDue(this.db, now, ENDPOINTS_PER_PASS)) {
      if (free <= 0 || this.stopped) return;
      if ((this.inFlight.get(endpointId) ?? 0) >= webhookLimits.inFlightPerEndpoint) continue;
      const claimed = await writeTransaction(this.db, (trx, scope) => {
        scope.nothingShown();
        return claimAttempts(trx, this.options.store.dialect, endpointId, now, leaseUntil, webhookLimits.inFlightPerEndpoint, free);
      });
      for (const delivery of claimed?.deliveries ?? []) {
        free -= 1;
        this.inFlight.set(endpointId, (this.inFlight.get(endpointId) ?? 0) + 1);
        const attempt = this.attempt(claimed!.endpoint, delivery).finally(() => {
          const left = (this.inFlight.get(endpointId) ?? 1) - 1;
          if (left) this.inFlight.set(endpointId, left);
          else this.inFlight.delete(endpointId);
          this.sending.delete(attempt);
          this.wake();
        });
        this.sending.add(attempt);
      }
    }
  }

  private async prune(now: Date): Promise<void> {
    if (now.getTime() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now.getTime();
    await writeTransaction(this.db, (trx, scope) => {
      scope.nothingShown();
      return pruneFinished(trx, new Date(now.getTime() - webhookLimits.retentionMs));
    });
  }

  private async attempt(endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow): Promise<void> {
    const started = this.options.clock.now();
    const rolling = endpoint.previous_secret !== null && endpoint.previous_secret_expires_at !== null && endpoint.previous_secret_expires_at > started.toISOString();
    const secrets = rolling ? [endpoint.secret, endpoint.previous_secret!] : [endpoint.secret];
    const timestamp = Math.floor((this.options.wallClock ?? Date.now)() / 1000);
    const result = await postWebhook(endpoint.url, signatureHeaders(secrets, delivery.id, timestamp, delivery.payload), delivery.payload, this.policy);
    const now = this.options.clock.now();
    const status = 'status' in result ? result.status : null;
    const base = { deliveryId: delivery.id, attempt: delivery.attempts, status, now };
    const log = { webhookId: delivery.id, endpoint: endpoint.id, eventType: delivery.event_type, attempt: delivery.attempts };
    try {
      if (status !== null && status >= 200 && status < 300) {
        const recorded = await writeTransaction(this.db, (trx, scope) => {
          scope.nothingShown();
          return recordDelivered(trx, endpoint.id, { ...base, error: null });
        });
        if (recorded) this.options.onOutcome('delivered');
        return;
      }
      const error = 'status' in result ? `HTTP ${result.status}${result.excerpt ? `: ${result.excerpt}` : ''}` : result.error;
      const wait = retryDelay(this.options.retrySchedule, delivery.attempts, (this.options.random ?? Math.random)());
      const retryAt = wait === undefined ? null : new Date(now.getTime() + wait);
      const recorded = await writeTransaction(this.db, async (trx, scope) => {
        scope.nothingShown();
        const failingSince = await recordFailure(trx, endpoint.id, { ...base, error }, retryAt);
        if (failingSince === undefined) return undefined;
        if (now.getTime() - Date.parse(failingSince) < webhookLimits.disableAfterMs) return { disabled: false };
        await disableEndpoint(trx, endpoint.id, now, `endpoint disabled: every attempt since ${failingSince} failed`);
        return { disabled: true };
      });
      if (!recorded) return;
      this.options.onOutcome(retryAt && !recorded.disabled ? 'retry' : 'failed');
      this.options.log.info({ ...log, status, error, retryAt: recorded.disabled ? null : (retryAt?.toISOString() ?? null) }, 'webhook attempt failed');
      if (recorded.disabled) this.options.log.warn({ endpoint: endpoint.id }, 'webhook endpoint disabled after 5 days of only failed attempts');
    } catch (error) {
      // The outcome could not be recorded (the database is away): the lease runs out and the
      // delivery is sent again, with the same webhook-id.
      this.options.log.error({ ...log, err: error }, 'webhook outcome not recorded');
    }
  }
}
