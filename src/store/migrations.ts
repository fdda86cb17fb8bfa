/**
 * Every migration in db/migrations, in order, imported statically so the bundled server
 * (dist/server/main.mjs, plain node) carries them with it: kysely's FileMigrationProvider would import
 * the .ts files at run time, which needs a TypeScript loader. Add a new migration file here too;
 * test/migrations.test.ts fails when a file in db/migrations is missing from this list.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './database.ts';
import * as m0 from '../../db/migrations/2026-11-22T0800-agents.ts';
import * as m1 from '../../db/migrations/2026-11-22T0810-activities.ts';
import * as m2 from '../../db/migrations/2026-11-22T0820-idempotency-keys.ts';
import * as m3 from '../../db/migrations/2026-11-22T0830-tasks.ts';
import * as m4 from '../../db/migrations/2026-11-22T0840-program-events.ts';
import * as m5 from '../../db/migrations/2026-11-22T0900-messages.ts';
import * as m6 from '../../db/migrations/2026-11-22T1000-ledger-read-indexes.ts';
import * as m7 from '../../db/migrations/2026-11-22T1100-drop-unused-ledger-index.ts';
import * as m8 from '../../db/migrations/2026-11-23T0900-claim-verification.ts';
import * as m9 from '../../db/migrations/2026-11-24T0900-webhooks.ts';
import * as m10 from '../../db/migrations/2026-11-27T0900-daily-quotas.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before any table exists, as kysely's own migration docs type them
type MigrationModule = { up(db: Kysely<any>, dialect: Dialect): Promise<void>; down?(db: Kysely<any>): Promise<void> };

/** Name (the file name without .ts) -> migration module. Kysely runs them in name order. */
export const migrationModules: Record<string, MigrationModule> = {
  '2026-11-22T0800-agents': m0,
  '2026-11-22T0810-activities': m1,
  '2026-11-22T0820-idempotency-keys': m2,
  '2026-11-22T0830-tasks': m3,
  '2026-11-22T0840-program-events': m4,
  '2026-11-22T0900-messages': m5,
  '2026-11-22T1000-ledger-read-indexes': m6,
  '2026-11-22T1100-drop-unused-ledger-index': m7,
  '2026-11-23T0900-claim-verification': m8,
  '2026-11-24T0900-webhooks': m9,
  '2026-11-27T0900-daily-quotas': m10,
};

/** The migrations as kysely's Migrator runs them on `dialect`: each told which engine it writes for. */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before any table exists, as kysely's own migration docs type them
  return Object.fromEntries(Object.entries(migrationModules).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, dialect), down: m.down }]));
}
