/** Helpers for the rewards tests: register and earn over HTTP, run the operator CLI against a database file. */
import { spawn } from 'node:child_process';
import { storeEnv } from './backend.ts';
import { request, type JsonResponse } from './service.ts';

export interface Registered {
  name: string;
  apiKey: string;
  referralCode: string;
}

export async function register(base: string, body: Record<string, unknown>): Promise<Registered> {
  const res = await request(base, '/api/public/ai/register', { method: 'POST', json: body });
  if (res.status !== 201) throw new Error(`register ${JSON.stringify(body)}: ${res.status} ${res.text}`);
  return { name: res.body.agent.name, apiKey: res.body.apiKey, referralCode: res.body.referralCode };
}

export function post(base: string, path: string, json: unknown, apiKey?: string, headers: Record<string, string> = {}): Promise<JsonResponse> {
  return request(base, path, { method: 'POST', json, headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...headers } });
}

export function earn(base: string, apiKey: string, actionType: string, url?: string, headers: Record<string, string> = {}): Promise<JsonResponse> {
  return post(base, '/api/public/ai/earn', { actionType, ...(url ? { url } : {}) }, apiKey, headers);
}

export function setClock(base: string, now: string): Promise<JsonResponse> {
  return request(base, '/test-clock', { method: 'POST', json: { now } });
}

/**
 * `npm run admin -- ...` as a child process against a test database (a service, or a database
 * path a test started services on); `clockStart` pins the CLI's clock (CLOCK_START) so its
 * timestamps follow the test's time, not the real date.
 */
export async function admin(target: string | { databasePath: string; clockStart?: string }, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { databasePath, clockStart } = typeof target === 'string' ? { databasePath: target, clockStart: undefined } : target;
  const env: NodeJS.ProcessEnv = { ...process.env, ...(await storeEnv(databasePath)) };
  if (clockStart) env.CLOCK_START = clockStart;
  else delete env.CLOCK_START;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}
