/**
 * What the migrations in db/migrations write differently per engine; everything else in them
 * is the same statement on SQLite and PostgreSQL.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from './database.ts';

/** An integer key the database assigns: AUTOINCREMENT on SQLite, an identity column on PostgreSQL. */
export function generatedId(dialect: Dialect) {
  return (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

/** Refuses UPDATE and DELETE (and on PostgreSQL TRUNCATE) of `table`: the ledger is append-only. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before any table exists, as kysely's own migration docs type them
export async function appendOnly(db: Kysely<any>, dialect: Dialect, table: string): Promise<void> {
  const message = `${table} is append-only`;
  if (dialect === 'sqlite') {
    await sql.raw(`create trigger ${table}_no_update before update on ${table} begin select raise(abort, '${message}'); end`).execute(db);
    await sql.raw(`create trigger ${table}_no_delete before delete on ${table} begin select raise(abort, '${message}'); end`).execute(db);
    return;
  }
  await sql.raw(`create or replace function ${table}_append_only() returns trigger language plpgsql as $$ begin raise exception '${message}'; end $$`).execute(db);
  await sql.raw(`create trigger ${table}_no_update before update or delete on ${table} for each row execute function ${table}_append_only()`).execute(db);
  await sql.raw(`create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function ${table}_append_only()`).execute(db);
}

/**
 * After rows were copied with their ids into a table with an identity column: PostgreSQL's
 * sequence does not move by itself, so the next generated id would collide.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before any table exists, as kysely's own migration docs type them
export async function resumeIds(db: Kysely<any>, dialect: Dialect, table: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`).execute(db);
}
