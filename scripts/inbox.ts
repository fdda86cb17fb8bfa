/**
 * `npm run inbox -- list|show|mark-read|reply|export`: the operator's view of the message channel,
 * over the server's database (DATABASE_URL, else the SQLite file at DATABASE_PATH).
 */
import { existsSync } from 'node:fs';
import { clockFrom } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openStore, storeLabel } from '../src/store/open-store.ts';
import { runInbox, usage, UsageError } from './lib/inbox.ts';

const config = loadConfig();
const { clock } = clockFrom(config.clockStart);
if (!config.databaseUrl && !existsSync(config.databasePath)) {
  console.error(`No database at ${config.databasePath}. Start the server once (npm start) or set DATABASE_PATH (or DATABASE_URL).`);
  process.exit(1);
}
const store = openStore(config);
let code = 1;
try {
  code = await runInbox(
    store,
    process.argv.slice(2),
    (text) => process.stdout.write(`${text}\n`),
    () => clock.now(),
  );
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${usage}`);
    code = 2;
  } else if (error instanceof Error && /no such (table|column)|relation "\w+" does not exist|column "\w+" does not exist/.test(error.message)) {
    console.error(`The database at ${storeLabel(config)} is not at the latest schema yet (${error.message}). Run npm run db:migrate.`);
  } else throw error;
} finally {
  await store.close();
}
process.exit(code);
