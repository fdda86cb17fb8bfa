/**
 * Clients nobody on the team wrote, at the seams where the service meets them: the two examples
 * of docs/agents.md run literally as a new agent developer runs them (the official MCP SDK and
 * the A2A SDK, each a process of its own that must end by itself), and headless Chromium calling
 * /mcp and /a2a from a page on another origin, preflights and all.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startService, type TestService } from './support/service.ts';

let service: TestService;
let scratch: string;

beforeAll(async () => {
  service = await startService();
  // Inside the project, so the examples resolve the SDKs from its node_modules as an agent's own project would.
  mkdirSync(resolve('test-artifacts'), { recursive: true });
  scratch = mkdtempSync(resolve('test-artifacts', 'agents-'));
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await service?.stop();
});

/** The fenced js block of docs/agents.md that starts with `// <name>`. */
function example(name: string): string {
  const doc = readFileSync('docs/agents.md', 'utf8');
  const block = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).find((code) => code.startsWith(`// ${name}\n`));
  if (!block) throw new Error(`docs/agents.md has no example ${name}`);
  return block;
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** From the last line the script printed to the process's exit. */
  lingerMs: number;
}

/** Runs an example against this server's origin and waits for it to end by itself (killed at 60 s). */
function run(name: string): Promise<Run> {
  const file = join(scratch, name);
  writeFileSync(file, example(name).replaceAll('http://localhost:4321', service.url));
  return new Promise((done) => {
    const child = spawn(process.execPath, [file], { cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let lastOutput = Date.now();
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      lastOutput = Date.now();
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(kill);
      done({ code, signal, stdout, stderr, lingerMs: Date.now() - lastOutput });
    });
  });
}

describe('the examples of docs/agents.md, run as written', () => {
  it('agent.mjs (the MCP SDK) lists tools, registers, earns with its Bearer key, closes, and its process exits by itself', async () => {
    const result = await run('agent.mjs');
    expect(result.stderr).toBe('');
    expect([result.code, result.signal]).toEqual([0, null]);
    // A client that kept reconnecting a GET stream would hold the process open until killed.
    expect(result.lingerMs).toBeLessThan(5_000);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\d+ tools$/);
    expect(lines.at(-1)).toMatch(/name: 'my-agent-\d+'.*points: 25.*tier: 'Bronze'/s);
  });

  it('ask.mjs (the A2A SDK) finds the agent from its card and gets the concierge’s answer', async () => {
    const result = await run('ask.mjs');
    expect(result.stderr).toBe('');
    expect([result.code, result.signal]).toEqual([0, null]);
    expect(result.stdout).toMatch(/on now|on air|schedule/i);
    expect(result.stdout).toContain(`${service.url}/`);
  });
});

describe('a web page on another origin', () => {
  let page: Server;
  let pageOrigin: string;

  beforeAll(async () => {
    page = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((ok) => page.listen(0, '127.0.0.1', ok));
    pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((ok) => page.close(ok)));

  it('calls /mcp (initialize, tools/list with the protocol version header) and /a2a with fetch', async () => {
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage();
      await tab.goto(pageOrigin);
      const outcome = await tab.evaluate(async (base) => {
        // A Streamable HTTP answer is JSON or one server-sent event carrying it.
        const jsonOf = (text: string) =>
          JSON.parse(
            text.startsWith('{')
              ? text
              : text
                  .split('\n')
                  .find((l) => l.startsWith('data:'))!
                  .slice(5),
          );
        const mcp = async (body: unknown, headers: Record<string, string> = {}) => {
          const res = await fetch(`${base}/mcp`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
            body: JSON.stringify(body),
          });
          return { status: res.status, body: jsonOf(await res.text()) };
        };
        const init = await mcp({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'browser', version: '1.0.0' } } });
        const version = init.body.result.protocolVersion as string;
        const tools = await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': version });
        const a2a = await fetch(`${base}/a2a`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'A2A-Version': '0.3' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 3,
            method: 'message/send',
            params: { message: { kind: 'message', role: 'user', messageId: 'b-1', parts: [{ kind: 'text', text: 'How do I reach Gold?' }] } },
          }),
        });
        const answer = await a2a.json();
        return { init: init.status, version, tools: tools.body.result.tools.map((t: { name: string }) => t.name) as string[], a2a: a2a.status, reply: answer.result.parts[0].text as string };
      }, service.url);
      expect(outcome.init).toBe(200);
      expect(outcome.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(outcome.tools).toEqual(expect.arrayContaining(['leaderboard', 'register', 'earn', 'knowledge_entry']));
      expect(outcome.a2a).toBe(200);
      expect(outcome.reply).toContain('300');
    } finally {
      await browser.close();
    }
  });
});
