/**
 * Starts the real, built service as a child process on a free loopback port with its own
 * temporary database, exactly as `npm run serve` does: a SQLite file, or under TEST_BACKEND=postgres
 * a PostgreSQL database of its own (test/support/backend.ts). Tests talk to it over HTTP only.
 *
 * `npm test` builds first; run `npm run build` before `npx vitest` on its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveArgs } from '../../scripts/lib/serve-command.ts';
import { dropStore, storeEnv } from './backend.ts';

export interface TestService {
  url: string;
  /** Names the database: the SQLite file, or on PostgreSQL the database made for this path. */
  databasePath: string;
  /** DATABASE_PATH and, on PostgreSQL, DATABASE_URL: what a CLI needs to reach the same database. */
  storeEnv: Record<string, string>;
  dataDir: string;
  process: ChildProcess;
  /** Every line the server printed (JSON request logs among them). */
  output: string[];
  /**
   * Waits until every line the server logged before the call is in `output`: the log is buffered
   * (src/server/logger.ts), so a request with an id of its own is made and its line waited for.
   */
  logFlushed(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse an existing database file (restart tests). */
  databasePath?: string;
  /** Pin the server's clock to this instant (it then advances in real time). */
  clockStart?: string;
  /** Serve the build of another checkout (a copy of the repository), not this one's. */
  cwd?: string;
  /**
   * A command the server runs under, followed by the server's own command line: e.g. a private
   * mount namespace with a hosts file of the test's own (test/webhooks.test.ts).
   */
  prefix?: string[];
}

export async function startService(options: StartOptions = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-test-'));
  const databasePath = options.databasePath ?? join(dataDir, 'test.sqlite');
  const store = await storeEnv(databasePath);
  const command = [...(options.prefix ?? []), process.execPath, ...serveArgs()];
  const child = spawn(command[0], command.slice(1), {
    cwd: options.cwd,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      ...store,
      RATE_LIMITS: 'off',
      // Tests register many agents from 127.0.0.1 and verify many on one local site; the tests
      // of these limits set them (test/abuse-program.test.ts, test/rate-limits.test.ts).
      REGISTRATIONS_PER_ADDRESS_PER_DAY: '0',
      VERIFICATIONS_PER_HOST_PER_DAY: '0',
      ...(options.clockStart ? { CLOCK_START: options.clockStart } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('\n')}`)), 30_000);
    // A line may arrive in two chunks: only whole lines are kept (the rest waits for its end).
    const partial = { stdout: '', stderr: '' };
    const onLine = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const lines = (partial[stream] + chunk.toString()).split('\n');
      partial[stream] = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) {
        output.push(line);
        if (line.includes('"msg":"listening"')) {
          clearTimeout(timer);
          resolve(JSON.parse(line).url as string);
        }
      }
    };
    child.stdout!.on('data', onLine('stdout'));
    child.stderr!.on('data', onLine('stderr'));
    child.once('exit', (code) => {
      for (const rest of Object.values(partial)) if (rest) output.push(rest);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('\n')}`));
    });
  });
  return {
    url,
    databasePath,
    storeEnv: store,
    dataDir,
    process: child,
    output,
    async logFlushed() {
      const marker = `flushed-${randomUUID()}`;
      await fetch(`${url}/healthz`, { headers: { 'X-Request-Id': marker } });
      for (let waited = 0; !output.some((line) => line.includes(marker)); waited += 50) {
        if (waited > 10_000) throw new Error(`the server's log never showed request ${marker}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
      if (!options.databasePath) {
        rmSync(dataDir, { recursive: true, force: true });
        await dropStore(databasePath);
      }
    },
  };
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch + JSON parse, never throwing on HTTP errors so tests can assert on them. */
export async function request<T = any>(base: string, path: string, init: RequestInit & { json?: unknown } = {}): Promise<JsonResponse<T>> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(base + path, { ...init, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}
