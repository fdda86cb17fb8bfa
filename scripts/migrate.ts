/** `npm run db:migrate`: brings the database (DATABASE_URL, else DATABASE_PATH) to the latest schema, logging each migration. */
import { loadConfig } from '../src/config.ts';
import { migrateToLatest } from '../src/store/migrate.ts';
import { openStore, storeLabel } from '../src/store/open-store.ts';

const config = loadConfig();
const store = openStore(config);
const { error, results } = await migrateToLatest(store);
for (const r of results ?? []) console.log(`${r.status === 'Success' ? 'applied' : r.status === 'Error' ? 'FAILED ' : 'skipped'} ${r.migrationName}`);
if (!results?.length && !error) console.log(`${storeLabel(config)}: already at the latest schema`);
await store.close();
if (error) {
  console.error('migration failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
