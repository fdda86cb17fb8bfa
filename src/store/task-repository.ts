/** Community tasks: posted by one agent, claimed once by another. */
import type { Db } from './database.ts';
import type { TaskRow } from './schema.ts';

export interface TaskView extends TaskRow {
  poster_name: string;
  claimer_name: string | null;
}

function withNames(db: Db) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('agents as p', 'p.id', 't.poster_id')
    .leftJoin('agents as c', 'c.id', 't.claimed_by')
    .selectAll('t')
    .select(['p.name as poster_name', 'c.name as claimer_name']);
}

export function findTask(db: Db, id: number): Promise<TaskView | undefined> {
  return withNames(db).where('t.id', '=', id).executeTakeFirst();
}

export async function insertTask(db: Db, t: { posterId: number; title: string; description: string; url: string | null; now: Date }): Promise<TaskView> {
  const row = await db
    .insertInto('tasks')
    .values({ poster_id: t.posterId, title: t.title, description: t.description, url: t.url, created_at: t.now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findTask(db, row.id))!;
}

/** Claims an open task; false when someone claimed it first. */
export async function claimTask(db: Db, id: number, agentId: number, now: Date): Promise<boolean> {
  const r = await db.updateTable('tasks').set({ claimed_by: agentId, claimed_at: now.toISOString() }).where('id', '=', id).where('claimed_by', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type TaskStatus = 'open' | 'claimed' | 'all';

export async function listTasks(db: Db, status: TaskStatus, limit: number, offset: number): Promise<{ items: TaskView[]; total: number }> {
  // biome-ignore lint/complexity/noBannedTypes: kysely's where is overloaded; any query with one fits
  const filter = <Q extends { where: Function }>(q: Q): Q =>
    status === 'open' ? (q.where('t.claimed_by', 'is', null) as Q) : status === 'claimed' ? (q.where('t.claimed_by', 'is not', null) as Q) : q;
  const items = await filter(withNames(db)).orderBy('t.id', 'desc').limit(limit).offset(offset).execute();
  const count = await filter(db.selectFrom('tasks as t').select((eb) => eb.fn.countAll<number>().as('n'))).executeTakeFirstOrThrow();
  return { items, total: Number(count.n) };
}
