/**
 * A modest load test over loopback: many clients at once, reads and writes mixed, each client
 * sending several requests in parallel. Bounded in count (CLIENTS × (READS + WRITES) requests)
 * and time. The server runs with limits on at RATE_LIMIT_SCALE 0.1 (per identity: burst 6 reads
 * per 12 s, 30 reads/min, 6 writes/min, 1 request in flight) and TRUST_PROXY, so each client is
 * its own identity through X-Forwarded-For; a quarter of the clients are agents that send their
 * apiKey (and earn points with their writes). What must hold: no 5xx, every refusal is a proper
 * 429, no identity is served more than its published limits allow, and every agent's points are
 * exactly its served earns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawClient, type RawResponse } from './support/raw-http.ts';
import { admin, post, type Registered } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

const CLIENTS = 40;
const READS = 14;
const WRITES = 9;
/** Requests each client keeps in flight at once (above its cap of 1, so the cap is exercised). */
const PARALLEL = 3;
const AGENT_CLIENTS = 10;

let service: TestService;
let http: ReturnType<typeof rawClient>;
const agents: Registered[] = [];

beforeAll(async () => {
  service = await startService({ env: { RATE_LIMITS: 'on', RATE_LIMIT_SCALE: '0.1', TRUST_PROXY: '1' } });
  http = rawClient(service.url, 128);
  for (let n = 0; n < AGENT_CLIENTS; n++) {
    // Each from its own address: registrations count against the client IP's writes.
    const res = await post(service.url, '/api/public/ai/register', { name: `load_agent_${n}` }, undefined, { 'X-Forwarded-For': `192.0.3.${n + 1}` });
    expect(res.status, res.text).toBe(201);
    agents.push({ name: res.body.agent.name, apiKey: res.body.apiKey, referralCode: res.body.referralCode });
  }
});
afterAll(async () => {
  http?.close();
  await service?.stop();
});

const READ_PATHS = ['/api/public/videos', '/api/public/stats', '/api/public/videos?limit=3', '/', '/api/public/knowledge?topic=terpenes', '/api/public/rate-limits', '/no-such-page'];

interface Outcome {
  kind: 'read' | 'write';
  res: RawResponse;
}

async function runClient(n: number): Promise<Outcome[]> {
  const ip = `192.0.2.${n + 1}`;
  const agent = agents[n];
  const auth: Record<string, string> = agent ? { Authorization: `Bearer ${agent.apiKey}` } : {};
  const reads: (() => Promise<Outcome>)[] = [];
  const writes: (() => Promise<Outcome>)[] = [];
  for (let i = 0; i < READS; i++) {
    reads.push(async () => ({ kind: 'read', res: await http.send(i % 5 === 4 ? 'HEAD' : 'GET', READ_PATHS[(n + i) % READ_PATHS.length], { 'X-Forwarded-For': ip, ...auth }) }));
  }
  for (let i = 0; i < WRITES; i++) {
    const write = agent
      ? http.send.bind(
          null,
          'POST',
          '/api/public/ai/earn',
          { 'X-Forwarded-For': ip, 'Content-Type': 'application/json', ...auth },
          JSON.stringify({ actionType: 'api_use', url: `https://load.example/${n}/${i}` }),
        )
      : http.send.bind(null, 'POST', '/api/public/no-such-endpoint', { 'X-Forwarded-For': ip, 'Content-Type': 'application/json' }, JSON.stringify({ n, i }));
    writes.push(async () => ({ kind: 'write', res: await write() }));
  }
  // Reads and writes interleaved, then PARALLEL at a time.
  const jobs = reads.flatMap((read, i) => (writes[i] ? [read, writes[i]] : [read]));
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < jobs.length) outcomes.push(await jobs[next++]());
    }),
  );
  return outcomes;
}

describe('load', () => {
  it('many clients at once: no 5xx, proper 429s, and no identity served beyond its limits', async () => {
    const started = Date.now();
    const perClient = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => runClient(n)));
    const elapsedSeconds = (Date.now() - started) / 1000;
    const all = perClient.flat();
    expect(all).toHaveLength(CLIENTS * (READS + WRITES));
    expect(all.filter((o) => o.res.status >= 500).map((o) => o.res.text.slice(0, 200))).toEqual([]);

    const knownPolicies = ['reads-min', 'reads-hour', 'reads-day', 'reads-burst', 'writes-min', 'concurrency'];
    for (const { res } of all) {
      expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expect(res.headers['ratelimit-policy']).toBeTruthy();
      if (res.status !== 429) continue;
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      if (res.text) {
        const body = JSON.parse(res.text);
        expect(body.code).toBe('rate_limited');
        expect(body.violatedPolicies.length).toBeGreaterThan(0);
        for (const p of body.violatedPolicies) expect(knownPolicies).toContain(p);
      }
    }

    // A burst window may have restarted if the run took longer than 12 s.
    const burstWindows = 1 + Math.floor(elapsedSeconds / 12);
    let refused = 0;
    const servedInAll = { read: 0, write: 0 };
    for (const outcomes of perClient) {
      const served = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind && o.res.status !== 429).length;
      // Upper bounds per identity; with one request in flight allowed and three sent at once, a
      // single client may see all of one kind refused for concurrency, so lower bounds are global.
      expect(served('read')).toBeLessThanOrEqual(Math.min(30, 6 * burstWindows));
      expect(served('write')).toBeLessThanOrEqual(6);
      servedInAll.read += served('read');
      servedInAll.write += served('write');
      refused += outcomes.filter((o) => o.res.status === 429).length;
    }
    expect(servedInAll.read).toBeGreaterThan(CLIENTS);
    expect(servedInAll.write).toBeGreaterThan(CLIENTS / 2);
    // Each client asked for more than its limits allow, so refusals must have happened.
    expect(refused).toBeGreaterThanOrEqual(CLIENTS * (READS - 6 + WRITES - 6));
    expect(elapsedSeconds).toBeLessThan(30);

    // Agents: every served earn was awarded once, and nothing else.
    for (let n = 0; n < AGENT_CLIENTS; n++) {
      const earned = perClient[n].filter((o) => o.kind === 'write' && o.res.status === 200).length;
      expect(earned).toBe(perClient[n].filter((o) => o.kind === 'write' && o.res.status !== 429).length);
      const profile = await request(service.url, `/api/public/ai/agent/${agents[n].name}`, { headers: { 'X-Forwarded-For': `192.0.4.${n + 1}` } });
      expect(profile.body.agent.points).toBe(5 * earned);
    }
    const check = await admin(service.databasePath, 'check');
    expect(check.code, check.stdout + check.stderr).toBe(0);

    // The service is still healthy and serves a fresh identity normally.
    const after = await request(service.url, '/api/public/videos', { headers: { 'X-Forwarded-For': '192.0.2.250' } });
    expect(after.status).toBe(200);
    expect(after.headers.get('x-ratelimit-remaining')).toBe('29'); // a fresh identity: 30 reads-min at this scale, one used
  }, 60_000);
});
