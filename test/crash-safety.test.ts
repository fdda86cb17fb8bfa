/**
 * Crash safety: a write load (earn) runs against the server, the server is killed with SIGKILL in
 * the middle of it (no shutdown code runs), and a new server starts on the same DATABASE_PATH.
 * Every write that was acknowledged with a 2xx must be there, every agent's total must equal its
 * ledger, and the restarted server must take writes again. SQLite runs in WAL mode with
 * synchronous=FULL (src/store/database.ts): a transaction is durable once COMMIT returns, which
 * happens before the response is written. docs/limits-and-hardening.md explains the guarantee.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, earn, register, type Registered } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

const AGENTS = 24;
const WORKERS = 12;
/** Acknowledged writes to wait for before the kill: the load is then well under way. */
const KILL_AFTER_ACKS = 120;
const ACTIONS = ['share', 'mention', 'promote', 'api_use', 'content_submit'] as const;

const dataDir = mkdtempSync(join(tmpdir(), 'canopy-crash-'));
const databasePath = join(dataDir, 'crash.sqlite');
let service: TestService | undefined;

afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Ack {
  agent: string;
  activityId: number;
  points: number;
}

describe('crash safety', () => {
  it('a SIGKILL mid-load loses no acknowledged write and leaves every total equal to its ledger', async () => {
    service = await startService({ databasePath, clockStart: '2026-11-22T12:00:00Z' });
    const agents: Registered[] = [];
    for (let i = 0; i < AGENTS; i++) agents.push(await register(service.url, { name: `crash_${i}` }));

    const acks: Ack[] = [];
    let failures = 0;
    let killed = false;
    let seq = 0;
    const killedService = service;
    const worker = async (w: number) => {
      while (!killed || failures === 0) {
        const n = seq++;
        const agent = agents[(n + w) % AGENTS];
        const action = ACTIONS[n % ACTIONS.length];
        try {
          const res = await earn(killedService.url, agent.apiKey, action, `https://crash.example/${n}`);
          if (res.status === 200) acks.push({ agent: agent.name, activityId: res.body.activity.id, points: res.body.activity.points });
          else expect([409], `${res.status} ${res.text}`).toContain(res.status);
        } catch {
          // The server is gone: every request from here on fails.
          failures++;
          return;
        }
        if (!killed && acks.length >= KILL_AFTER_ACKS) {
          killed = true;
          await killedService.stop('SIGKILL');
        }
        if (n > 5000) return;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    expect(killed).toBe(true);
    expect(killedService.process.signalCode).toBe('SIGKILL');
    expect(failures).toBeGreaterThan(0);
    expect(acks.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    service = await startService({ databasePath, clockStart: '2026-11-22T12:05:00Z' });
    for (const agent of agents) {
      const mine = acks.filter((a) => a.agent === agent.name);
      const { agent: profile } = (await request(service.url, `/api/public/ai/agent/${agent.name}`)).body;
      const ledger: { id: number; points: number }[] = profile.recentActivity;
      // Fewer than the 20 a profile shows: the list is the agent's whole ledger.
      expect(ledger.length, `${agent.name}: too many writes to see them all`).toBeLessThan(20);
      const ids = new Set(ledger.map((a) => a.id));
      for (const a of mine) expect(ids.has(a.activityId), `${agent.name} lost acknowledged activity #${a.activityId}`).toBe(true);
      // Writes that committed but whose response the kill cut off may be there too; the total
      // is the ledger's sum either way.
      expect(profile.points).toBe(ledger.reduce((sum, a) => sum + a.points, 0));
    }

    const after = await earn(service.url, agents[0].apiKey, 'api_use');
    expect(after.status).toBe(200);
    const check = await admin(databasePath, 'check');
    expect(check.code, check.stdout + check.stderr).toBe(0);
  }, 120_000);
});
