/**
 * Hundreds of parallel registrations and earns, racing on the same names, urls and
 * Idempotency-Keys: no 5xx, no duplicate award, every total equals its ledger. Then a restart
 * on the same database file keeps everything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, earn, post, register, type Registered } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;
// Our own folder: the harness deletes the folder it created when a service stops.
const dataDir = mkdtempSync(join(tmpdir(), 'canopy-rewards-'));
const databasePath = join(dataDir, 'rewards.sqlite');
const agents: Registered[] = [];

beforeAll(async () => {
  service = await startService({ databasePath, clockStart: '2026-11-22T12:00:00Z' });
  for (let i = 0; i < 10; i++) agents.push(await register(service.url, { name: `seed_${i}` }));
});
afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('concurrency', () => {
  it('>= 200 parallel writes: no 5xx, one award per (agent, url), one agent per name', async () => {
    const jobs: Promise<{ kind: string; key: string; status: number; body: any }>[] = [];
    const tag = (kind: string, key: string, p: Promise<{ status: number; body: any }>) => jobs.push(p.then((r) => ({ kind, key, status: r.status, body: r.body })));
    // 80 registrations: 60 distinct names, 20 racing on 10 names; every third with a referral code.
    for (let i = 0; i < 60; i++) {
      const body = { name: `racer_${i}`, ...(i % 3 === 0 ? { referralCode: agents[i % 10].referralCode } : {}) };
      tag('register', body.name, post(service.url, '/api/public/ai/register', body));
    }
    for (let i = 0; i < 20; i++) tag('register', `twin_${i % 10}`, post(service.url, '/api/public/ai/register', { name: i < 10 ? `twin_${i}` : `TWIN_${i % 10}` }));
    // 150 earns: each agent sends 5 distinct urls 3 times each.
    for (const a of agents) for (let u = 0; u < 5; u++) for (let r = 0; r < 3; r++) tag('earn', `${a.name}|${u}`, earn(service.url, a.apiKey, 'share', `https://race.example/${a.name}/${u}`));
    // 30 retries racing on one Idempotency-Key per agent (3 each).
    for (const a of agents) for (let r = 0; r < 3; r++) tag('idem', a.name, earn(service.url, a.apiKey, 'api_use', undefined, { 'idempotency-key': `once-${a.name}` }));
    const results = await Promise.all(jobs);
    expect(results.length).toBeGreaterThanOrEqual(200);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);

    const groups = new Map<string, number[]>();
    for (const r of results) groups.set(`${r.kind}:${r.key.toLowerCase()}`, [...(groups.get(`${r.kind}:${r.key.toLowerCase()}`) ?? []), r.status]);
    for (const [key, statuses] of groups) {
      if (key.startsWith('register:racer')) expect(statuses, key).toEqual([201]);
      if (key.startsWith('register:twin')) expect(statuses.sort(), key).toEqual([201, 409]);
      if (key.startsWith('earn:')) expect(statuses.sort(), key).toEqual([200, 409, 409]);
      if (key.startsWith('idem:')) expect(statuses, key).toEqual([200, 200, 200]);
    }
    // Idempotent retries all describe the same single activity.
    for (const a of agents) {
      const ids = new Set(results.filter((r) => r.kind === 'idem' && r.key === a.name).map((r) => r.body.activity.id));
      expect(ids.size).toBe(1);
    }

    // Totals: 5 shares (50) + 1 api_use (5) each, plus 50 per referral (20 referrals over 10 seeds).
    const lb = await request(service.url, '/api/public/ai/leaderboard?limit=100');
    expect(lb.body.total).toBe(10 + 60 + 10);
    for (const a of agents) {
      const entry = lb.body.entries.find((e: { name: string }) => e.name === a.name);
      expect(entry.points, a.name).toBe(55 + 50 * 2);
    }
    const check = await admin(databasePath, 'check');
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });
});

describe('restart', () => {
  it('a restart on the same DATABASE_PATH keeps agents, points, keys and the ledger', async () => {
    const before = await request(service.url, '/api/public/ai/leaderboard?limit=100');
    const profile = await request(service.url, '/api/public/ai/agent/seed_3');
    await service.stop();
    service = await startService({ databasePath, clockStart: '2026-11-22T13:00:00Z' });
    const after = await request(service.url, '/api/public/ai/leaderboard?limit=100');
    expect(after.body.entries.map((e: any) => [e.name, e.points, e.promoPoints])).toEqual(before.body.entries.map((e: any) => [e.name, e.points, e.promoPoints]));
    const again = await request(service.url, '/api/public/ai/agent/seed_3');
    expect(again.body.agent.recentActivity).toEqual(profile.body.agent.recentActivity);
    // Keys survive, and so does dedupe state.
    expect((await earn(service.url, agents[3].apiKey, 'share', 'https://race.example/seed_3/0')).status).toBe(409);
    expect((await earn(service.url, agents[3].apiKey, 'share', 'https://race.example/after-restart')).status).toBe(200);
    expect((await request(service.url, '/healthz')).body.checks.database).toBe('ok');
  });
});
