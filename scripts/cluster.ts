/**
 * `npm run cluster`: several instances of the service behind one address. CLUSTER_SIZE instances
 * (default 2) of the built server, each on a loopback port of its own, all on the same PostgreSQL
 * (DATABASE_URL) and Redis (REDIS_URL), behind Debian's nginx listening on HOST:PORT as `npm start`
 * does. nginx is the edge of `npm run edge`: it serves the pre-rendered files itself and spreads
 * every other request over the instances, passing the client's address (the instances run with
 * TRUST_PROXY=1). An instance that dies is started again on its port.
 *
 * Ports: with CLUSTER_BASE_PORT, instance i listens on 127.0.0.1:(base + i), so the range can be
 * fitted into a firewall; unset, the system picks free ones. SIGTERM, SIGINT or SIGHUP (to npm or
 * to this process) stops nginx, then the instances, then this process (docs/operators.md).
 *
 * It prints one JSON line when it is ready: {"cluster": url, "instances": [{"port", "pid"}]}.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { startEdge } from './lib/edge/run-edge.ts';
import { nginxAvailable, type RunningNginx } from './lib/nginx.ts';
import { serveArgs } from './lib/serve-command.ts';
import { freePort, portFree } from './lib/free-port.ts';
import { stopOnSignals } from './lib/stop-on-signals.ts';

const config = loadConfig();
const size = Number(process.env.CLUSTER_SIZE || 2);
if (!Number.isInteger(size) || size < 1 || size > 64) fail(`CLUSTER_SIZE must be a whole number from 1 to 64 (got "${process.env.CLUSTER_SIZE}")`);
const basePort = process.env.CLUSTER_BASE_PORT ? Number(process.env.CLUSTER_BASE_PORT) : undefined;
if (basePort !== undefined && (!Number.isInteger(basePort) || basePort < 1 || basePort + size - 1 > 65_535)) {
  fail(`CLUSTER_BASE_PORT must be a port from 1 to ${65_536 - size}, so that its ${size} instances fit below 65536 (got "${process.env.CLUSTER_BASE_PORT}")`);
}
if (!config.databaseUrl) fail('npm run cluster needs DATABASE_URL (PostgreSQL): instances on several machines cannot share a SQLite file. See docs/operators.md.');
if (!config.redisUrl) fail('npm run cluster needs REDIS_URL: without it each instance would count rate limits alone. See docs/operators.md.');
if (!nginxAvailable()) fail('nginx is not installed: apt-get install nginx');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The instances by index; a restarted one takes its slot and its port. */
const instances: Array<{ port: number; child: ChildProcess }> = [];
let edge: Promise<RunningNginx & { url: string }> | undefined;
let edgeChild: ChildProcess | undefined;

// Installed before anything starts: a signal during start-up stops what has started so far.
const stopper = stopOnSignals({
  async stop() {
    await (await edge?.catch(() => undefined))?.stop();
    await Promise.all(instances.map(({ child }) => stopChild(child)));
  },
  kill() {
    edgeChild?.kill('SIGTERM');
    for (const { child } of instances) child.kill('SIGTERM');
  },
});

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Resolves once the instance answers /healthz (whatever LOG_LEVEL says). */
async function ready(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance on port ${port} exited with ${child.signalCode ?? child.exitCode} before it was ready`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) })).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance on port ${port} did not answer within 60 s`);
}

/**
 * Starts instance `index` and resolves once it answers; it is started again whenever it dies. Each
 * runs in a process group of its own (scripts/lib/stop-on-signals.ts says why).
 */
async function startInstance(index: number, port: number): Promise<void> {
  if (stopper.stopping) return;
  const child = spawn(process.execPath, serveArgs(), {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), TRUST_PROXY: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  instances[index] = { port, child };
  child.once('exit', (code, signal) => {
    if (stopper.stopping) return;
    console.error(JSON.stringify({ msg: 'instance exited; starting it again', port, code, signal }));
    setTimeout(() => void startInstance(index, port).catch((error) => console.error(String(error))), 1_000);
  });
  await ready(port, child);
}

async function start(): Promise<void> {
  const ports = basePort === undefined ? await Promise.all(Array.from({ length: size }, () => freePort())) : Array.from({ length: size }, (_, i) => basePort + i);
  // Checked first: whatever holds a port of the range might answer /healthz and pass for the instance.
  for (const port of basePort === undefined ? [] : ports) {
    if (!(await portFree(port))) throw new Error(`port ${port} on 127.0.0.1 is in use (CLUSTER_BASE_PORT=${basePort}, CLUSTER_SIZE=${size}); pick another range`);
  }
  // One at a time for the first, so it alone applies any migration; the rest then start together.
  await startInstance(0, ports[0]);
  await Promise.all(ports.slice(1).map((port, i) => startInstance(i + 1, port)));
  if (stopper.stopping) return;
  edge = startEdge({
    distDir: config.distDir,
    host: config.host,
    port: config.port,
    originUrl: `http://127.0.0.1:${ports[0]}`,
    originUrls: ports.map((port) => `http://127.0.0.1:${port}`),
    runDir: join(tmpdir(), `canopy-cove-cluster-${config.port}`),
    workers: 'auto',
    stdio: 'inherit',
    ownProcessGroup: true,
  });
  const { url, child } = await edge;
  edgeChild = child;
  console.log(JSON.stringify({ cluster: url, instances: instances.map((i) => ({ port: i.port, pid: i.child.pid })) }));
  child.once('exit', (code) => {
    if (stopper.stopping) return;
    console.error(`nginx exited with ${code}; stopping the cluster`);
    stopper.stop(1);
  });
}

start().catch((error: unknown) => {
  console.error(`npm run cluster could not start: ${error instanceof Error ? error.message : String(error)}`);
  stopper.stop(1);
});
