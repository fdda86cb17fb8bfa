/**
 * Opens the rewards database the configuration names: PostgreSQL when DATABASE_URL is set, else
 * the SQLite file at DATABASE_PATH (the embedded default: nothing to install).
 */
import type { OpenDatabase } from './database.ts';
import { openPostgres } from './postgres.ts';
import { openSqlite } from './sqlite.ts';

export interface StoreConfig {
  databasePath: string;
  databaseUrl?: string;
  poolMax?: number;
}

export function openStore(config: StoreConfig): OpenDatabase {
  return config.databaseUrl ? openPostgres({ url: config.databaseUrl, poolMax: config.poolMax ?? 10 }) : openSqlite(config.databasePath);
}

/** Where the data is, for messages: the file, or the PostgreSQL URL without its password. */
export function storeLabel(config: StoreConfig): string {
  if (!config.databaseUrl) return config.databasePath;
  const url = new URL(config.databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}
