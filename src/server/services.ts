/**
 * What the server builds once at start and hands each on-demand request through Astro's
 * `locals`: one config, one clock, one database. Endpoints never construct these themselves.
 */
import type { AppConfig } from '../config.ts';
import type { DataVersion } from '../rewards/program-changes.ts';
import type { Identity, RewardsService } from '../rewards/rewards-service.ts';
import type { Db, WriteScope } from '../store/database.ts';
import type { Clock } from '../clock.ts';
import type { LiveResponses } from './live-responses.ts';

export interface Services {
  config: AppConfig;
  clock: Clock;
  startedAt: Date;
  /** The content build this process serves (build-info.json), for dataFreshness.contentVersion. */
  contentVersion: string;
  /** The rewards database (kysely over better-sqlite3). */
  db: Db;
  /**
   * `writeTransaction` on `db` (src/store/database.ts), for endpoints: Astro's bundle holds its
   * own copy of that module, which does not know the database the server opened.
   */
  write<T>(fn: (trx: Db, scope: WriteScope) => Promise<T>): Promise<T>;
  /** The AI rewards program: every read and write of /api/public/ai goes through it. */
  rewards: RewardsService;
  /** The agent behind an apiKey, synchronously, for the rate limiter; undefined when unknown. */
  identify(apiKey: string): Identity | undefined;
  /** Finished bodies of credential-free program reads, served again while current. */
  responses: LiveResponses<DataVersion>;
}
