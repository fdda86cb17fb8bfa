/**
 * REDIS_URL: two instances on one database count one agent's rate limits together, and when
 * Redis goes away each keeps serving with its own counts, says so in /healthz, and shares again
 * once Redis is back. Each instance pair uses its own key prefix in the test Redis; the outage
 * runs on a redis-server of its own (the machine's Redis is never stopped).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { register } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';
import { freePort } from '../scripts/lib/free-port.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const dir = mkdtempSync(join(tmpdir(), 'canopy-shared-'));
const started: TestService[] = [];
let ownRedis: ChildProcess | undefined;

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(true)); // the port is taken: Redis listens
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

/** Two instances on one database and one Redis prefix, writes limited to a few a minute. */
async function pair(name: string, url: string): Promise<[TestService, TestService]> {
  const env = { RATE_LIMITS: 'on', RATE_LIMIT_SCALE: '0.1', REDIS_URL: url, REDIS_PREFIX: `test:${process.pid}:${name}:` };
  const databasePath = join(dir, `${name}.sqlite`);
  const a = await startService({ databasePath, env });
  const b = await startService({ databasePath, env });
  started.push(a, b);
  return [a, b];
}

/** Sends one agent's writes (messages) to `targets` in turn until one is refused; returns how many were admitted. */
async function admittedUntilRefused(targets: TestService[], apiKey: string): Promise<{ admitted: number; refusal: { status: number; retryAfter: string | null } }> {
  for (let i = 0; i < 100; i++) {
    const res = await request(targets[i % targets.length].url, '/api/public/ai/message', { method: 'POST', json: { message: `note ${i}` }, headers: { authorization: `Bearer ${apiKey}` } });
    if (res.status === 429) return { admitted: i, refusal: { status: res.status, retryAfter: res.headers.get('retry-after') } };
    expect(res.status).toBe(201);
  }
  throw new Error('never refused');
}

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  ownRedis?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  it('holds one agent to the published write limit in total, whichever instance answers', async () => {
    const [a, b] = await pair('shared', redisUrl!);
    const agent = await register(a.url, { name: 'Shared_Limits' });
    const first = await request(b.url, '/api/public/ai/message', { method: 'POST', json: { message: 'hello' }, headers: { authorization: `Bearer ${agent.apiKey}` } });
    const limit = Number(first.headers.get('x-ratelimit-limit'));
    expect(limit).toBeGreaterThan(1);
    const { admitted, refusal } = await admittedUntilRefused([a, b], agent.apiKey);
    // Per instance the agent would get `limit` each; shared, both together admit it once.
    expect(admitted + 1).toBe(limit);
    expect(refusal.status).toBe(429);
    expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
    expect((await request(a.url, '/healthz')).body.checks.redis).toBe('ok');
  });

  it('keeps serving with per-instance counts while Redis is down, says so, and shares again when it is back', async () => {
    const port = await freePort();
    ownRedis = await startRedis(port);
    const [a, b] = await pair('outage', `redis://127.0.0.1:${port}`);
    expect((await request(a.url, '/healthz')).body.checks.redis).toBe('ok');

    ownRedis.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    const health = await request(a.url, '/healthz');
    expect(health.status).toBe(200); // still serving: not unhealthy
    expect(health.body.checks.redis).toMatch(/^unreachable/);
    const agent = await register(a.url, { name: 'Outage_Limits' });
    // Each instance counts alone: the agent gets its limit on A, and again on B.
    const onA = await admittedUntilRefused([a], agent.apiKey);
    const onB = await admittedUntilRefused([b], agent.apiKey);
    expect(onA.admitted).toBeGreaterThan(1);
    expect(onB.admitted).toBe(onA.admitted);
    await a.logFlushed();
    expect(a.output.join('\n')).toContain('redis unreachable');

    ownRedis = await startRedis(port);
    for (let i = 0; i < 50 && (await request(a.url, '/healthz')).body.checks.redis !== 'ok'; i++) await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 50 && (await request(b.url, '/healthz')).body.checks.redis !== 'ok'; i++) await new Promise((r) => setTimeout(r, 200));
    expect((await request(a.url, '/healthz')).body.checks.redis).toBe('ok');
    const next = await register(b.url, { name: 'After_Outage' });
    const shared = await admittedUntilRefused([a, b], next.apiKey);
    expect(shared.admitted).toBe(onA.admitted);
    await a.logFlushed();
    expect(a.output.join('\n')).toContain('redis is back');
  });
});
