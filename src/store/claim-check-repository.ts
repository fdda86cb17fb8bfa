/**
 * Where each award awaiting verification stands (`claim_checks`): the verifier's two scans
 * (pages due for a fetch, deadlines passed), its verdicts, and what operators and profiles read.
 * Points never change here: a reversal is a ledger row written by AwardStatements.reverse in the
 * same transaction as the verdict that asks for it.
 */
import type { Db } from './database.ts';
import type { ClaimCheckRow } from './schema.ts';

/** url checks whose next fetch is due, oldest first, leaving out those already in the verifier's hands. */
export function dueFetches(db: Db, now: Date, limit: number, busy: readonly number[]): Promise<Pick<ClaimCheckRow, 'activity_id' | 'url' | 'attempts'>[]> {
  let query = db
    .selectFrom('claim_checks')
    .select(['activity_id', 'url', 'attempts'])
    .where('state', '=', 'pending')
    .where('next_fetch_at', '<=', now.toISOString())
    .orderBy('next_fetch_at')
    .limit(limit);
  if (busy.length) query = query.where('activity_id', 'not in', busy);
  return query.execute();
}

/** Pending checks whose window has ended, oldest deadline first. */
export function dueDecisions(db: Db, now: Date, limit: number): Promise<ClaimCheckRow[]> {
  return db.selectFrom('claim_checks').selectAll().where('state', '=', 'pending').where('due_at', '<=', now.toISOString()).orderBy('due_at').limit(limit).execute();
}

export function findCheck(db: Db, activityId: number): Promise<ClaimCheckRow | undefined> {
  return db.selectFrom('claim_checks').selectAll().where('activity_id', '=', activityId).executeTakeFirst();
}

/** A fetch that found no link (or failed): tried again at `nextFetchAt`, or not before the deadline decides (null). */
export async function recordMiss(db: Db, activityId: number, result: string, nextFetchAt: Date | null): Promise<void> {
  await db
    .updateTable('claim_checks')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_result: result.slice(0, 300), next_fetch_at: nextFetchAt?.toISOString() ?? null }))
    .where('activity_id', '=', activityId)
    .where('state', '=', 'pending')
    .execute();
}

/** Only a pending check moves: a verdict never overturns an earlier one. True when this call decided it. */
export async function markVerified(db: Db, activityId: number, result: string, now: Date, fetched: boolean): Promise<boolean> {
  const r = await db
    .updateTable('claim_checks')
    .set((eb) => ({ state: 'verified', decided_at: now.toISOString(), last_result: result.slice(0, 300), next_fetch_at: null, attempts: fetched ? eb('attempts', '+', 1) : eb.ref('attempts') }))
    .where('activity_id', '=', activityId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markReversed(db: Db, activityId: number, result: string, now: Date, reversalId: number | null): Promise<void> {
  await db
    .updateTable('claim_checks')
    .set({ state: 'reversed', decided_at: now.toISOString(), last_result: result.slice(0, 300), next_fetch_at: null, reversal_id: reversalId })
    .where('activity_id', '=', activityId)
    .where('state', '!=', 'reversed')
    .execute();
}

/**
 * Pending referral checks that a verified promotion of `subjectAgentId` settles. Standing checks
 * wait for their window's end: they stand on the share of the agent's claims verified by then.
 */
export function pendingChecksStandingOn(db: Db, subjectAgentId: number): Promise<ClaimCheckRow[]> {
  return db.selectFrom('claim_checks').selectAll().where('subject_agent_id', '=', subjectAgentId).where('kind', '=', 'referral').where('state', '=', 'pending').execute();
}

/** The referral check whose subject is this referred agent (its referrer's reward), if the reward was paid. */
export function referralCheckOf(db: Db, referredAgentId: number): Promise<ClaimCheckRow | undefined> {
  return db.selectFrom('claim_checks').selectAll().where('subject_agent_id', '=', referredAgentId).where('kind', '=', 'referral').executeTakeFirst();
}

/** The latest deadline among `agentId`'s url claims made at or before `by` that are still pending; undefined when none is. */
export async function latestPendingUrlDeadline(db: Db, agentId: number, by: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('claim_checks')
    .select((eb) => eb.fn.max('due_at').as('due'))
    .where('agent_id', '=', agentId)
    .where('kind', '=', 'url')
    .where('state', '=', 'pending')
    .where('created_at', '<=', by)
    .executeTakeFirst();
  return row?.due ?? undefined;
}

/** `agentId`'s url claims made at or before `by`, and how many of them were verified. */
export async function urlClaimCounts(db: Db, agentId: number, by: string): Promise<{ claims: number; verified: number }> {
  const row = await db
    .selectFrom('claim_checks')
    .select((eb) => [eb.fn.countAll<number>().as('claims'), eb.fn.sum<number>(eb.case().when('state', '=', 'verified').then(1).else(0).end()).as('verified')])
    .where('agent_id', '=', agentId)
    .where('kind', '=', 'url')
    .where('created_at', '<=', by)
    .executeTakeFirst();
  return { claims: Number(row?.claims ?? 0), verified: Number(row?.verified ?? 0) };
}

/** Points of `agentId`'s awards without a url up to award `activityId`, and of those that stood. */
export async function standingTotals(db: Db, agentId: number, activityId: number): Promise<{ points: number; stood: number }> {
  const row = await db
    .selectFrom('claim_checks as c')
    .innerJoin('activities as a', 'a.id', 'c.activity_id')
    .select((eb) => [eb.fn.sum<number>('a.points').as('points'), eb.fn.sum<number>(eb.case().when('c.state', '=', 'verified').then(eb.ref('a.points')).else(0).end()).as('stood')])
    .where('c.agent_id', '=', agentId)
    .where('c.kind', '=', 'standing')
    .where('c.activity_id', '<=', activityId)
    .executeTakeFirst();
  return { points: Number(row?.points ?? 0), stood: Number(row?.stood ?? 0) };
}

/** A pending check decided later: at `dueAt` (its decideBy). */
export async function postponeDecision(db: Db, activityId: number, dueAt: string): Promise<void> {
  await db.updateTable('claim_checks').set({ due_at: dueAt }).where('activity_id', '=', activityId).where('state', '=', 'pending').execute();
}

/** The points the award `activityId` paid. */
export async function awardPoints(db: Db, activityId: number): Promise<number> {
  const row = await db.selectFrom('activities').select('points').where('id', '=', activityId).executeTakeFirst();
  return row?.points ?? 0;
}
