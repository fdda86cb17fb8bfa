/**
 * `npm run cluster` on PostgreSQL and Redis: two instances behind nginx, started as an operator
 * does (`npm run cluster:serve`, the cluster of the current build), with CLUSTER_BASE_PORT. The
 * instances listen on base + i; concurrent earns of many agents land exactly once each; one
 * agent's writes are limited at the published 60 a minute in all; an Idempotency-Key replays on
 * the other instance; a write on one instance shows on the next read through the other; an
 * instance killed mid-load loses no acknowledged write while the other serves; the database
 * cutting every connection mid-load gives 503s, never 500s, and the service recovers by itself;
 * SIGTERM to npm stops nginx and every instance. Runs in the PostgreSQL half of the suite (needs
 * TEST_DATABASE_URL and TEST_REDIS_URL).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, dropStore, openTestDatabase, storeEnv } from './support/backend.ts';
import { admin, earn, register, type Registered } from './support/rewards.ts';
import { OpenApiCheck } from './support/openapi-check.ts';
import { request } from './support/service.ts';
import { freePort, freePortRange } from '../scripts/lib/free-port.ts';
import { descendants, stillRunning, type ProcessEntry } from './support/process-tree.ts';

const run = backend === 'postgres' && Boolean(process.env.TEST_REDIS_URL);
const dir = mkdtempSync(join(tmpdir(), 'canopy-cluster-'));
const databasePath = join(dir, 'cluster.sqlite');
let cluster: ChildProcess | undefined;
let clusterExit: Promise<number | null> | undefined;
let basePort = 0;
let base = '';
let instances: Array<{ port: number; pid: number }> = [];
let env: Record<string, string> = {};
const output: string[] = [];

/** The ledger rows of each agent, by name, and whether every total equals its ledger. */
async function ledger(): Promise<Map<string, number>> {
  const db = openTestDatabase(env);
  try {
    const rows = await sql<{ name: string; n: number }>`select a.name, count(x.id) as n from agents a left join activities x on x.agent_id = a.id and x.type = 'share' group by a.name`.execute(db);
    return new Map(rows.rows.map((r) => [r.name, Number(r.n)]));
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  if (!run) return;
  env = await storeEnv(databasePath);
  const port = await freePort();
  basePort = await freePortRange(2);
  cluster = spawn('npm', ['run', 'cluster:serve'], {
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      CLUSTER_SIZE: '2',
      CLUSTER_BASE_PORT: String(basePort),
      REDIS_URL: process.env.TEST_REDIS_URL,
      REDIS_PREFIX: `test:cluster:${process.pid}:`,
      RATE_LIMITS: 'on',
      // 30 agents register from 127.0.0.1 (test/registration-limit.test.ts tests that limit).
      REGISTRATIONS_PER_ADDRESS_PER_DAY: '0',
      CLAIM_VERIFIER: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  clusterExit = new Promise((resolve) => cluster!.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cluster did not start:\n${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const line = output
        .join('')
        .split('\n')
        .find((l) => l.startsWith('{"cluster"'));
      if (line) {
        clearTimeout(timer);
        const ready = JSON.parse(line) as { cluster: string; instances: typeof instances };
        base = ready.cluster;
        instances = ready.instances;
        resolve();
      }
    };
    cluster!.stdout!.on('data', onData);
    cluster!.stderr!.on('data', onData);
    cluster!.once('exit', (code) => reject(new Error(`cluster exited with ${code}:\n${output.join('')}`)));
  });
}, 90_000);

afterAll(async () => {
  // Only if a test failed before the last one stopped it.
  if (cluster && cluster.exitCode === null) {
    const left = descendants(cluster.pid!);
    cluster.kill('SIGTERM');
    await clusterExit;
    for (const p of left.filter(stillRunning)) process.kill(p.pid, 'SIGKILL');
  }
  if (run) await dropStore(databasePath);
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(run)('npm run cluster: two instances, nginx, PostgreSQL and Redis', () => {
  const agents: Registered[] = [];

  it('puts instance i on CLUSTER_BASE_PORT + i', async () => {
    expect(instances.map((i) => i.port)).toEqual([basePort, basePort + 1]);
    for (const { port } of instances) expect((await request(`http://127.0.0.1:${port}`, '/healthz')).status).toBe(200);
  });

  it('takes 300 concurrent earns of 30 agents over both instances: each acknowledged award once, every total its ledger', async () => {
    for (let i = 0; i < 30; i++) agents.push(await register(base, { name: `Cluster_${i}` }));
    const sent = agents.flatMap((agent, a) => Array.from({ length: 10 }, (_, k) => ({ agent, url: `https://blog.example.org/cluster/${a}/${k}` })));
    const results = await Promise.all(sent.map(async ({ agent, url }) => ({ agent: agent.name, status: (await earn(base, agent.apiKey, 'share', url)).status })));
    // 429 is the per-instance concurrency cap (Bronze: 4 in flight); nothing else may come back.
    expect(results.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    const acked = new Map<string, number>();
    for (const r of results) if (r.status === 200) acked.set(r.agent, (acked.get(r.agent) ?? 0) + 1);
    expect([...acked.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(150);
    const rows = await ledger();
    for (const agent of agents) expect(rows.get(agent.name)).toBe(acked.get(agent.name) ?? 0);
    const check = await admin(databasePath, 'check');
    expect(check.stdout).toContain('ok: all 30 agent totals equal their ledger sums');
  });

  it('limits one agent to 60 writes a minute in all, whichever instance answers', async () => {
    const agent = await register(base, { name: 'Cluster_Limited' });
    let admitted = 0;
    let refused: Awaited<ReturnType<typeof request>> | undefined;
    for (let i = 0; i < 80 && !refused; i++) {
      const target = `http://127.0.0.1:${instances[i % 2].port}`;
      const res = await request(target, '/api/public/ai/message', { method: 'POST', json: { message: `limit ${i}` }, headers: { authorization: `Bearer ${agent.apiKey}` } });
      if (res.status === 429) refused = res;
      else if (res.status === 201) admitted += 1;
      else throw new Error(`unexpected ${res.status}: ${res.text}`);
    }
    expect(admitted).toBe(60);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('replays an Idempotency-Key on the other instance, and shows a write on one instance on the next read through the other', async () => {
    const [a, b] = instances.map((i) => `http://127.0.0.1:${i.port}`);
    const agent = agents[0];
    const first = await earn(a, agent.apiKey, 'mention', 'https://blog.example.org/cluster/idem', { 'idempotency-key': 'cluster-key-1' });
    expect(first.status).toBe(200);
    const replay = await earn(b, agent.apiKey, 'mention', 'https://blog.example.org/cluster/idem', { 'idempotency-key': 'cluster-key-1' });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.activity.id).toBe(first.body.activity.id);

    const before = (await request(b, `/api/public/ai/agent/${agent.name}`)).body.agent.points; // now cached on B
    expect((await request(b, `/api/public/ai/agent/${agent.name}`)).headers.get('x-cache')).toMatch(/hit/i);
    const wrote = await earn(a, agent.apiKey, 'promote', 'https://blog.example.org/cluster/seen');
    expect(wrote.status).toBe(200);
    let seen = 0;
    for (let i = 0; i < 20 && seen !== wrote.body.agent.points; i++) {
      seen = (await request(b, `/api/public/ai/agent/${agent.name}`)).body.agent.points;
      if (seen !== wrote.body.agent.points) await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen).toBe(wrote.body.agent.points);
    expect(seen).toBeGreaterThan(before);
  });

  it('loses no acknowledged write when an instance is killed mid-load, and the other keeps serving', async () => {
    const victim = instances[0].pid;
    const sent = agents.slice(0, 20).flatMap((agent, a) => Array.from({ length: 5 }, (_, k) => ({ agent, url: `https://blog.example.org/kill/${a}/${k}` })));
    const before = await ledger();
    const load = Promise.all(
      sent.map(async ({ agent, url }, i) => {
        await new Promise((r) => setTimeout(r, i * 3));
        return { agent: agent.name, status: (await earn(base, agent.apiKey, 'share', url)).status };
      }),
    );
    await new Promise((r) => setTimeout(r, 100));
    process.kill(victim, 'SIGKILL');
    const results = await load;
    // No 500: an answer, a refusal, or the edge saying the instance went away mid-request (502).
    expect(results.filter((r) => r.status >= 500 && r.status !== 502)).toEqual([]);
    const after = await ledger();
    const acked = new Map<string, number>();
    for (const r of results) if (r.status === 200) acked.set(r.agent, (acked.get(r.agent) ?? 0) + 1);
    for (const agent of agents.slice(0, 20)) {
      const added = (after.get(agent.name) ?? 0) - (before.get(agent.name) ?? 0);
      // Every acknowledged award is in the ledger; a 502'd one may or may not have committed.
      expect(added).toBeGreaterThanOrEqual(acked.get(agent.name) ?? 0);
    }
    expect((await request(base, '/api/public/ai/leaderboard')).status).toBe(200);
    expect((await admin(databasePath, 'check')).code).toBe(0);
  });

  it('answers 503 with Retry-After, never 500, while the database drops every connection, and recovers by itself', async () => {
    const db = openTestDatabase(env);
    const name = new URL(env.DATABASE_URL).pathname.slice(1);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    // Every answer an instance gives is one the OpenAPI document describes (nginx's own 502 aside).
    const oas = await OpenApiCheck.load(base);
    const undocumented: string[] = [];
    try {
      const load = (async () => {
        for (let i = 0; i < 60; i++) {
          const res = await earn(base, agents[i % agents.length].apiKey, 'api_use');
          statuses.push(res.status);
          if (res.status === 503) {
            retryAfter = res.headers.get('retry-after');
            expect(res.body.code).toBe('service_unavailable');
          }
          if (res.status !== 502) undocumented.push(...oas.check('POST', '/api/public/ai/earn', res));
        }
      })();
      for (let k = 0; k < 5; k++) {
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`.execute(db);
        await new Promise((r) => setTimeout(r, 30));
      }
      await load;
    } finally {
      await db.destroy();
    }
    expect(statuses.filter((s) => s === 500)).toEqual([]);
    expect(undocumented).toEqual([]);
    expect(statuses.every((s) => [200, 409, 429, 502, 503].includes(s))).toBe(true);
    if (statuses.includes(503)) expect(retryAfter).toMatch(/^\d+$/);
    // Recovered: a read succeeds again. Allowed up to 15 s: an instance killed by the test before
    // this one may still be restarting, and nginx rests an upstream for 2 s after a failed connection.
    let ok = 0;
    for (let i = 0; i < 150 && ok !== 200; i++) {
      ok = (await request(base, '/api/public/ai/leaderboard?limit=5')).status;
      if (ok !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ok, `the cluster's last output:\n${output.join('').slice(-3000)}`).toBe(200);
    expect((await admin(databasePath, 'check')).code).toBe(0);
  });
  it('stops nginx and every instance, and leaves no process behind, when npm gets SIGTERM', async () => {
    const tree: ProcessEntry[] = descendants(cluster!.pid!);
    try {
      expect(tree.filter((p) => p.command.startsWith('nginx: master'))).toHaveLength(1);
      // The instances now running (one was restarted by the test above), each on its port.
      expect(tree.filter((p) => p.command.endsWith('dist/server/main.mjs'))).toHaveLength(2);
      cluster!.kill('SIGTERM');
      expect(await clusterExit, output.join('').slice(-2000)).toBe(0);
      await expect.poll(() => tree.filter(stillRunning), { timeout: 15_000 }).toEqual([]);
      await expect(fetch(base)).rejects.toThrow();
    } finally {
      // Whatever a failure left running, so it does not outlive the test.
      for (const p of tree.filter(stillRunning)) process.kill(p.pid, 'SIGKILL');
    }
  });
});

/**
 * The port range is checked before anything starts, so these need neither PostgreSQL nor Redis
 * (their URLs are never used): they run once, in the SQLite half.
 */
describe.runIf(backend === 'sqlite')('npm run cluster: a CLUSTER_BASE_PORT it cannot use', () => {
  const runCluster = (extra: Record<string, string>) =>
    promisify(execFile)('npm', ['run', 'cluster:serve'], {
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1', CLUSTER_SIZE: '3', ...extra },
      timeout: 30_000,
    }).catch((error: { code: number; stderr: string }) => error);

  it('refuses a range that does not fit below 65536', async () => {
    const answer = await runCluster({ CLUSTER_BASE_PORT: '65534' });
    expect(answer).toMatchObject({ code: 1, stderr: expect.stringContaining('CLUSTER_BASE_PORT must be a port from 1 to 65533, so that its 3 instances fit below 65536 (got "65534")') });
  });

  it('refuses a range with a port in use, naming it, and starts nothing', async () => {
    const base = await freePortRange(3);
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(base + 2, '127.0.0.1', resolve));
    try {
      const answer = await runCluster({ CLUSTER_BASE_PORT: String(base), PORT: String(await freePort()) });
      expect(answer).toMatchObject({ code: 1, stderr: expect.stringContaining(`port ${base + 2} on 127.0.0.1 is in use (CLUSTER_BASE_PORT=${base}, CLUSTER_SIZE=3)`) });
      expect(
        await Promise.all(
          [base, base + 1].map((port) =>
            fetch(`http://127.0.0.1:${port}/healthz`).then(
              () => 'answered',
              () => 'closed',
            ),
          ),
        ),
      ).toEqual(['closed', 'closed']);
    } finally {
      holder.close();
    }
  });
});
