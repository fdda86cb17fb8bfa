/**
 * Child processes for the benchmark: the server, the ceiling server and the load worker each run
 * in their own process, and their memory and CPU are read from /proc (Linux), never estimated.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { serveArgs } from '../../scripts/lib/serve-command.ts';
import type { LoadResult, LoadSpec, RoundResult } from './load-spec.ts';

/** Every child still running; killed if the benchmark itself dies, so no server outlives it. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Runs node with `args`; the child is killed if the benchmark dies. One process, so its pid is the one to measure. */
function spawnNode(args: string[], env: NodeJS.ProcessEnv, stdout: 'pipe' | 'ignore' | number = 'pipe'): ChildProcess {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', stdout, 'inherit'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/**
 * The built server, started as `npm run serve` starts it (dist/server/main.mjs on plain node, same
 * flags). `distDir`: another build's folder (a copy of `dist/`), whose entry is started instead and
 * which it serves (DIST_DIR).
 */
export function spawnServer(env: NodeJS.ProcessEnv, logFd?: number | 'ignore', distDir?: string): ChildProcess {
  const args = distDir ? serveArgs().map((a) => (a.startsWith('dist/') ? `${distDir}/${a.slice('dist/'.length)}` : a)) : serveArgs();
  return spawnNode(args, distDir ? { ...env, DIST_DIR: distDir } : env, logFd ?? 'pipe');
}

/** A TypeScript entry, with tsx as the loader; `stdout`: a file descriptor to write it to instead of a pipe. */
export function spawnTs(script: string, args: string[], env: NodeJS.ProcessEnv = process.env, stdout?: number): ChildProcess {
  return spawnNode(['--import', 'tsx', script, ...args], env, stdout ?? 'pipe');
}

/** Resident memory in KiB (VmRSS), or NaN when the process is gone. */
export function rssKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** User + system CPU seconds the process has used so far (clock ticks of 1/100 s on Linux). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds the whole machine has spent busy (all cores, everything but idle and iowait). */
export function machineBusySeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return (total - fields[3] - (fields[4] ?? 0)) / 100;
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => ok(port));
    });
  });
}

export async function waitForHealthy(origin: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 10));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/** Resolves with the first stdout line that parses as JSON (how helper processes announce a port). */
export function firstJsonLine<T>(child: ChildProcess): Promise<T> {
  return new Promise((ok, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      try {
        ok(JSON.parse(line) as T);
      } catch (error) {
        fail(error);
      }
    });
    child.once('exit', (code) => fail(new Error(`process exited with code ${code} before announcing itself`)));
  });
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      ok();
    });
    child.kill('SIGTERM');
  });
}

export interface Sampler {
  /** Called when the worker starts a measured round, with the worker's pid. */
  roundStart(workerPid: number): void;
  roundEnd(workerPid: number): void;
}

/** Runs one workload in the load worker process; `sampler` hears when measured rounds start and end. */
export function runLoad(spec: LoadSpec, sampler?: Sampler): Promise<LoadResult> {
  return loadResult(spawnTs('bench/load-worker.ts', [JSON.stringify(spec)]), spec, sampler);
}

function loadResult(child: ChildProcess, spec: LoadSpec, sampler?: Sampler): Promise<LoadResult> {
  return new Promise((ok, fail) => {
    let result: LoadResult | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const event = JSON.parse(line) as { event: string; result?: LoadResult };
      if (event.event === 'round-start') sampler?.roundStart(child.pid!);
      if (event.event === 'round-end') sampler?.roundEnd(child.pid!);
      if (event.event === 'done') result = event.result;
    });
    child.once('exit', (code) => (result ? ok(result) : fail(new Error(`load worker for ${spec.name} exited with code ${code}`))));
  });
}

/** What one load worker measured, round by round, with the process samples taken meanwhile. */
export interface Sampled {
  rounds: RoundResult[];
  /** CPU (in cores) the measured process used in each round. */
  serverCpu: number[];
  /** With a database probe: CPU (in cores) the PostgreSQL server's processes used meanwhile. */
  dbCpu: number[];
  workerCpu: number[];
  otherCpu: number[];
  peakRssKb: number;
  total2xx: number;
}

