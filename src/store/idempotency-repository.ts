/** Stored responses of writes sent with an Idempotency-Key, kept per agent for the TTL. */
import type { Db } from './database.ts';

export interface StoredResponse {
  requestHash: string;
  status: number;
  body: string;
  createdAt: string;
}

export async function findStoredResponse(db: Db, agentId: number, key: string): Promise<StoredResponse | undefined> {
  const row = await db.selectFrom('idempotency_keys').selectAll().where('agent_id', '=', agentId).where('key', '=', key).executeTakeFirst();
  return row && { requestHash: row.request_hash, status: row.status, body: row.body, createdAt: row.created_at };
}

export async function storeResponse(db: Db, agentId: number, key: string, r: StoredResponse): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({ agent_id: agentId, key, request_hash: r.requestHash, status: r.status, body: r.body, created_at: r.createdAt })
    .onConflict((oc) => oc.columns(['agent_id', 'key']).doUpdateSet({ request_hash: r.requestHash, status: r.status, body: r.body, created_at: r.createdAt }))
    .execute();
}

/** Forgets keys older than `before`; run now and then so the table stays small. */
export async function purgeStoredResponses(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('idempotency_keys').where('created_at', '<', before.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}
