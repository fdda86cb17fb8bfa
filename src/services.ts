/**
 * What the server builds once at start and hands each on-demand request through Astro's
 * `locals`: one config, one clock, one database. Endpoints never construct these themselves.
 */
import type { Logger } from 'pino';
import type { BuildInfo } from './build-info.ts';
import { type Clock, clockFrom, type OffsetClock } from './clock.ts';
import type { AppConfig } from './config.ts';
import { ClaimVerifier } from './rewards/claim-verifier.ts';
import { ProgramReads } from './rewards/program-reads.ts';
import { type Identity, RewardsService } from './rewards/rewards-service.ts';
import type { Metrics } from './server/metrics.ts';
import type { ChangeFeed } from './store/change-feed.ts';
import { type Db, type OpenDatabase, type WriteScope, writeTransaction } from './store/database.ts';
import { migrateOrThrow } from './store/migrate.ts';
import { openStore } from './store/open-store.ts';
import { DeliveryWorker } from './webhooks/delivery-worker.ts';
import { WebhookService } from './webhooks/webhook-service.ts';

export interface Services {
  config: AppConfig;
  clock: Clock;
  /** Only when the clock was pinned with CLOCK_START: tests move it through POST /test-clock. */
  pinnedClock?: OffsetClock;
  startedAt: Date;
  /** The content build this process serves (build-info.json), for dataFreshness.contentVersion. */
  contentVersion: string;
  /** The rewards database (kysely over SQLite or PostgreSQL). */
  db: Db;
  /** `writeTransaction` on `db` (src/store/database.ts): writes that are not the rewards program's (messages). */
  write<T>(fn: (trx: Db, scope: WriteScope) => Promise<T>): Promise<T>;
  /** The AI rewards program's writes, and who an apiKey belongs to. */
  rewards: RewardsService;
  /** An agent's webhook endpoints (src/webhooks); the delivery worker beside the server sends the events. */
  webhooks: WebhookService;
  /** The program's public reads: leaderboard, profiles, reputation, tasks, events, stats. */
  reads: ProgramReads;
  /** The agent behind an apiKey, for the rate limiter; undefined when unknown. */
  identify(apiKey: string): Promise<Identity | undefined>;
  /** The service's log (src/server/logger.ts): endpoints log through it, never to stdout themselves. */
  log: Logger;
  /** What GET /metrics shows (src/server/metrics.ts): the server counts requests, endpoints count earns. */
  metrics: Metrics;
  /** Readiness beyond the process being up: content and database readable (GET /healthz). */
  health(): Promise<{ ok: boolean; checks: Record<string, string> }>;
}

/** What start-up gets from `openServices`: the services, and what the front does with the store. */
export interface OpenServices {
  /** Everything but `health`, which the front completes with its own checks (src/server/start.ts). */
  services: Omit<Services, 'health'>;
  /** Commits of this and other processes (the response cache purges by them). */
  changes: ChangeFeed;
  database: Pick<OpenDatabase, 'ping' | 'pool'>;
  /** Starts the workers beside the server: claim verification and webhook deliveries. */
  start(): void;
  /** Stops the workers (a delivery under way finishes), then closes the database. */
  close(): Promise<void>;
}

/**
 * Builds the services once, over the store the configuration names, with the schema brought up
 * to date first so a fresh clone needs no manual step.
 */
export async function openServices(config: AppConfig, build: BuildInfo, log: Logger, metrics: Metrics): Promise<OpenServices> {
  const { clock, pinned } = clockFrom(config.clockStart);
  const store = openStore(config);
  await migrateOrThrow(store);
  const rewards = await RewardsService.create({ store, config: config.rewards, clock, allowedClaimOrigins: config.verifier.localOrigins });
  // A named public origin is the brand's too; a local listening address is not.
  const brandHosts = [...new Set([build.brandUrl, ...(config.publicUrl ? [config.publicUrl] : build.originExplicit ? [build.origin] : [])].map((u) => new URL(u).hostname))];
  const verifier = new ClaimVerifier({
    store,
    clock,
    config: config.rewards.verification,
    brandHosts,
    fetching: config.verifier.fetching,
    allowedOrigins: config.verifier.localOrigins,
    userAgent: `CanopyCoveClaimVerifier/1.0 (+${build.brandUrl})`,
    log,
  });
  const { retrySchedule, allowLoopback } = config.webhooks;
  const userAgent = `CanopyCoveWebhooks/1.0 (+${build.brandUrl})`;
  const deliveries = new DeliveryWorker({ store, clock, retrySchedule, allowLoopback, userAgent, log, onOutcome: (outcome) => metrics.webhookAttempt(outcome) });
  // A commit may hold a new claim or an event (the outbox is written with its cause): both look at once.
  store.changes.subscribe(() => {
    verifier.wake();
    deliveries.wake();
  });
  if (allowLoopback) log.warn({ setting: 'WEBHOOK_ALLOW_LOOPBACK' }, 'webhooks may be sent to loopback addresses such as http://127.0.0.1: for tests and local development only');
  const services = {
    config,
    clock,
    pinnedClock: pinned,
    startedAt: new Date(),
    contentVersion: build.contentVersion,
    db: store.db,
    write: (fn) => writeTransaction(store.db, fn),
    rewards,
    webhooks: new WebhookService({ store, clock, allowLoopback, queued: () => deliveries.wake() }),
    reads: new ProgramReads({ store, config: config.rewards, clock }),
    identify: (apiKey) => rewards.identify(apiKey),
    log,
    metrics,
  } satisfies OpenServices['services'];
  return {
    services,
    changes: store.changes,
    database: store,
    start() {
      verifier.start();
      deliveries.start();
    },
    async close() {
      verifier.stop();
      await deliveries.stop();
      await store.close();
    },
  };
}
