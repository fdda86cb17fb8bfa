/**
 * What the server builds once at start and hands each on-demand request through Astro's
 * `locals`: one config, one clock, one database. Endpoints never construct these themselves.
 */
import type { Logger } from 'pino';
import type { AppConfig } from './config.ts';
import type { Clock, OffsetClock } from './clock.ts';
import type { ProgramReads } from './rewards/program-reads.ts';
import type { Identity, RewardsService } from './rewards/rewards-service.ts';
import type { Db, WriteScope } from './store/database.ts';
import type { Metrics } from './server/metrics.ts';
import type { WebhookService } from './webhooks/webhook-service.ts';

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
