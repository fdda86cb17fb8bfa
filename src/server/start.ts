/**
 * Starts the whole service from a finished build: loads the pre-rendered files and the Astro
 * server bundle, opens the services (src/services.ts), listens, and stops cleanly on `close`:
 * stop accepting, finish what was received (src/server/shutdown.ts), then the workers and the
 * database.
 */
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readBuildInfo } from '../build-info.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import type { RouteTable } from '../http/route-table.ts';
import { listeningOrigin, publicOrigin, setPublicOrigin } from '../public-origin.ts';
import { openServices, type Services } from '../services.ts';
import type { AstroHandler } from './astro-handoff.ts';
import { createAppServer } from './create-server.ts';
import { createLogger } from './logger.ts';
import { Metrics } from './metrics.ts';
import { RateLimiter } from './rate-limiter.ts';
import { ResponseCache } from './response-cache.ts';
import { sharedLimits } from './shared-limits.ts';
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
  // A promise rejected with nobody waiting for it is logged, not fatal: Node's default would end
  // the process, and every request in flight with it. (@astrojs/node's handler, which
  // src/server/astro-entry.ts replaces, logged them too.)
  const onUnhandledRejection = (reason: unknown) => log.error({ err: reason }, 'unhandled rejection');
  process.on('unhandledRejection', onUnhandledRejection);
  const dist = resolve(config.distDir);
  const build = readBuildInfo(dist);
  const staticFiles = new StaticFiles(resolve(dist, 'client'), { buildOrigin: build.origin, contentTypeOf: routes.contentTypeOf });
  const { handler } = (await import(pathToFileURL(resolve(dist, 'server/entry.mjs')).href)) as { handler: AstroHandler };

  const cache = new ResponseCache({ maxBytes: config.responseCacheBytes, now: () => app.services.clock.now().getTime() });
  const metrics = new Metrics({ cache, pool: () => app.database.pool() });
  const app = await openServices(config, build, log, metrics);
  // Every commit that changes what public reads show ends the cached program reads.
  app.changes.subscribe(() => cache.purge('program'));
  // REDIS_URL: every instance counts rate limits in the same Redis.
  const limits = config.redisUrl ? sharedLimits(config.redisUrl, config.redisPrefix, log) : undefined;
  const services: Services = {
    ...app.services,
    async health() {
      const database = await app.database.ping().then(
        () => 'ok',
        () => 'database unreadable',
      );
      const checks: Record<string, string> = { content: staticFiles.size > 0 ? 'ok' : 'no pre-rendered files', database };
      // Redis down is reported but not unhealthy: the instance still serves, with its own counts.
      if (limits) checks.redis = limits.status();
      return { ok: checks.content === 'ok' && checks.database === 'ok', checks };
    },
  };
  const gate = new RateLimiter({ policy: config.rateLimits, identify: services.identify, counts: limits?.counts });
  const { server, drain } = createAppServer({ config, services, staticFiles, astro: handler, build, cache, routes, changes: app.changes, log, gate });

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(config.port, config.host, () => ok());
  });
  const address = server.address();
  const url = listeningOrigin(config.host, typeof address === 'object' && address ? address.port : config.port);
  // Before the first request: every absolute URL, pre-rendered files included, uses this origin.
  setPublicOrigin(config.publicUrl ?? (build.originExplicit ? build.origin : url));
  // A failed accept (out of file descriptors) is logged; unhandled, it would end the process.
  server.on('error', (error) => log.error({ err: error }, 'server error'));

  let closing: Promise<void> | undefined;
  const shutDown = async () => {
    await drain(config.server.shutdownGraceMs);
    // A database or Redis that fails to close is logged: the process still stops.
    await app.close().catch((error: unknown) => log.error({ err: error }, 'closing the services failed'));
    await limits?.close().catch((error: unknown) => log.error({ err: error }, 'closing Redis failed'));
    await new Promise((flushed) => log.flush(flushed));
    process.off('unhandledRejection', onUnhandledRejection);
  };
  app.start();
  log.info({ url, publicUrl: publicOrigin(), contentVersion: build.contentVersion, files: staticFiles.size, startupMs: Date.now() - startedAt }, 'listening');
  // Written at once rather than with the next 4 KiB of lines (src/server/logger.ts): whoever started the server waits for it.
  log.flush();
  return { server, url, services, close: () => (closing ??= shutDown()) };
}
