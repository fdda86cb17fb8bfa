/**
 * Brings a database to the latest schema with kysely's Migrator over db/migrations (listed in
 * migrations.ts). Runs at server start and from `npm run db:migrate`, so a fresh clone needs no
 * manual step. On PostgreSQL the Migrator holds an advisory lock while it runs, so instances
 * started together apply each migration once: the others wait, then find nothing left to do.
 */
import { Migrator, type MigrationResultSet } from 'kysely';
import type { OpenDatabase } from './database.ts';
import { migrationsFor } from './migrations.ts';

export async function migrateToLatest(store: Pick<OpenDatabase, 'db' | 'dialect'>): Promise<MigrationResultSet> {
  const migrations = migrationsFor(store.dialect);
  const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations } });
  return migrator.migrateToLatest();
}

/** Like `migrateToLatest`, but throws when a migration failed (server start must not go on). */
export async function migrateOrThrow(store: Pick<OpenDatabase, 'db' | 'dialect'>): Promise<MigrationResultSet> {
  const result = await migrateToLatest(store);
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${result.error instanceof Error ? result.error.message : String(result.error)}`);
  }
  return result;
}
