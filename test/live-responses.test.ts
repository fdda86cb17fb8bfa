/**
 * Program reads answered from memory (src/server/live-responses.ts, src/rewards/read-memo.ts)
 * are never stale: every write, through the API or by the admin CLI in another process, is
 * visible on the very next read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, earn, register, setClock } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService({ clockStart: '2026-11-22T12:00:00Z' });
});
afterAll(() => service?.stop());

const get = (path: string, headers: Record<string, string> = {}) => request(service.url, path, { headers });

/** A body without the instant it was stated at, which every answer states anew. */
function withoutInstant(body: { dataFreshness: { generatedAt: string } }) {
  return { ...body, dataFreshness: { ...body.dataFreshness, generatedAt: undefined } };
}

describe('remembered program reads', () => {
  it('answers a repeated read from memory until a write through the API', async () => {
    const a = await register(service.url, { name: 'memo_alpha' });
    await register(service.url, { name: 'memo_beta' });
    const first = await get('/api/public/ai/leaderboard');
    const again = await get('/api/public/ai/leaderboard');
    // The same data; its freshness is stated again for each answer.
    expect(withoutInstant(again.body)).toEqual(withoutInstant(first.body));
    expect(Date.parse(again.body.dataFreshness.generatedAt)).toBeGreaterThanOrEqual(Date.parse(first.body.dataFreshness.generatedAt));
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    expect((await earn(service.url, a.apiKey, 'promote', 'https://memo.example/1')).status).toBe(200);
    const after = await get('/api/public/ai/leaderboard');
    expect(after.body.entries.find((e: any) => e.name === 'memo_alpha').points).toBe(25);
    const profile = await get('/api/public/ai/agent/memo_alpha');
    expect(profile.body.agent.points).toBe(25);
    const stats = await get('/api/public/stats');
    expect(stats.body.aiProgram.agents).toBeGreaterThanOrEqual(2);
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

  it('never serves a remembered answer for another URL, and HEAD gets headers only', async () => {
    const promo = await get('/api/public/ai/leaderboard?sort=promo');
    const points = await get('/api/public/ai/leaderboard');
    expect(promo.body.sort).toBe('promo');
    expect(points.body.sort).toBe('points');
    const head = await fetch(`${service.url}/api/public/ai/leaderboard?sort=promo`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await head.text()).toBe('');
    expect((await get('/api/public/ai/agent/nobody_here')).status).toBe(404);
    expect((await get('/api/public/ai/agent/nobody_here')).status).toBe(404);
  });
});

describe('remembered program reads and time', () => {
  it('keeps a profile while time cannot change it and never once time has', async () => {
    await register(service.url, { name: 'memo_time' });
    const now = Date.parse((await get('/api/public/ai/agent/memo_time')).body.dataFreshness.generatedAt);
    const first = await get('/api/public/ai/agent/memo_time');
    expect(first.body.agent.reputation.components.longevity).toBe(0);
    // A minute later nothing in it can have changed: the same data, stated fresh at the new instant.
    await setClock(service.url, new Date(now + 60_000).toISOString());
    const minuteLater = await get('/api/public/ai/agent/memo_time');
    expect(withoutInstant(minuteLater.body)).toEqual(withoutInstant(first.body));
    expect(Date.parse(minuteLater.body.dataFreshness.generatedAt)).toBeGreaterThanOrEqual(now + 60_000);
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
});

describe('remembered reads of one agent and other agents’ writes', () => {
  it('keeps a profile across others’ earns, with its rank and lastModified as of now', async () => {
    const leader = await register(service.url, { name: 'scope_leader' });
    const chaser = await register(service.url, { name: 'scope_chaser' });
    expect((await earn(service.url, leader.apiKey, 'promote', 'https://scope.example/l1')).status).toBe(200); // 25
    expect((await earn(service.url, chaser.apiKey, 'share', 'https://scope.example/c1')).status).toBe(200); // 10
    // The ranks in memory load again at most once a second after a change the server cannot
    // attribute to agents (the admin CLI above; rank-index.ts); until then a remembered profile's
    // rank cannot be looked up, so it is computed instead.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const first = await get('/api/public/ai/agent/scope_leader');
    const rank = first.body.agent.rank;
    expect((await get('/api/public/ai/agent/scope_leader')).body.agent.rank).toBe(rank);

    // The chaser earns but stays behind: the leader's profile is the same data, stated as of now.
    const behind = await earn(service.url, chaser.apiKey, 'share', 'https://scope.example/c2'); // 20
    expect(behind.status).toBe(200);
    const same = await get('/api/public/ai/agent/scope_leader');
    expect({ ...withoutInstant(same.body), dataFreshness: undefined }).toEqual({ ...withoutInstant(first.body), dataFreshness: undefined });
    expect(same.body.dataFreshness.lastModified).toBe(behind.body.activity.createdAt);
    expect(same.body.dataFreshness.lastModified).toBe((await get('/api/public/ai/leaderboard')).body.dataFreshness.lastModified);

    // The chaser passes the leader: the leader's rank moves, nothing else of it.
    expect((await earn(service.url, chaser.apiKey, 'share', 'https://scope.example/c3')).status).toBe(200); // 30
    const passed = await get('/api/public/ai/agent/scope_leader');
    expect(passed.body.agent.rank).toBe(rank + 1);
    expect(passed.body.agent.points).toBe(25);
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

describe('remembered content reads', () => {
  it('answers a repeat of a filtered read or a knowledge topic from memory, past writes, stated as of now with the content’s lastModified', async () => {
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
      expect(withoutInstant(again.body)).toEqual(withoutInstant(first.body));
      // Stated at this answer's instant, by the services' clock (it runs on from the instant set),
      // with the content's own lastModified (the pre-rendered twin's), not the program's newest write.
      const statedAfter = Date.parse(again.body.dataFreshness.generatedAt) - later;
      expect(statedAfter).toBeGreaterThanOrEqual(0);
      expect(statedAfter).toBeLessThan(5_000);
      expect(again.body.dataFreshness.lastModified).toBe((await get(prerendered)).body.dataFreshness.lastModified);
      expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
      // Answered by the server from memory, which states the length; Astro streams its answers.
      expect(again.headers.get('content-length')).toBe(String(Buffer.byteLength(again.text)));
    }
    // A problem is never remembered: it is answered again as a problem.
    for (let i = 0; i < 2; i++) expect((await get('/api/public/knowledge?topic=unknown')).status).toBe(400);
  });
});
