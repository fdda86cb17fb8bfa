/**
 * The rewards program's reads (ProgramReads) and writes (RewardsService) on a real SQLite file: while a write group is open, a profile, a
 * reputation and a leaderboard page wait for the group's commit and never show a write it has
 * not committed (the group's transaction spans several turns of the event loop on the one
 * connection the reads use too); ranks, how long time leaves a read unchanged, and lastModified
 * as the store's change feed moves it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultRewardsConfig } from '../domain/program-config.ts';
import { AwardStatements } from '../store/award-statements.ts';
import { rankOf } from '../store/agent-repository.ts';
import BetterSqlite3 from 'better-sqlite3';
import { writeTransaction } from '../store/database.ts';
import { openSqlite, type OpenSqlite } from '../store/sqlite.ts';
import { migrateOrThrow } from '../store/migrate.ts';
import { receiveMessage } from '../messages/receive-message.ts';
import { ProgramReads } from './program-reads.ts';
import { RewardsService } from './rewards-service.ts';
import { WebhookOutbox } from '../webhooks/outbox.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
let dir: string;
let store: OpenSqlite;
let rewards: RewardsService;
let reads: ProgramReads;
let agentId: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-rewards-'));
  store = openSqlite(join(dir, 'db.sqlite'));
  await migrateOrThrow(store);
  rewards = await RewardsService.create({ store, config: defaultRewardsConfig, clock: { now: () => now } });
  reads = new ProgramReads({ store, config: defaultRewardsConfig, clock: { now: () => now } });
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
  const write = writeTransaction(store.db, async (trx) => {
    await new AwardStatements(store, new WebhookOutbox(store)).award(trx, agentId, { type: 'share', points: 10, url: 'https://example.com/a', now });
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
  const started = {
    profile: reads.profile('READER').finally(() => settled.add('profile')),
    reputation: reads.reputation('reader').finally(() => settled.add('reputation')),
    leaderboard: reads.leaderboard('points', 10, 0).finally(() => settled.add('leaderboard')),
  };
  return { reads: started, settled };
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
    await expect(reads.profile('nobody')).rejects.toMatchObject({ code: 'not_found' });
    await expect(reads.reputation('nobody')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('RewardsService reads and time', () => {
  it('says until when time alone leaves a profile and the leaderboard unchanged', async () => {
    let at = now.getTime();
    const clocked = new ProgramReads({ store, config: defaultRewardsConfig, clock: { now: () => new Date(at) } });
    const first = await clocked.profile('reader');
    // Registered at `now`: longevity steps from 0 to 1 at 0.45 days (minus the 1 ms margin).
    expect(first.stableUntil).toBe(now.getTime() + 0.45 * 86_400_000 - 1);
    expect(first.value.agent.reputation.components.longevity).toBe(0);
    at = first.stableUntil + 2;
    const later = await clocked.profile('reader');
    expect(later.value.agent.reputation.components.longevity).toBe(1);
    const leaderboard = await clocked.leaderboard('points', 10, 0);
    expect(leaderboard.stableUntil).toBe(later.stableUntil);
  });
});

describe('RewardsService ranks', () => {
  it('counts the same rank as the leaderboard through grouped earns, partnerships and a suspension', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 20; i++) keys.push((await rewards.register({ name: `agent_${i}` })).apiKey);
    const types = ['share', 'mention', 'promote', 'api_use', 'content_submit'] as const;
    let seed = 20261122;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    let n = 0;
    for (let round = 0; round < 15; round++) {
      // Requests of one turn share a write group (src/store/database.ts).
      const batch = Array.from({ length: 1 + (round % 7) }, () =>
        rewards.earn({ apiKey: keys[random(keys.length)] }, { actionType: types[random(types.length)], url: `https://example.com/${n++}` }).catch(() => undefined),
      );
      if (round % 5 === 0) batch.push(rewards.acceptPartnership({ apiKey: keys[round % keys.length] }));
      await Promise.all(batch);
      if (round === 7) store.raw.prepare("update agents set suspended = 1 where name = 'agent_3'").run();
      const board = (await reads.leaderboard('points', 100, 0)).value.entries;
      for (const entry of board.filter((_, i) => i % 3 === 0)) {
        const profile = (await reads.profile(entry.name)).value.agent;
        expect([profile.points, profile.rank]).toEqual([entry.points, entry.rank]);
        const row = store.raw.prepare<[string], { id: number; points: number; promo_points: number }>('select id, points, promo_points from agents where name = ?').get(entry.name)!;
        expect(profile.rank).toBe(await rankOf(store.db, row));
      }
    }
    expect((await reads.profile('agent_3')).value.agent).toMatchObject({ suspended: true, rank: null });
  });
});

describe('RewardsService lastModified', () => {
  it('moves with commits of this process that show, not with a message to the team', async () => {
    const start = rewards.lastModified();
    let at = now.getTime() + 60_000;
    const clocked = await RewardsService.create({ store, config: defaultRewardsConfig, clock: { now: () => new Date(at) } });
    const { apiKey } = await clocked.register({ name: 'Later' });
    expect(clocked.lastModified()).toBe(new Date(now.getTime() + 60_000).toISOString());
    at += 60_000;
    const services = {
      write: <T>(fn: Parameters<typeof writeTransaction<T>>[1]) => writeTransaction(store.db, fn),
      identify: (key: string) => clocked.identify(key),
      clock: { now: () => new Date(at) },
    };
    const receipt = await receiveMessage(services, { message: 'Hello team' }, apiKey, undefined);
    expect(store.raw.prepare('select message from messages where id = ?').pluck().get(receipt.id)).toBe('Hello team');
    expect(clocked.lastModified()).toBe(new Date(now.getTime() + 60_000).toISOString());
    expect(start <= clocked.lastModified()).toBe(true);
  });

  it('moves when another process commits, to the instant it was noticed when that left no timestamp', async () => {
    const before = rewards.lastModified();
    let at = now.getTime() + 3_600_000;
    const clocked = await RewardsService.create({ store, config: defaultRewardsConfig, clock: { now: () => new Date(at) } });
    const other = new BetterSqlite3(join(dir, 'db.sqlite'));
    other.prepare("update agents set verified = 1 where name = 'Reader'").run();
    other.close();
    await new Promise((resolve) => setImmediate(resolve)); // the feed checks once per turn
    clocked.lastModified(); // notices the commit, then reads the newest write back
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(clocked.lastModified()).toBe(new Date(at).toISOString());
    expect(clocked.lastModified() > before).toBe(true);
    at += 1_000;
    expect(clocked.lastModified()).toBe(new Date(at - 1_000).toISOString());
  });
});
