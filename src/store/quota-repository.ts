/**
 * Daily limits counted in the database, so every instance of a cluster counts against the same
 * number (`daily_quotas`, `host_verified_agents`). A place is taken by an upsert that refuses to
 * go past the limit: the row lock it takes makes concurrent writers count one after another, on
 * SQLite and PostgreSQL alike, and a write that is rolled back gives its place back.
 */
import type { Db } from './database.ts';

/**
 * Takes one place of the daily limit `name` for `key` on `day` (YYYY-MM-DD): true, or false when
 * `limit` places are taken already (nothing changes then).
 */
export async function takeDailyPlace(db: Db, name: string, key: string, day: string, limit: number): Promise<boolean> {
  const row = await db
    .insertInto('daily_quotas')
    .values({ name, key, day, used: 1 })
    .onConflict((oc) =>
      oc
        .columns(['name', 'key', 'day'])
        .doUpdateSet((eb) => ({ used: eb('daily_quotas.used', '+', 1) }))
        .where('daily_quotas.used', '<', limit),
    )
    .returning('used')
    .executeTakeFirst();
  return row !== undefined && row.used <= limit;
}

/**
 * Counts `agentId` among the agents `site` verified promotions for on `day`: undefined when the
 * agent is counted (now or before); `agents` when the site has `limit` other agents that day
 * already; `address` when another agent registered from `address` (if known) took the site's
 * place for that address. A refusal changes nothing.
 */
export async function admitHostAgent(db: Db, site: string, day: string, agentId: number, address: string | undefined, limit: number): Promise<'agents' | 'address' | undefined> {
  const added = await db
    .insertInto('host_verified_agents')
    .values({ host: site, day, agent_id: agentId })
    .onConflict((oc) => oc.doNothing())
    .returning('agent_id')
    .executeTakeFirst();
  if (!added) return undefined;
  let refusal: 'agents' | 'address' | undefined;
  if (!(await takeDailyPlace(db, HOST_AGENTS, site, day, limit))) refusal = 'agents';
  else if (address && !(await takeDailyPlace(db, HOST_ADDRESS, `${site} ${address}`, day, 1))) {
    refusal = 'address';
    await db
      .updateTable('daily_quotas')
      .set((eb) => ({ used: eb('used', '-', 1) }))
      .where('name', '=', HOST_AGENTS)
      .where('key', '=', site)
      .where('day', '=', day)
      .execute();
  }
  if (refusal) await db.deleteFrom('host_verified_agents').where('host', '=', site).where('day', '=', day).where('agent_id', '=', agentId).execute();
  return refusal;
}

export const REGISTRATIONS = 'registrations';
const HOST_AGENTS = 'host-agents';
const HOST_ADDRESS = 'host-address';
