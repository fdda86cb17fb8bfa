/**
 * `npm run db:copy -- --from <sqlite file> --to <postgres url>`: moves a deployment from its
 * SQLite file to PostgreSQL (scripts/lib/copy-store.ts). Stop the server first, so the file does
 * not change during the copy; the target must be empty (it is migrated first).
 */
import { existsSync } from 'node:fs';
import { openPostgres } from '../src/store/postgres.ts';
import { openSqlite } from '../src/store/sqlite.ts';
import { copyStore } from './lib/copy-store.ts';

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const from = arg('--from');
const to = arg('--to');
if (!from || !to) {
  console.error('usage: npm run db:copy -- --from <sqlite file> --to <postgres://user@host:5432/database>');
  process.exit(2);
}
if (!existsSync(from)) {
  console.error(`No SQLite database at ${from}.`);
  process.exit(1);
}
if (!/^postgres(ql)?:\/\//.test(to)) {
  console.error('--to must be a PostgreSQL URL (postgres://...)');
  process.exit(2);
}
const source = openSqlite(from);
const target = openPostgres({ url: to, poolMax: 2 });
try {
  await copyStore(source, target, (line) => console.log(line));
} catch (error) {
  console.error(`db:copy failed, nothing was kept on the target: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await source.close();
  await target.close();
}
