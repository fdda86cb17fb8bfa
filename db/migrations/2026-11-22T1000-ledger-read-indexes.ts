import { sql, type Kysely } from 'kysely';

/**
 * Indexes for two reads that scanned the ledger (measured with 200,000 rows, see BENCHMARKS.md):
 * a profile's recent activity (`where agent_id = ? order by id desc`) sorted all of the agent's
 * rows in a temporary B-tree, and the stats' points total summed every row to leave out the rare
 * adjustments, which a partial index now finds directly.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('activities_agent_recent').on('activities').columns(['agent_id', 'id']).execute();
  await sql`create index activities_adjustment_points on activities (points) where type = 'adjustment'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activities_adjustment_points').execute();
  await db.schema.dropIndex('activities_agent_recent').execute();
}
