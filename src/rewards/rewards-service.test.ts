/**
 * RewardsService's reads on a real SQLite file while a write group is open: a profile, a
 * reputation and a leaderboard page wait for the group's commit and never show a write it has
 * not committed (the group's transaction spans several turns of the event loop on the one
 * connection the reads use too).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultRewardsConfig } from '../domain/program-config.ts';
import { AwardStatements } from '../store/award-statements.ts';
import { rankOf } from '../store/agent-repository.ts';
import { openDatabase, writeTransaction, type OpenDatabase } from '../store/database.ts';
import { migrateOrThrow } from '../store/migrate.ts';
import { receiveMessage } from '../messages/receive-message.ts';
import { RewardsService } from './rewards-service.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
let dir: string;
let store: OpenDatabase;
let rewards: RewardsService;
let agentId: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-rewards-'));
  store = openDatabase(join(dir, 'db.sqlite'));
  await migrateOrThrow(store.db);
  rewards = await RewardsService.create({ db: store.db, raw: store.raw, config: defaultRewardsConfig, clock: { now: () => now }, baseUrl: 'http://localhost' });
  await rewards.register({ name: 'Reader' });
  agentId = store.raw.prepare<[], number>("select id from agents where name_lower = 'reader'").pluck().get()!;
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A write group that has awarded a share to the agent and then waits, uncommitted, until released. */
async function openGroup(outcome: 'commit' | 'throw') {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let awarded!: () => void;
  const awardedNow = new Promise<void>((resolve) => (awarded = resolve));
  const write = writeTransaction(store.db, async () => {
    new AwardStatements(store.raw).award(agentId, { type: 'share', points: 10, url: 'https://example.com/a', now });
    awarded();
    await gate;
    if (outcome === 'throw') throw new Error('rolled back after waiting');
  });
  await awardedNow;
  // Read directly on the raw handle, the uncommitted award shows: what the reads must not see.
  expect(store.raw.prepare('select count(*) from activities').pluck().get()).toBe(1);
  return { write, release };
}

