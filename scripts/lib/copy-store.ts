/**
 * Copies a deployment's data from its SQLite file into an empty PostgreSQL database: every table,
 * ids kept, in one transaction on the target, then checked (row counts and point totals equal,
 * every total equal to its ledger). The source is only read; nothing is written on a failure.
 */
import { sql } from 'kysely';
import { ledgerMismatches } from '../../src/store/ledger-repository.ts';
import { migrateOrThrow } from '../../src/store/migrate.ts';
import { resumeIds } from '../../src/store/migration-dialect.ts';
import type { Db, OpenDatabase } from '../../src/store/database.ts';
import type { Database } from '../../src/store/schema.ts';

/** In the order foreign keys allow (a referrer, and a reversed row, always have the smaller id). */
const TABLES = [
  'agents',
  'activities',
  'idempotency_keys',
  'tasks',
  'program_events',
  'messages',
  'claim_checks',
  'webhook_endpoints',
  'webhook_deliveries',
  'daily_quotas',
  'host_verified_agents',
] as const satisfies readonly (keyof Database)[];
const WITH_IDS = new Set(['agents', 'activities', 'tasks', 'program_events']);
const ORDER: Record<(typeof TABLES)[number], string> = {
  agents: 'id',
  activities: 'id',
  idempotency_keys: 'created_at',
  tasks: 'id',
  program_events: 'id',
  messages: 'received_at',
  claim_checks: 'activity_id',
  webhook_endpoints: 'id',
  webhook_deliveries: 'id',
  daily_quotas: 'day',
  host_verified_agents: 'day',
};
const BATCH = 500;

async function pointsIn(db: Db): Promise<number> {
  return Number((await db.selectFrom('agents').select(sql<number>`coalesce(sum(points), 0)`.as('p')).executeTakeFirstOrThrow()).p);
}

export interface CopyReport {
  rows: Record<string, number>;
  points: number;
}

export async function copyStore(from: OpenDatabase, to: OpenDatabase, log: (line: string) => void): Promise<CopyReport> {
  await migrateOrThrow(from);
  await migrateOrThrow(to);
  const present = await to.db
    .selectFrom('agents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(present.n) > 0) throw new Error(`the target already holds ${present.n} agent(s): db:copy only fills an empty database`);

  const rows: Record<string, number> = {};
  let targetPoints = 0;
  await to.db.transaction().execute(async (trx) => {
    for (const table of TABLES) {
      let copied = 0;
      for (let offset = 0; ; offset += BATCH) {
        const batch = await from.db.selectFrom(table).selectAll().orderBy(sql.ref(ORDER[table])).limit(BATCH).offset(offset).execute();
        if (!batch.length) break;
        await trx
          .insertInto(table)
          .values(batch as any)
          .execute();
        copied += batch.length;
      }
      if (WITH_IDS.has(table)) await resumeIds(trx, to.dialect, table);
      rows[table] = copied;
      log(`copied ${String(copied).padStart(8)} ${table}`);
    }
    // Checked before the commit: a failed check keeps nothing.
    for (const table of TABLES) {
      const n = Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      if (n !== rows[table]) throw new Error(`check failed: ${table} has ${n} rows on the target, ${rows[table]} were copied`);
    }
    const [sourcePoints, copiedPoints] = [await pointsIn(from.db), await pointsIn(trx)];
    if (sourcePoints !== copiedPoints) throw new Error(`check failed: ${copiedPoints} points on the target, ${sourcePoints} in the source`);
    const mismatches = await ledgerMismatches(trx);
    if (mismatches.length) throw new Error(`check failed: ${mismatches.length} agent total(s) differ from their ledger on the target (first: ${mismatches[0].name})`);
    targetPoints = copiedPoints;
  });
  log(`checked: row counts equal, ${targetPoints} points in all, every total equals its ledger`);

  return { rows, points: targetPoints };
}
