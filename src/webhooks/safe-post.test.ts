import type { lookup } from 'node:dns';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, type PostPolicy } from './safe-post.ts';

/** A receiver on loopback whose answer depends on the path; it records what reached it. */
let server: Server;
let base: string;
const seen: Array<{ path: string; headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/ok') return res.writeHead(204).end();
      if (req.url === '/big') return res.writeHead(500, { 'content-type': 'text/plain' }).end(`\u001b[31mbusy${'x'.repeat(100_000)}`);
      if (req.url === '/redirect') return res.writeHead(307, { location: '/ok' }).end();
      // '/silent': never answers.
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});

const policy: PostPolicy = { timeoutMs: 1_000, maxResponseBytes: 1024, allowLoopback: true, userAgent: 'test-agent' };
/** A resolver that answers every name with 127.0.0.1, as a rebinding DNS server would. */
const toLoopback = ((_host: string, _options: unknown, callback: (e: null, a: Array<{ address: string; family: number }>) => void) =>
  callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as typeof lookup;

describe('postWebhook', () => {
  it('posts the body with the given headers and says how the receiver answered', async () => {
    const result = await postWebhook(`${base}/ok`, { 'webhook-id': 'evt_1' }, '{"a":1}', policy);
    expect(result).toEqual({ status: 204, excerpt: '' });
    expect(seen.at(-1)).toMatchObject({ path: '/ok', body: '{"a":1}', headers: { 'webhook-id': 'evt_1', 'content-type': 'application/json', 'user-agent': 'test-agent' } });
  });

  it('reads at most 1 KB of an answer and keeps a short, printable excerpt', async () => {
    const result = await postWebhook(`${base}/big`, {}, '{}', policy);
    expect(result).toEqual({ status: 500, excerpt: expect.stringMatching(/^\[31mbusyx+$/) });
    expect((result as { excerpt: string }).excerpt.length).toBe(200);
  });

  it('follows no redirect', async () => {
    const before = seen.length;
    expect(await postWebhook(`${base}/redirect`, {}, '{}', policy)).toMatchObject({ status: 307 });
    expect(seen.slice(before).map((s) => s.path)).toEqual(['/redirect']);
  });

  it('gives up at the deadline', async () => {
    expect(await postWebhook(`${base}/silent`, {}, '{}', { ...policy, timeoutMs: 200 })).toEqual({ error: 'timed out after 200 ms' });
  });

  it('refuses loopback without WEBHOOK_ALLOW_LOOPBACK, before any request', async () => {
    const before = seen.length;
    expect(await postWebhook(`${base}/ok`, {}, '{}', { ...policy, allowLoopback: false })).toEqual({ error: expect.stringMatching(/^refused: the url must be an https URL/) });
    expect(seen.length).toBe(before);
  });

  it('refuses at connect a name that resolves to a loopback address, with or without the setting', async () => {
    const port = (server.address() as AddressInfo).port;
    for (const allowLoopback of [false, true]) {
      const result = await postWebhook(`https://hooks.partner-site.net:${port}/ok`, {}, '{}', { ...policy, allowLoopback, resolve: toLoopback });
      expect(result).toEqual({ error: 'refused at connect: hooks.partner-site.net resolves to 127.0.0.1, not a public address (webhooks go to public addresses only)' });
    }
  });
});
