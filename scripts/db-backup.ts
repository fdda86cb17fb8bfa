/**
 * `npm run db:backup -- [--to <file>]`: a consistent online backup of the SQLite database at
 * DATABASE_PATH, taken while the server may be running, then opened read-only and checked:
 * `integrity_check`, and every total equal to its ledger. On PostgreSQL (DATABASE_URL) use
 * pg_dump, which this prints.
 *
 * `VACUUM INTO` writes the copy: one statement inside one read transaction, so the copy is the
 * database as of one moment while writers go on (WAL), and it is a single self-contained file in
 * rollback-journal mode. SQLite's backup API would copy the live database's WAL mode with it, and
 * merely opening such a copy, even read-only, leaves `-wal` and `-shm` files beside it. The copy
 * is flushed to disk (the file, then its folder) before it is checked and reported.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { ledgerMismatches } from '../src/store/ledger-repository.ts';
import type { Database } from '../src/store/schema.ts';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump, e.g.\n  pg_dump -Fc -d "$DATABASE_URL" -f canopy-$(date -u +%Y%m%dT%H%M%SZ).dump');
  process.exit(1);
}
const source = resolve(config.databasePath);
if (!existsSync(source)) {
  console.error(`No database at ${source}.`);
  process.exit(1);
}
const at = process.argv.indexOf('--to');
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
const target = resolve(at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : join(dirname(source), 'backups', `canopy-cove-${stamp}.sqlite`));
if (existsSync(target)) {
  console.error(`${target} exists already: name another file.`);
  process.exit(1);
}
mkdirSync(dirname(target), { recursive: true });

const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
try {
  db.prepare('vacuum into ?').run(target);
} finally {
  db.close();
}
for (const path of [target, dirname(target)]) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const copy = new BetterSqlite3(target, { readonly: true, fileMustExist: true });
const integrity = copy.pragma('integrity_check', { simple: true });
const agents = (copy.prepare('select count(*) as n from agents').get() as { n: number }).n;
const rows = (copy.prepare('select count(*) as n from activities').get() as { n: number }).n;
const check = new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) });
const mismatches = await ledgerMismatches(check);
await check.destroy();
const journal = existsSync(`${target}-wal`) || existsSync(`${target}-shm`) || existsSync(`${target}-journal`);
if (integrity !== 'ok' || mismatches.length || journal) {
  console.error(`backup ${target} FAILED its checks: integrity ${integrity}, ${mismatches.length} total(s) differ from their ledger${journal ? ', journal files beside it' : ''}`);
  process.exit(1);
}
console.log(`backup written: ${target} (${statSync(target).size} bytes, one file): ${agents} agents, ${rows} ledger rows; integrity ok, every total equals its ledger`);
