/**
 * Brings a database to the latest schema with kysely's Migrator over db/migrations (listed in
 * migrations.ts). Runs at server start and from `npm run db:migrate`, so a fresh clone needs no
 * manual step.
 */
import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations.ts';

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  return migrator.migrateToLatest();
}

/** Like `migrateToLatest`, but throws when a migration failed (server start must not go on). */
export async function migrateOrThrow(db: Db): Promise<MigrationResultSet> {
  const result = await migrateToLatest(db);
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${result.error instanceof Error ? result.error.message : String(result.error)}`);
  }
  return result;
}
