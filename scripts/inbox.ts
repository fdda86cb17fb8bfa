/**
 * `npm run inbox -- list|show|mark-read|export`: the operator's view of the message channel,
 * over the database at DATABASE_PATH (the server's, by default).
 */
import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { Kysely, SqliteDialect } from 'kysely';
import { clockFrom } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/store/schema.ts';
import { runInbox, usage, UsageError } from './lib/inbox.ts';

const { databasePath, clockStart } = loadConfig();
const { clock } = clockFrom(clockStart);
if (!existsSync(databasePath)) {
  console.error(`No database at ${databasePath}. Start the server once (npm start) or set DATABASE_PATH.`);
  process.exit(1);
}
const raw = new BetterSqlite3(databasePath, { fileMustExist: true });
raw.pragma('busy_timeout = 5000');
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
let code = 1;
try {
  code = await runInbox(
    db,
    process.argv.slice(2),
    (text) => process.stdout.write(`${text}\n`),
    () => clock.now(),
  );
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${usage}`);
    code = 2;
  } else if (error instanceof Error && /no such table: messages/.test(error.message)) {
    console.error(`The database at ${databasePath} has no messages table yet. Run npm run db:migrate.`);
  } else throw error;
} finally {
  await db.destroy();
}
process.exit(code);
