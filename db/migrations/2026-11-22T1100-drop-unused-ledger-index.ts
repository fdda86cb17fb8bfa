import type { Kysely } from 'kysely';

/**
 * activities_agent_time (agent_id, created_at) serves no query since the reputation facts read
 * the covering (agent_id, type, created_at) index and recent activity reads (agent_id, id); it
 * only cost every award one more index insert (measured under the earn benchmark, BENCHMARKS.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activities_agent_time').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('activities_agent_time').on('activities').columns(['agent_id', 'created_at']).execute();
}
