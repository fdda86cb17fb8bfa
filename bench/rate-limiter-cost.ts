/**
 * What the rate limiter costs per request: the built server is started twice, once with
 * RATE_LIMITS=off and once with the limiter on but RATE_LIMIT_SCALE so large that nothing is ever
 * refused, and autocannon drives the same paths against each. A saturated single-threaded server's
 * throughput is the inverse of its CPU time per request, so 1/rps(on) - 1/rps(off) is the limiter's
 * cost per request. On a busy machine that difference drowns in noise, so the script also times
 * the limiter's `admit` in-process (no HTTP), which is the number to compare between changes.
 *
 *   npm run build && npx tsx bench/rate-limiter-cost.ts
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_ROUNDS=2 npx tsx bench/rate-limiter-cost.ts
 *
 * Loopback only. Prints a Markdown table and, with --json, one JSON line per measurement.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { RateLimiter } from '../src/server/rate-limiter.ts';
import { freePort } from './lib/processes.ts';
import { serveArgs } from '../scripts/lib/serve-command.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PATHS = [
  { name: 'pre-rendered file', path: '/api/public/videos' },
  { name: 'on-demand (Astro)', path: '/api/public/stats' },
];
const MODES = [
  { name: 'off', env: { RATE_LIMITS: 'off' } },
  { name: 'on', env: { RATE_LIMITS: 'on', RATE_LIMIT_SCALE: '1000000' } },
] as const;

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-'));
  const child = spawn(process.execPath, serveArgs(), {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_PATH: join(dataDir, 'bench.sqlite'), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('server did not start within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Measurement {
  mode: string;
  path: string;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string, path: string): Promise<Omit<Measurement, 'mode' | 'path' | 'round'>> {
  const result = await autocannon({ url: url + path, connections: CONNECTIONS, duration: SECONDS });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** µs per `admit` + `release`, in-process, over `keys` identities in steady state. */
async function admitCost(keys: number, calls = 200_000): Promise<number> {
  const limiter = new RateLimiter({ policy: { scale: 1e6, enabled: true } });
  const res = { setHeader() {} } as never;
  const ctx = (i: number) => ({ requestId: 'bench', ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, rateClass: 'read' as const, apiKey: undefined });
  for (let i = 0; i < keys; i++) (await limiter.admit({} as never, res, ctx(i))).release?.();
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) (await limiter.admit({} as never, res, ctx(i % keys))).release?.();
  return Number(process.hrtime.bigint() - started) / 1e3 / calls;
}

const inProcess = [];
for (const keys of [1, 1000, 50_000]) inProcess.push({ keys, micros: await admitCost(keys) });

const results: Measurement[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const mode of MODES) {
    const server = await startServer(mode.env);
    try {
      // Warm up the JIT and the in-memory files before measuring.
      for (const { path } of PATHS) await autocannon({ url: server.url + path, connections: 10, amount: 2000 });
      for (const { path } of PATHS) results.push({ mode: mode.name, path, round, ...(await measure(server.url, path)) });
    } finally {
      await server.stop();
    }
  }
}

if (process.argv.includes('--json')) for (const r of results) console.log(JSON.stringify(r));

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`\n${SECONDS} s per run, ${CONNECTIONS} connections, ${ROUNDS} round(s), Node ${process.version}\n`);
console.log('| path | limiter | req/s | p50 ms | p99 ms | non-2xx |');
console.log('|---|---|---:|---:|---:|---:|');
for (const { name, path } of PATHS) {
  for (const mode of MODES) {
    const rs = results.filter((r) => r.path === path && r.mode === mode.name);
    console.log(
      `| ${name} \`${path}\` | ${mode.name} | ${Math.round(mean(rs.map((r) => r.rps)))} | ${mean(rs.map((r) => r.p50)).toFixed(1)} | ${mean(rs.map((r) => r.p99)).toFixed(1)} | ${rs.reduce((a, r) => a + r.non2xx + r.errors, 0)} |`,
    );
  }
}
console.log('\n| identities | admit + release, in-process (µs per request) |');
console.log('|---:|---:|');
for (const r of inProcess) console.log(`| ${r.keys} | ${r.micros.toFixed(2)} |`);
console.log('\n| path | limiter cost per request (µs, from throughput) |');
console.log('|---|---:|');
for (const { name, path } of PATHS) {
  const rps = (mode: string) => mean(results.filter((r) => r.path === path && r.mode === mode).map((r) => r.rps));
  console.log(`| ${name} | ${(1e6 / rps('on') - 1e6 / rps('off')).toFixed(1)} |`);
}
