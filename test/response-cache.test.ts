/**
 * The server's response cache (src/server/response-cache.ts) over real HTTP: a repeated read is
 * answered from memory (X-Cache: HIT) exactly as first computed, and never after a commit that
 * changed what it shows, whether by the API or by the admin CLI in another process, nor once time
 * alone would have changed it. Content reads outlive commits; problems are never kept.
 */
import { Agent, get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, earn, post, register, setClock } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService({ clockStart: '2026-11-22T12:00:00Z' });
});
afterAll(() => service?.stop());

const get = (path: string, headers: Record<string, string> = {}) => request(service.url, path, { headers });
const cacheState = (res: { headers: Headers }) => res.headers.get('x-cache');

/** A GET with node:http, so the body is the bytes on the wire (fetch would decode them). */
function rawBytes(path: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(`${service.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('cached program reads', () => {
  it('answers a repeated read from memory, unchanged, until a write through the API', async () => {
    const a = await register(service.url, { name: 'memo_alpha' });
    await register(service.url, { name: 'memo_beta' });
    const first = await get('/api/public/ai/leaderboard');
    const again = await get('/api/public/ai/leaderboard');
    expect([cacheState(first), cacheState(again)]).toEqual(['MISS', 'HIT']);
    // The same bytes, generatedAt included: the body says when it was computed.
    expect(again.text).toBe(first.text);
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(again.headers.get('content-length')).toBe(String(Buffer.byteLength(again.text)));
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // What the endpoint told the cache never reaches the client.
    expect(again.headers.get('surrogate-control')).toBeNull();
    expect(again.headers.get('surrogate-key')).toBeNull();

    expect((await earn(service.url, a.apiKey, 'promote', 'https://memo.example/1')).status).toBe(200);
    const after = await get('/api/public/ai/leaderboard');
    expect(cacheState(after)).toBe('MISS');
    expect(after.body.entries.find((e: any) => e.name === 'memo_alpha').points).toBe(25);
    const profile = await get('/api/public/ai/agent/memo_alpha');
    expect(profile.body.agent.points).toBe(25);
    const stats = await get('/api/public/stats');
    expect(stats.body.aiProgram.agents).toBeGreaterThanOrEqual(2);
  });

  it('keeps program reads across a message to the team, which shows in no public read', async () => {
    await get('/api/public/ai/leaderboard?limit=7');
    expect(cacheState(await get('/api/public/ai/leaderboard?limit=7'))).toBe('HIT');
    expect((await post(service.url, '/api/public/ai/message', { message: 'Hello from the cache test.' })).status).toBe(201);
    expect(cacheState(await get('/api/public/ai/leaderboard?limit=7'))).toBe('HIT');
  });

  it('computes a body once for the requests that ask for it while it is being computed', async () => {
    // Twenty connections opened first, then one request on each at once for a body nobody has asked
    // for yet: one computes it, the others wait for it. (On SQLite a computation never waits on I/O,
    // so the requests cannot overlap; on PostgreSQL they do, and each would compute it.)
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const on = (path: string) =>
      new Promise<{ state: string | undefined; body: string }>((resolve, reject) => {
        httpGet(`${service.url}${path}`, { agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ state: res.headers['x-cache'] as string | undefined, body }));
        }).on('error', reject);
      });
    const twenty = (path: string) => Promise.all(Array.from({ length: 20 }, () => on(path)));
    await twenty('/healthz');
    const answers = await twenty('/api/public/ai/leaderboard?limit=13');
    agent.destroy();
    const states = answers.map((a) => a.state);
    expect(states.filter((s) => s === 'MISS')).toHaveLength(1);
    expect(states.filter((s) => s === 'HIT')).toHaveLength(19);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('sees a write by the admin CLI, another process, on the next read', async () => {
    await register(service.url, { name: 'memo_gamma' });
    expect((await get('/api/public/ai/agent/memo_gamma')).body.agent.points).toBe(0);
    const before = await get('/api/public/ai/agent/memo_gamma');
    expect(before.body.agent.points).toBe(0);
    // The CLI's clock is pinned a second past the server's, so its ledger row is newer than
    // anything the server wrote, whatever today's date is.
    const cliStart = new Date(Date.parse(before.body.dataFreshness.generatedAt) + 1_000).toISOString();
    const adjusted = await admin({ databasePath: service.databasePath, clockStart: cliStart }, 'adjust', 'memo_gamma', '120', '--reason', 'memo test');
    expect(adjusted.code, adjusted.stderr).toBe(0);
    const profile = await get('/api/public/ai/agent/memo_gamma');
    expect(profile.body.agent).toMatchObject({ points: 120, tier: 'Silver' });
    // dataFreshness.lastModified is the newest write, the other process's included.
    const adjustedAt = profile.body.agent.recentActivity[0].createdAt;
    expect(profile.body.dataFreshness.lastModified).toBe(adjustedAt);
    expect(adjustedAt > before.body.dataFreshness.lastModified).toBe(true);
    const reputation = await get('/api/public/ai/reputation?name=memo_gamma');
    expect(reputation.body.reputation.components.contribution).toBe(8);
    // A change that leaves no timestamp of its own still moves lastModified, to the instant the
    // server noticed it: move the server's clock a minute past the CLI's row first.
    expect((await setClock(service.url, new Date(Date.parse(adjustedAt) + 60_000).toISOString())).status).toBe(200);
    const verified = await admin(service.databasePath, 'verify', 'memo_gamma');
    expect(verified.code, verified.stderr).toBe(0);
    const after = await get('/api/public/ai/agent/memo_gamma');
    expect(after.body.agent.verified).toBe(true);
    expect(after.body.dataFreshness.lastModified > adjustedAt).toBe(true);
  });

  it('keeps each URL apart, answers HEAD with headers only, and never keeps a problem', async () => {
    const promo = await get('/api/public/ai/leaderboard?sort=promo');
    const points = await get('/api/public/ai/leaderboard');
    expect(promo.body.sort).toBe('promo');
    expect(points.body.sort).toBe('points');
    const head = await fetch(`${service.url}/api/public/ai/leaderboard?sort=promo`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(head.headers.get('x-cache')).toBe('HIT');
    expect(await head.text()).toBe('');
    for (let i = 0; i < 2; i++) {
      const missing = await get('/api/public/ai/agent/nobody_here');
      expect(missing.status).toBe(404);
      expect(cacheState(missing)).toBeNull();
    }
  });

  it('keeps compressed variants of a large body and answers each encoding from them', async () => {
    for (let i = 0; i < 12; i++) await register(service.url, { name: `memo_bulk_${i}` });
    const plain = await get('/api/public/ai/leaderboard?limit=100');
    expect(plain.text.length).toBeGreaterThan(1024);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await rawBytes(`/api/public/ai/leaderboard?limit=100`, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['x-cache']).toBe('HIT');
      expect(res.body.length).toBeLessThan(Buffer.byteLength(plain.text));
      expect(decode(res.body).toString('utf8')).toBe(plain.text);
    }
  });
});

describe('cached program reads and time', () => {
  it('keeps a profile while time cannot change it and never once time has', async () => {
    await register(service.url, { name: 'memo_time' });
    const now = Date.parse((await get('/api/public/ai/agent/memo_time')).body.dataFreshness.generatedAt);
    const first = await get('/api/public/ai/agent/memo_time');
    expect(first.body.agent.reputation.components.longevity).toBe(0);
    // A minute later nothing in it can have changed: still the cached answer.
    await setClock(service.url, new Date(now + 60_000).toISOString());
    const minuteLater = await get('/api/public/ai/agent/memo_time');
    expect(cacheState(minuteLater)).toBe('HIT');
    expect(minuteLater.text).toBe(first.text);
    // Half a day later its longevity has stepped up (1 at 0.45 days of membership).
    await setClock(service.url, new Date(now + 43_200_000).toISOString());
    const halfDayLater = await get('/api/public/ai/agent/memo_time');
    expect(halfDayLater.body.agent.reputation.components.longevity).toBe(1);
    expect(Date.parse(halfDayLater.body.dataFreshness.generatedAt)).toBeGreaterThanOrEqual(now + 43_200_000);
    const reputation = await get('/api/public/ai/reputation?name=memo_time');
    expect(reputation.body.reputation.components.longevity).toBe(1);
    const board = await get('/api/public/ai/leaderboard?limit=100');
    expect(board.body.entries.find((e: { name: string }) => e.name === 'memo_time')).toBeDefined();
  });

  it('keeps a body in the last second before time changes it, for what is left of that second', async () => {
    const joined = await post(service.url, '/api/public/ai/register', { name: 'memo_second' });
    const registeredAt = Date.parse(joined.body.agent.registeredAt);
    const path = '/api/public/ai/agent/memo_second';
    // Its longevity steps from 0 to 1 at 0.5% of 90 days of membership, and nothing else of it changes before.
    const step = registeredAt + 0.005 * 90 * 86_400_000;
    await setClock(service.url, new Date(step - 600).toISOString());
    const first = await get(path);
    const again = await get(path);
    expect(first.body.agent.reputation.components.longevity).toBe(0);
    expect([cacheState(first), cacheState(again)]).toEqual(['MISS', 'HIT']);
    expect(again.text).toBe(first.text);
    await setClock(service.url, new Date(step).toISOString());
    const stepped = await get(path);
    expect(cacheState(stepped)).toBe('MISS');
    expect(stepped.body.agent.reputation.components.longevity).toBe(1);
  });
});

describe('cached profiles and other agents’ writes', () => {
  it('answers a profile with the rank other agents’ earns gave it', async () => {
    const leader = await register(service.url, { name: 'scope_leader' });
    const chaser = await register(service.url, { name: 'scope_chaser' });
    expect((await earn(service.url, leader.apiKey, 'promote', 'https://scope.example/l1')).status).toBe(200); // 25
    expect((await earn(service.url, chaser.apiKey, 'share', 'https://scope.example/c1')).status).toBe(200); // 10
    const first = await get('/api/public/ai/agent/scope_leader');
    const rank = first.body.agent.rank;
    expect(cacheState(await get('/api/public/ai/agent/scope_leader'))).toBe('HIT');

    // The chaser earns and passes the leader: the leader's rank moves, nothing else of it.
    expect((await earn(service.url, chaser.apiKey, 'share', 'https://scope.example/c2')).status).toBe(200); // 20
    const behind = await earn(service.url, chaser.apiKey, 'share', 'https://scope.example/c3'); // 30
    expect(behind.status).toBe(200);
    const passed = await get('/api/public/ai/agent/scope_leader');
    expect(cacheState(passed)).toBe('MISS');
    expect(passed.body.agent.rank).toBe(rank + 1);
    expect(passed.body.agent.points).toBe(25);
    expect(passed.body.dataFreshness.lastModified).toBe(behind.body.activity.createdAt);
    const chaserProfile = await get('/api/public/ai/agent/scope_chaser');
    const board = (await get('/api/public/ai/leaderboard?limit=100')).body.entries;
    const rankIn = (name: string) => board.find((e: { name: string }) => e.name === name).rank;
    expect(chaserProfile.body.agent).toMatchObject({ points: 30, rank: rankIn('scope_chaser') });
    expect(passed.body.agent.rank).toBe(rankIn('scope_leader'));
    expect(chaserProfile.body.agent.recentActivity).toHaveLength(3);
    const reputation = await get('/api/public/ai/reputation?name=scope_chaser');
    expect(reputation.body.reputation.components.diversity).toBeGreaterThan(0);
  });
});

describe('cached content reads', () => {
  it('answers a repeat of a filtered read or a knowledge topic from memory past writes, with the content’s lastModified', async () => {
    const agent = await register(service.url, { name: 'memo_content' });
    for (const [path, prerendered] of [
      ['/api/public/videos?search=harvest&limit=2', '/api/public/videos.json'],
      ['/api/public/knowledge?topic=terpenes', '/api/public/knowledge/terpenes.json'],
    ] as const) {
      const first = await get(path);
      expect(first.status, first.text).toBe(200);
      // A write between the two: the program's data moves, the build's content does not.
      expect((await earn(service.url, agent.apiKey, 'share', `https://memo.example/content${path}`)).status).toBe(200);
      const later = Date.parse(first.body.dataFreshness.generatedAt) + 60_000;
      expect((await setClock(service.url, new Date(later).toISOString())).status).toBe(200);
      const again = await get(path);
      expect(cacheState(again)).toBe('HIT');
      expect(again.text).toBe(first.text);
      // The content's own lastModified (the pre-rendered twin's), not the program's newest write.
      expect(again.body.dataFreshness.lastModified).toBe((await get(prerendered)).body.dataFreshness.lastModified);
      expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    }
    // A problem is never kept: it is answered again as a problem.
    for (let i = 0; i < 2; i++) expect((await get('/api/public/knowledge?topic=unknown')).status).toBe(400);
  });
});
