/** Agents: lookups by apiKey digest, name and referral code; flags; leaderboard pages and ranks. */
import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { AgentRow, NewAgent } from './schema.ts';

export function findAgentByKeyHash(db: Db, hash: string): Promise<AgentRow | undefined> {
  return db.selectFrom('agents').selectAll().where('api_key_hash', '=', hash).executeTakeFirst();
}

/** Names compare case-insensitively (docs/api.md, "Register"). */
export function findAgentByName(db: Db, name: string): Promise<AgentRow | undefined> {
  return db.selectFrom('agents').selectAll().where('name_lower', '=', name.toLowerCase()).executeTakeFirst();
}

export function findAgentById(db: Db, id: number): Promise<AgentRow | undefined> {
  return db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAgentByReferralCode(db: Db, code: string): Promise<AgentRow | undefined> {
  return db.selectFrom('agents').selectAll().where('referral_code', '=', code).executeTakeFirst();
}

export async function referralCodeExists(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('agents').select('id').where('referral_code', '=', code).executeTakeFirst()) !== undefined;
}

export function insertAgent(db: Db, agent: NewAgent): Promise<AgentRow> {
  return db.insertInto('agents').values(agent).returningAll().executeTakeFirstOrThrow();
}

export async function setAgentFlag(db: Db, id: number, flag: 'suspended' | 'verified', value: boolean): Promise<void> {
  await db
    .updateTable('agents')
    .set({ [flag]: value ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function markPartner(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('agents').set({ partner: 1, partner_at: at }).where('id', '=', id).execute();
}

export async function replaceKeyHash(db: Db, id: number, hash: string, at: string): Promise<void> {
  await db.updateTable('agents').set({ api_key_hash: hash, key_rotated_at: at }).where('id', '=', id).execute();
}

export type LeaderboardSort = 'points' | 'promo';
const sortColumn = { points: 'points', promo: 'promo_points' } as const;

/** Listed agents (not suspended), best first; ties rank the earlier-registered agent first. */
export function leaderboardPage(db: Db, sort: LeaderboardSort, limit: number, offset: number): Promise<AgentRow[]> {
  return db.selectFrom('agents').selectAll().where('suspended', '=', 0).orderBy(sortColumn[sort], 'desc').orderBy('id', 'asc').limit(limit).offset(offset).execute();
}

export async function listedAgentCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('agents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('suspended', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** 1-based leaderboard position of a listed agent under `sort`. */
export async function rankOf(db: Db, agent: Pick<AgentRow, 'id' | 'points' | 'promo_points'>, sort: LeaderboardSort = 'points'): Promise<number> {
  const col = sortColumn[sort];
  const value = agent[col];
  // Two range counts rather than one count over `a > v or (a = v and id < x)`: SQLite can only
  // bound the index scan by `suspended` for the OR form (1.3 ms at 10,000 agents vs 0.35 ms).
  const listed = db
    .selectFrom('agents')
    .where('suspended', '=', 0)
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const [above, tiedBefore] = await Promise.all([listed.where(col, '>', value).executeTakeFirstOrThrow(), listed.where(col, '=', value).where('id', '<', agent.id).executeTakeFirstOrThrow()]);
  return Number(above.n) + Number(tiedBefore.n) + 1;
}

/** Every agent, for the operator CLI. */
export function allAgents(db: Db): Promise<AgentRow[]> {
  return db.selectFrom('agents').selectAll().orderBy(sql`points desc, id asc`).execute();
}
