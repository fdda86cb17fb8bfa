/**
 * `npm run cluster`: several instances of the service behind one address. CLUSTER_SIZE instances
 * (default 2) of the built server, each on a loopback port of its own, all on the same PostgreSQL
 * (DATABASE_URL) and Redis (REDIS_URL), behind Debian's nginx listening on HOST:PORT as `npm start`
 * does. nginx is the edge of `npm run edge`: it serves the pre-rendered files itself and spreads
 * every other request over the instances, passing the client's address (the instances run with
 * TRUST_PROXY=1). An instance that dies is started again; SIGTERM or Ctrl-C stops everything.
 *
 * It prints one JSON line when it is ready: {"cluster": url, "instances": [{"port", "pid"}]}.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { startEdge } from './lib/edge/run-edge.ts';
import { nginxAvailable } from './lib/nginx.ts';
import { serveArgs } from './lib/serve-command.ts';
import { freePort } from './lib/free-port.ts';

const config = loadConfig();
const size = Number(process.env.CLUSTER_SIZE || 2);
if (!Number.isInteger(size) || size < 1 || size > 64) fail(`CLUSTER_SIZE must be a whole number from 1 to 64 (got "${process.env.CLUSTER_SIZE}")`);
if (!config.databaseUrl) fail('npm run cluster needs DATABASE_URL (PostgreSQL): instances on several machines cannot share a SQLite file. See README, "Scaling out".');
if (!config.redisUrl) fail('npm run cluster needs REDIS_URL: without it each instance would count rate limits alone. See README, "Scaling out".');
if (!nginxAvailable()) fail('nginx is not installed: apt-get install nginx');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

interface Instance {
  port: number;
  child: ChildProcess;
}

let stopping = false;

/** Resolves once the instance answers /healthz (whatever LOG_LEVEL says). */
async function ready(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance on port ${port} exited with ${child.signalCode ?? child.exitCode} before it was ready`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance on port ${port} did not answer within 60 s`);
}

/** Starts one instance and resolves once it answers; it is started again whenever it dies. */
async function startInstance(port: number, slot: Instance[], index: number): Promise<void> {
  const child = spawn(process.execPath, serveArgs(), { env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), TRUST_PROXY: '1' }, stdio: ['ignore', 'inherit', 'inherit'] });
  slot[index] = { port, child };
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(JSON.stringify({ msg: 'instance exited; starting it again', port, code, signal }));
    setTimeout(() => void startInstance(port, slot, index).catch((error) => console.error(String(error))), 1_000);
  });
  await ready(port, child);
}

const instances: Instance[] = [];
const ports = await Promise.all(Array.from({ length: size }, () => freePort()));
// One at a time for the first, so it alone applies any migration; the rest then start together.
await startInstance(ports[0], instances, 0);
await Promise.all(ports.slice(1).map((port, i) => startInstance(port, instances, i + 1)));

const host = config.host;
const edge = await startEdge({
  distDir: config.distDir,
  host,
  port: config.port,
  originUrl: `http://127.0.0.1:${ports[0]}`,
  originUrls: ports.map((port) => `http://127.0.0.1:${port}`),
  runDir: join(tmpdir(), `canopy-cove-cluster-${config.port}`),
  workers: 'auto',
  stdio: 'inherit',
});
console.log(JSON.stringify({ cluster: edge.url, instances: instances.map((i) => ({ port: i.port, pid: i.child.pid })) }));

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await edge.stop();
  await Promise.all(
    instances.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop());
edge.child.once('exit', (code) => {
  if (!stopping) {
    console.error(`nginx exited with ${code}; stopping the cluster`);
    void stop();
  }
});
