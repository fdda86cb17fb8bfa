/**
 * `npm run db:copy`: a deployment moves from its SQLite file to PostgreSQL with its ledger intact.
 * A SQLite server takes registrations (one with a referral), earns, a partnership, a task and its
 * claim, a message and an operator adjustment; it stops; the copy runs; a server on the
 * PostgreSQL copy then shows the same agents, points, ranks and ledgers, passes `admin check`,
 * and takes new writes with new ids. Needs TEST_DATABASE_URL; runs once (in the SQLite half).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backend } from './support/backend.ts';
import { earn, post, register } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'canopy-copy-'));
const databasePath = join(dir, 'source.sqlite');
const target = `canopy_copy_${process.pid}`;
const targetUrl = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${target}` }).toString() : '';

async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

async function copy(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', '--from', databasePath, '--to', targetUrl], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** What a reader sees of the program: the leaderboard and every agent's profile, without freshness. */
async function program(base: string) {
  const board = await request(base, '/api/public/ai/leaderboard?limit=100');
  const profiles = [];
  for (const entry of board.body.entries) {
    const profile = await request(base, `/api/public/ai/agent/${entry.name}`);
    profiles.push(profile.body.agent);
  }
  return { entries: board.body.entries, total: board.body.total, profiles, tasks: (await request(base, '/api/public/ai/tasks?status=all')).body.items };
}

afterAll(async () => {
  if (adminUrl) await admin(`drop database if exists ${target} with (force)`);
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(adminUrl && backend === 'sqlite')('npm run db:copy (SQLite to PostgreSQL)', () => {
  let before: Awaited<ReturnType<typeof program>>;

  it('copies a used deployment, ledger intact and checked', async () => {
    const source: TestService = await startService({ databasePath, clockStart: '2026-11-22T12:00:00Z' });
    try {
      const ada = await register(source.url, { name: 'Copy_Ada', operator: 'Copy Lab' });
      const bob = await register(source.url, { name: 'Copy_Bob', referralCode: ada.referralCode });
      const cy = await register(source.url, { name: 'Copy_Cy' });
      for (const [i, type] of ['share', 'mention', 'api_use'].entries()) expect((await earn(source.url, ada.apiKey, type, `https://blog.example.org/copy/${i}`)).status).toBe(200);
      expect((await post(source.url, '/api/public/ai/partnership', { agree: true }, bob.apiKey)).status).toBe(200);
      const task = await post(source.url, '/api/public/ai/tasks', { title: 'Review a clip', description: 'Watch the clip and write two lines about it.' }, ada.apiKey);
      expect(task.status).toBe(201);
      // Claimed by an agent unrelated to the poster (a referred agent may not claim its referrer's task).
      expect((await post(source.url, `/api/public/ai/tasks/${task.body.task.id}/claim`, {}, cy.apiKey)).status).toBe(200);
      expect((await post(source.url, '/api/public/ai/message', { message: 'Moving house soon.' }, ada.apiKey)).status).toBe(201);
      before = await program(source.url);
    } finally {
      await source.stop();
    }

    await admin(`drop database if exists ${target} with (force)`);
    await admin(`create database ${target}`);
    const copied = await copy();
    expect(copied.stderr).toBe('');
    expect(copied.code).toBe(0);
    expect(copied.stdout).toMatch(/copied\s+3 agents/);
    expect(copied.stdout).toContain('every total equals its ledger');

    // A second copy into the now full database is refused and changes nothing.
    const again = await copy();
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds 3 agent(s)');
  });

  it('serves the same program from PostgreSQL, and takes new writes after the copied ids', async () => {
    const copy = await startService({ databasePath: join(dir, 'unused.sqlite'), clockStart: '2026-11-22T12:30:00Z', env: { DATABASE_URL: targetUrl } });
    try {
      const after = await program(copy.url);
      const withoutReputation = (p: { reputation: unknown }) => ({ ...p, reputation: undefined });
      expect(after.total).toBe(before.total);
      expect(after.entries.map((e: { name: string; points: number; rank: number }) => [e.name, e.points, e.rank])).toEqual(
        before.entries.map((e: { name: string; points: number; rank: number }) => [e.name, e.points, e.rank]),
      );
      expect(after.profiles.map(withoutReputation)).toEqual(before.profiles.map(withoutReputation));
      expect(after.tasks).toEqual(before.tasks);
      const carol = await register(copy.url, { name: 'Copy_Carol' });
      const earned = await earn(copy.url, carol.apiKey, 'api_use');
      expect(earned.status).toBe(200);
      expect(earned.body.activity.id).toBeGreaterThan(Math.max(...before.profiles.flatMap((p: { recentActivity: { id: number }[] }) => p.recentActivity.map((a) => a.id))));
    } finally {
      await copy.stop();
    }
  });
});
