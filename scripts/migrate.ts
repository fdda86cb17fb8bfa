/** `npm run db:migrate`: brings DATABASE_PATH to the latest schema, logging each migration. */
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/store/database.ts';
import { migrateToLatest } from '../src/store/migrate.ts';

const config = loadConfig();
const store = openDatabase(config.databasePath);
const { error, results } = await migrateToLatest(store.db);
for (const r of results ?? []) console.log(`${r.status === 'Success' ? 'applied' : r.status === 'Error' ? 'FAILED ' : 'skipped'} ${r.migrationName}`);
if (!results?.length && !error) console.log(`${config.databasePath}: already at the latest schema`);
await store.close();
if (error) {
  console.error('migration failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
