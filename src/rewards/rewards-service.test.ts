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
import { openDatabase, writeTransaction, type OpenDatabase } from '../store/database.ts';
import { migrateOrThrow } from '../store/migrate.ts';
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
    expect(again).toBe(first);
    // Expired at stableUntil; 1 ms later (0.45 days after registering) longevity is 1.
    at = first.stableUntil + 1;
    const later = await clocked.profile('reader');
    expect(later).not.toBe(first);
    expect(later.value.agent.reputation.components.longevity).toBe(1);
    expect(first.value.agent.reputation.components.longevity).toBe(0);
    const leaderboard = await clocked.leaderboard('points', 10, 0);
    expect(leaderboard.stableUntil).toBe(later.stableUntil);
  });
});
