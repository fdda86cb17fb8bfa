/**
 * The operator CLI (`npm run admin`) against the running server's database file: list, show,
 * suspend/unsuspend (writes refused, hidden from the leaderboard), verify (reputation),
 * adjust (a ledger row with a reason), and check (exit 1 when a total drifts from its ledger).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, earn, register, type Registered } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';
import { openTestDatabase } from './support/backend.ts';

let service: TestService;
let agent: Registered;

beforeAll(async () => {
  service = await startService({ clockStart: '2026-11-22T12:00:00Z' });
  agent = await register(service.url, { name: 'Op_Target', operator: 'Ops' });
  await register(service.url, { name: 'bystander' });
  expect((await earn(service.url, agent.apiKey, 'promote', 'https://ops.example/1')).status).toBe(200);
});
afterAll(() => service?.stop());

const profile = async () => (await request(service.url, '/api/public/ai/agent/op_target')).body.agent;

describe('npm run admin', () => {
  it('list and show', async () => {
    const list = await admin(service.databasePath, 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/Op_Target\s+Bronze\s+25/);
    expect(list.stdout).toContain('2 agent(s)');
    const show = await admin(service.databasePath, 'show', 'OP_TARGET');
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('promote');
    expect(show.stdout).not.toContain('mcr_live_');
    const missing = await admin(service.databasePath, 'show', 'nobody');
    expect(missing.code).toBe(1);
  });

  it('suspend refuses writes and hides the agent; unsuspend restores both', async () => {
    expect((await admin(service.databasePath, 'suspend', 'op_target')).code).toBe(0);
    const refused = await earn(service.url, agent.apiKey, 'share', 'https://ops.example/2');
    expect([refused.status, refused.body.code]).toEqual([403, 'agent_suspended']);
    const lb = await request(service.url, '/api/public/ai/leaderboard');
    expect(lb.body.entries.map((e: { name: string }) => e.name)).toEqual(['bystander']);
    expect((await profile()).suspended).toBe(true);
    expect((await admin(service.databasePath, 'unsuspend', 'op_target')).code).toBe(0);
    expect((await earn(service.url, agent.apiKey, 'share', 'https://ops.example/2')).status).toBe(200);
    expect((await request(service.url, '/api/public/ai/leaderboard')).body.entries[0].name).toBe('Op_Target');
  });

  it('verify raises the verified reputation component to 100', async () => {
    expect((await profile()).reputation.components.verified).toBe(0);
    expect((await admin(service.databasePath, 'verify', 'op_target')).code).toBe(0);
    const p = await profile();
    expect(p.verified).toBe(true);
    expect(p.reputation.components.verified).toBe(100);
  });

  it('adjust writes a ledger row with the reason; refuses without a reason or below zero', async () => {
    const noReason = await admin(service.databasePath, 'adjust', 'op_target', '80');
    expect(noReason.code).toBe(1);
    const up = await admin(service.databasePath, 'adjust', 'op_target', '80', '--reason', 'Conference talk credit');
    expect(up.code).toBe(0);
    let p = await profile();
    expect(p.points).toBe(25 + 10 + 80);
    expect(p.tier).toBe('Silver');
    expect(p.recentActivity[0]).toMatchObject({ actionType: 'adjustment', points: 80, description: 'Operator adjustment' });
    expect((await admin(service.databasePath, 'show', 'op_target')).stdout).toContain('Conference talk credit');
    const down = await admin(service.databasePath, 'adjust', 'op_target', '-15', '--reason', 'Duplicate share reversed');
    expect(down.code).toBe(0);
    p = await profile();
    expect(p.points).toBe(100);
    expect((await admin(service.databasePath, 'adjust', 'op_target', '-1000', '--reason', 'too much')).code).toBe(1);
    expect((await profile()).points).toBe(100);
  });

  it('check passes, then fails (exit 1) when a total drifts from its ledger', async () => {
    const ok = await admin(service.databasePath, 'check');
    expect([ok.code, ok.stdout.trim()]).toEqual([0, 'ok: all 2 agent totals equal their ledger sums']);
    const db = openTestDatabase(service.storeEnv);
    try {
      await sql`update agents set points = points + 7 where name = 'bystander'`.execute(db);
      // The ledger itself refuses edits.
      await expect(sql`delete from activities`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`update activities set points = 0`.execute(db)).rejects.toThrow(/append-only/);
    } finally {
      await db.destroy();
    }
    const bad = await admin(service.databasePath, 'check');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('bystander: points 7 vs ledger 0');
  });
});
