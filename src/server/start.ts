/**
 * Starts the whole service from a finished build: loads the pre-rendered files and the Astro
 * server bundle, builds the services once, listens, and shuts down cleanly on SIGTERM/SIGINT
 * (src/server/shutdown.ts: stop accepting, finish in-flight requests, close idle connections, then
 * the database).
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clockFrom } from '../clock.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { ClaimVerifier } from '../rewards/claim-verifier.ts';
import { ProgramReads } from '../rewards/program-reads.ts';
import { RewardsService } from '../rewards/rewards-service.ts';
import { writeTransaction } from '../store/database.ts';
import { openStore } from '../store/open-store.ts';
import { migrateOrThrow } from '../store/migrate.ts';
import { listeningOrigin, publicOrigin, setPublicOrigin } from '../public-origin.ts';
import { DeliveryWorker } from '../webhooks/delivery-worker.ts';
import { WebhookService } from '../webhooks/webhook-service.ts';
import type { AstroHandler } from './astro-handoff.ts';
import type { RouteTable } from '../http/route-table.ts';
import { createAppServer, type BuildInfo } from './create-server.ts';
import { createLogger } from './logger.ts';
import { Metrics } from './metrics.ts';
import { drain } from './shutdown.ts';
import { RateLimiter } from './rate-limiter.ts';
import { ResponseCache } from './response-cache.ts';
import { sharedLimits } from './shared-limits.ts';
import type { Services } from '../services.ts';
import { StaticFiles } from './static-files.ts';

export interface RunningService {
  server: Server;
  url: string;
  services: Services;
  close(): Promise<void>;
}

/** `routes`: the registry's route table (src/server/main.ts). */
export async function startService(routes: RouteTable, config: AppConfig = loadConfig()): Promise<RunningService> {
  const startedAt = Date.now();
  const log = createLogger(config.logLevel);
  const dist = resolve(config.distDir);
  const build = JSON.parse(readFileSync(resolve(dist, 'build-info.json'), 'utf8')) as BuildInfo;
  const staticFiles = new StaticFiles(resolve(dist, 'client'), { buildOrigin: build.origin, contentTypeOf: routes.contentTypeOf });
  const { handler } = (await import(pathToFileURL(resolve(dist, 'server/entry.mjs')).href)) as { handler: AstroHandler };

  const { clock, pinned } = clockFrom(config.clockStart);
  // The schema is brought up to date before the first request, so a fresh clone needs no manual step.
  const store = openStore(config);
  await migrateOrThrow(store);
  const { changes } = store;
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
  // A commit may hold a new claim: the verifier looks at once rather than at its next tick.
  changes.subscribe(() => verifier.wake());
  const cache = new ResponseCache({ maxBytes: config.responseCacheBytes, now: () => clock.now().getTime() });
  // Every commit that changes what public reads show ends the cached program reads.
  changes.subscribe(() => cache.purge('program'));
  const metrics = new Metrics({ cache, pool: () => store.pool() });
  const deliveries = new DeliveryWorker({
    store,
    clock,
    retrySchedule: config.webhooks.retrySchedule,
    allowLoopback: config.webhooks.allowLoopback,
    userAgent: `CanopyCoveWebhooks/1.0 (+${build.brandUrl})`,
    log,
    onOutcome: (outcome) => metrics.webhookAttempt(outcome),
  });
  // A commit may hold an event (the outbox is written with its cause): sent at once.
  changes.subscribe(() => deliveries.wake());

  // REDIS_URL: every instance counts rate limits in the same Redis.
  const limits = config.redisUrl ? sharedLimits(config.redisUrl, config.redisPrefix, log) : undefined;
  const databaseReadable = (): Promise<string> =>
    store.ping().then(
      () => 'ok',
      () => 'database unreadable',
    );
  const services: Services = {
    config,
    clock,
    pinnedClock: pinned,
    startedAt: new Date(startedAt),
    contentVersion: build.contentVersion,
    db: store.db,
    write: (fn) => writeTransaction(store.db, fn),
    rewards,
    webhooks: new WebhookService({ store, clock, allowLoopback: config.webhooks.allowLoopback, queued: () => deliveries.wake() }),
    reads: new ProgramReads({ store, config: config.rewards, clock }),
    identify: (apiKey) => rewards.identify(apiKey),
    log,
    metrics,
    health: async () => {
      const checks: Record<string, string> = { content: staticFiles.size > 0 ? 'ok' : 'no pre-rendered files', database: await databaseReadable() };
      // Redis down is reported but not unhealthy: the instance still serves, with its own counts.
      if (limits) checks.redis = limits.status();
      return { ok: checks.content === 'ok' && checks.database === 'ok', checks };
    },
  };

  const server = createAppServer({
    config,
    services,
    staticFiles,
    astro: handler,
    build,
    cache,
    routes,
    changes,
    log,
    gate: new RateLimiter({ policy: config.rateLimits, identify: services.identify, counterFor: limits?.counterFor }),
  });

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(config.port, config.host, () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = listeningOrigin(config.host, port);
  // Before the first request: every absolute URL, pre-rendered files included, uses this origin.
  setPublicOrigin(config.publicUrl ?? (build.originExplicit ? build.origin : url));

  // A failed accept (out of file descriptors) is logged; unhandled, it would end the process.
  server.on('error', (error) => log.error({ err: error }, 'server error'));

  let closing: Promise<void> | undefined;
  const shutDown = () => {
    verifier.stop();
    const deliveriesStopped = deliveries.stop();
    return drain(server, config.server.shutdownGraceMs)
      .then(() => deliveriesStopped)
      .then(() => limits?.close())
      .then(() => new Promise<void>((ok) => store.close().then(() => log.flush(() => ok()), ok)));
  };
  const close = () => (closing ??= shutDown());

  verifier.start();
  deliveries.start();
  if (config.webhooks.allowLoopback) log.warn({ setting: 'WEBHOOK_ALLOW_LOOPBACK' }, 'webhooks may be sent to loopback addresses such as http://127.0.0.1: for tests and local development only');
  log.info({ url, publicUrl: publicOrigin(), contentVersion: build.contentVersion, files: staticFiles.size, startupMs: Date.now() - startedAt }, 'listening');
  return { server, url, services, close };
}