/** Runs one workload against a process and samples that process while the rounds are measured. */
export async function sample(pid: number, loadSpec: LoadSpec, dbProbe?: () => number): Promise<Sampled> {
  const sampled: Sampled = { rounds: [], serverCpu: [], dbCpu: [], workerCpu: [], otherCpu: [], peakRssKb: 0, total2xx: 0 };
  let marks: { wall: number; server: number; worker: number; machine: number; db: number } | undefined;
  const poll = setInterval(() => {
    if (marks) sampled.peakRssKb = Math.max(sampled.peakRssKb, rssKb(pid) || 0);
  }, 100);
  const result = await runLoad(loadSpec, {
    roundStart: (workerPid) => (marks = { wall: performance.now(), server: cpuSeconds(pid), worker: cpuSeconds(workerPid), machine: machineBusySeconds(), db: dbProbe?.() ?? 0 }),
    roundEnd: (workerPid) => {
      if (!marks) return;
      const wall = (performance.now() - marks.wall) / 1000;
      const server = (cpuSeconds(pid) - marks.server) / wall;
      const worker = (cpuSeconds(workerPid) - marks.worker) / wall;
      const db = dbProbe ? (dbProbe() - marks.db) / wall : 0;
      sampled.serverCpu.push(server);
      sampled.workerCpu.push(worker);
      if (dbProbe) sampled.dbCpu.push(db);
      sampled.otherCpu.push(Math.max(0, (machineBusySeconds() - marks.machine) / wall - server - worker - db));
      marks = undefined;
    },
  });
  clearInterval(poll);
  sampled.rounds = result.rounds;
  sampled.total2xx = result.total2xx;
  return sampled;
}

export interface TimedCommand {
  seconds: number;
  /** Peak resident memory of the largest single process in the command's tree, KiB. */
  peakRssKb: number;
  output: string;
}

/**
 * Runs a command and measures wall time and peak memory: with /usr/bin/time -v when it exists
 * (its "Maximum resident set size" covers every descendant), else by polling /proc for the
 * process tree every 50 ms.
 */
export function timeCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<TimedCommand> {
  const useTime = existsSync('/usr/bin/time');
  const child = useTime ? spawn('/usr/bin/time', ['-v', command, ...args], { env }) : spawn(command, args, { env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let polledPeak = 0;
  const poll = useTime
    ? undefined
    : setInterval(() => {
        for (const pid of descendants(child.pid!)) polledPeak = Math.max(polledPeak, rssKb(pid) || 0);
      }, 50);
  const started = performance.now();
  return new Promise((ok, fail) => {
    child.once('exit', (code) => {
      if (poll) clearInterval(poll);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return fail(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output.slice(-4000)}`));
      const reported = /Maximum resident set size \(kbytes\): (\d+)/.exec(output);
      ok({ seconds, peakRssKb: reported ? Number(reported[1]) : polledPeak, output });
    });
  });
}

function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while we looked
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...(parents.get(out[i]) ?? []));
  return out;
}

/**
 * One answer of the service to `url`: its body, and its header lines as [name, value] pairs in
 * the order and case it wrote them, less the four node:http adds to every response itself (Date,
 * Connection, Keep-Alive, Content-Length), which the bare server's node:http adds too.
 */
export async function captureAnswer(url: string): Promise<{ body: Buffer; headers: Array<[string, string]> }> {
  const { raw, body } = await new Promise<{ raw: string[]; body: Buffer }>((done, fail) => {
    httpGet(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => (res.statusCode === 200 ? done({ raw: res.rawHeaders, body: Buffer.concat(chunks) }) : fail(new Error(`${url}: status ${res.statusCode}`))));
    }).on('error', fail);
  });
  const added = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers: Array<[string, string]> = [];
  for (let i = 0; i < raw.length; i += 2) if (!added.has(raw[i].toLowerCase())) headers.push([raw[i], raw[i + 1]]);
  return { body, headers };
}

/** The Fastify peer (bench/fastify-peer.ts) on a free port, answering what `answersFile` holds, its log to `logFile`; resolved once it answers. */
export async function startFastifyPeer(answersFile: string, logFile: string): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const child = spawnTs('bench/fastify-peer.ts', [answersFile, String(port)], process.env, openSync(logFile, 'w'));
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealthy(origin, child);
  return { child, origin };
}

/**
 * One measured round of GETs of one path against the server `pid` (a second's warm-up first): its
 * requests/s, the CPU it spent per request (µs of one core) and the load generator's share of a
 * core. Any answer but 200, or an error, throws: a rate of refusals measures nothing.
 */
export async function measureGetRound(
  pid: number,
  load: { name: string; origin: string; path: string; connections: number; seconds: number; runTag: string },
): Promise<{ rps: number; cpuMicros: number; loadGenCpu: number }> {
  const { name, origin, path, connections, seconds, runTag } = load;
  const spec: LoadSpec = { name, origin, path, connections, runTag, method: 'GET', kind: 'fixed', warmupSeconds: 1, rounds: 1, roundSeconds: seconds };
  const sampled = await sample(pid, spec);
  const [r] = sampled.rounds;
  if (Object.keys(r.statuses).some((status) => status !== '200') || r.errors) throw new Error(`${name}: statuses ${JSON.stringify(r.statuses)}, ${r.errors} errors`);
  return { rps: r.rps, cpuMicros: (sampled.serverCpu[0] * 1e6) / r.rps, loadGenCpu: sampled.workerCpu[0] };
}
