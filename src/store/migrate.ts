/**
 * Brings a database to the latest schema with kysely's Migrator over db/migrations. Runs at
 * server start and from `npm run db:migrate`, so a fresh clone needs no manual step.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './database.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations', import.meta.url));

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }) });
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