/** Starts the three reads and reports which have settled. */
function startReads() {
  const settled = new Set<string>();
  const reads = {
    profile: rewards.profile('READER').finally(() => settled.add('profile')),
    reputation: rewards.reputation('reader').finally(() => settled.add('reputation')),
    leaderboard: rewards.leaderboard('points', 10, 0).finally(() => settled.add('leaderboard')),
  };
  return { reads, settled };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('RewardsService reads during an open write group', () => {
  it('wait for it, and show nothing of a write that rolls back', async () => {
    const { write, release } = await openGroup('throw');
    const { reads, settled } = startReads();
    await tick();
    expect([...settled]).toEqual([]);
    release();
    await expect(write).rejects.toThrow('rolled back after waiting');
    const profile = (await reads.profile).value;
    expect(profile.agent.points).toBe(0);
    expect(profile.agent.recentActivity).toEqual([]);
    expect(profile.agent.reputation.components.diversity).toBe(0);
    expect((await reads.reputation).value.reputation.components.engagement).toBe(0);
    expect((await reads.leaderboard).value.entries[0]).toMatchObject({ name: 'Reader', points: 0 });
  });

  it('wait for it, and show a write once it is committed', async () => {
    const { write, release } = await openGroup('commit');
    const { reads, settled } = startReads();
    await tick();
    expect([...settled]).toEqual([]);
    release();
    await write;
    const profile = (await reads.profile).value;
    expect(profile.agent.points).toBe(10);
    expect(profile.agent.recentActivity).toMatchObject([{ actionType: 'share', points: 10, url: 'https://example.com/a', createdAt: now.toISOString() }]);
    expect(profile.agent.rank).toBe(1);
    expect((await reads.reputation).value.reputation.components.engagement).toBeGreaterThan(0);
    expect((await reads.leaderboard).value.entries[0]).toMatchObject({ name: 'Reader', points: 10 });
  });

  it('answers 404 for an unknown name', async () => {
    await expect(rewards.profile('nobody')).rejects.toMatchObject({ code: 'not_found' });
    await expect(rewards.reputation('nobody')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('RewardsService remembered reads and time', () => {
  it('keeps a profile while time cannot change it, past the 5 s default, and recomputes once it can', async () => {
    let at = now.getTime();
    const clocked = await RewardsService.create({ db: store.db, raw: store.raw, config: defaultRewardsConfig, clock: { now: () => new Date(at) }, baseUrl: 'http://localhost' });
    const first = await clocked.profile('reader');
    // Registered at `now`: longevity steps from 0 to 1 at 0.45 days (minus the 1 ms margin).
    expect(first.stableUntil).toBe(now.getTime() + 0.45 * 86_400_000 - 1);
    at = first.stableUntil - 1;
    const again = await clocked.profile('reader');
    // Remembered: the same computed parts (a profile's rank is looked up per call).
    expect(again.value.agent.reputation).toBe(first.value.agent.reputation);
    // Expired at stableUntil; 1 ms later (0.45 days after registering) longevity is 1.
    at = first.stableUntil + 1;
    const later = await clocked.profile('reader');
    expect(later.value.agent.reputation).not.toBe(first.value.agent.reputation);
    expect(later.value.agent.reputation.components.longevity).toBe(1);
    expect(first.value.agent.reputation.components.longevity).toBe(0);
    const leaderboard = await clocked.leaderboard('points', 10, 0);
    expect(leaderboard.stableUntil).toBe(later.stableUntil);
  });
});

describe('RewardsService remembered reads and other agents’ commits', () => {
  async function agent(name: string) {
    const { apiKey } = await rewards.register({ name });
    return { name, earn: (url: string) => rewards.earn({ apiKey }, { actionType: 'share', url }) };
  }

  it('keeps a profile and a reputation across earns by others, and ends them at the agent’s own', async () => {
    const a = await agent('Alpha');
    const b = await agent('Bravo');
    await b.earn('https://example.com/b1');
    await b.earn('https://example.com/b2'); // Bravo 20, Alpha 0, Reader 0
    const profile = await rewards.profile('bravo');
    const reputation = await rewards.reputation('bravo');
    const board = await rewards.leaderboard('points', 10, 0);
    expect(profile.value.agent.rank).toBe(1);

    await a.earn('https://example.com/a1'); // Alpha 10: passes Reader, not Bravo
    expect((await rewards.profile('bravo')).value.agent.reputation).toBe(profile.value.agent.reputation);
    expect(await rewards.reputation('bravo')).toBe(reputation);
    // A page of many agents ends at any commit.
    const board2 = await rewards.leaderboard('points', 10, 0);
    expect(board2).not.toBe(board);
    expect(board2.value.entries.map((e) => [e.name, e.points])).toEqual([['Bravo', 20], ['Alpha', 10], ['Reader', 0]]);

    await b.earn('https://example.com/b3');
    const own = await rewards.profile('bravo');
    expect(own.value.agent.reputation).not.toBe(profile.value.agent.reputation);
    expect(own.value.agent.points).toBe(30);
    expect(own.value.agent.recentActivity).toHaveLength(3);
    expect((await rewards.reputation('bravo'))).not.toBe(reputation);
  });

  it('never shows a rank another agent’s earn changed', async () => {
    const a = await agent('Alpha');
    const b = await agent('Bravo');
    await b.earn('https://example.com/b1'); // Bravo 10, then Alpha 0, Reader 0 (ties by id)
    const reader = await rewards.profile('reader');
    const bravo = await rewards.profile('bravo');
    expect(reader.value.agent.rank).toBe(2);
    expect(bravo.value.agent.rank).toBe(1);

    await a.earn('https://example.com/a1');
    await a.earn('https://example.com/a2'); // Alpha 20 passes Bravo and Reader
    const readerAfter = await rewards.profile('reader');
    const bravoAfter = await rewards.profile('bravo');
    expect(bravoAfter.value.agent.rank).toBe(2);
    expect(bravoAfter.value.agent.points).toBe(10);
    expect(readerAfter.value.agent.rank).toBe(3);
    expect((await rewards.profile('alpha')).value.agent.rank).toBe(1);
  });

  it('ends everything at a write that declares nothing (an operator verifying an agent)', async () => {
    const a = await agent('Alpha');
    await a.earn('https://example.com/a1');
    const reader = await rewards.profile('reader');
    const alpha = await rewards.profile('alpha');
    await operatorVerifies('Alpha');
    const again = await rewards.profile('reader');
    expect(again.value.agent.reputation).not.toBe(reader.value.agent.reputation);
    expect(again.value).toEqual(reader.value);
    expect((await rewards.profile('alpha')).value.agent).toMatchObject({ verified: true, reputation: { components: { verified: 100 } } });
    expect(alpha.value.agent.verified).toBe(false);
  });

  it('keeps every profile across a message to the team', async () => {
    const reader = await rewards.profile('reader');
    const board = await rewards.leaderboard('points', 10, 0);
    const services = { write: <T>(fn: Parameters<typeof writeTransaction<T>>[1]) => writeTransaction(store.db, fn), identify: (key: string) => rewards.identify(key), clock: { now: () => now } };
    const receipt = await receiveMessage(services, { message: 'Hello team' }, undefined, undefined);
    expect(store.raw.prepare('select message from messages where id = ?').pluck().get(receipt.id)).toBe('Hello team');
    expect((await rewards.profile('reader')).value.agent.reputation).toBe(reader.value.agent.reputation);
    // A page of many agents still ends at any commit.
    expect(await rewards.leaderboard('points', 10, 0)).not.toBe(board);
  });

  it('keeps others across a registration, and shows a referral on the referrer at once', async () => {
    const a = await agent('Alpha');
    await a.earn('https://example.com/a1');
    const reader = await rewards.profile('reader');
    const alpha = await rewards.profile('alpha');
    const { referralCode } = await rewards.register({ name: 'Bravo' });
    expect((await rewards.profile('alpha')).value.agent.reputation).toBe(alpha.value.agent.reputation);
    expect((await rewards.profile('bravo')).value.agent).toMatchObject({ points: 0, rank: 3 });
    await rewards.register({ name: 'Charlie', referralCode });
    expect((await rewards.profile('reader')).value.agent.reputation).toBe(reader.value.agent.reputation);
    expect((await rewards.profile('bravo')).value.agent).toMatchObject({ points: 50, rank: 1, recentActivity: [{ actionType: 'referral', points: 50 }] });
    expect((await rewards.profile('alpha')).value.agent).toMatchObject({ points: 10, rank: 2 });
    expect((await rewards.profile('charlie')).value.agent).toMatchObject({ points: 0, rank: 4 });
  });

  it('keeps the ranks in memory equal to counting in SQL through grouped earns and partnerships', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 30; i++) keys.push((await rewards.register({ name: `agent_${i}` })).apiKey);
    await sleep(1_100); // the ranks load again at most once a second after a registration
    await rewards.profile('agent_0');
    const types = ['share', 'mention', 'promote', 'api_use', 'content_submit'] as const;
    let seed = 20261122;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    let n = 0;
    for (let round = 0; round < 40; round++) {
      // Requests of one turn share a write group (src/store/database.ts).
      const batch = Array.from({ length: 1 + (round % 7) }, () =>
        rewards.earn({ apiKey: keys[random(keys.length)] }, { actionType: types[random(types.length)], url: `https://example.com/${n++}` }).catch(() => undefined),
      );
      if (round % 5 === 0) batch.push(rewards.acceptPartnership({ apiKey: keys[round % keys.length] }));
      await Promise.all(batch);
      const rows = store.raw.prepare<[], { id: number; points: number; promo_points: number; name: string }>('select id, name, points, promo_points from agents where suspended = 0').all();
      for (const row of rows) expect(rewards.currentRank(row)).toBe(await rankOf(store.db, row));
      for (const row of rows.filter((_, i) => i % 7 === 0)) {
        const profile = (await rewards.profile(row.name)).value.agent;
        expect([profile.points, profile.rank]).toEqual([row.points, await rankOf(store.db, row)]);
      }
    }
  });

  it('never answers a rank counted after a write the rest of the profile does not show', async () => {
    const a = await agent('Alpha');
    await a.earn('https://example.com/a0'); // Alpha 10, rank 1
    await rewards.profile('alpha'); // the ranks load
    await operatorVerifies('Reader'); // declares nothing: the ranks are stale, and load again only in a second
    expect((await rewards.profile('alpha')).value.agent).toMatchObject({ points: 10, rank: 1 });
    // A write group that stays open across turns holds Alpha's next earn, uncommitted.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const earn = a.earn('https://example.com/a1');
    const held = writeTransaction(store.db, async (_trx, scope) => {
      scope.agent(agentId);
      await gate;
    });
    await sleep(10);
    // The remembered parts (10 points) answer at once; the rank is counted in SQL, after the group.
    const read = rewards.profile('alpha');
    await sleep(10);
    release();
    await Promise.all([held, earn]);
    // Alpha is first before the earn and after it: any true answer says rank 1.
    expect((await read).value.agent).toMatchObject({ points: 20, rank: 1 });
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A write that declares nothing, as the operator's `admin verify` run in this process would be. */
function operatorVerifies(name: string) {
  return writeTransaction(store.db, async (trx) => {
    await trx.updateTable('agents').set({ verified: 1 }).where('name_lower', '=', name.toLowerCase()).execute();
  });
}
