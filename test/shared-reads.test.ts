/**
 * Profiles, the leaderboard and reputation are answered by our Node server itself when the
 * request carries no credentials (src/http/shared-reads.ts), and by the Astro endpoints
 * otherwise. Two servers on one database, one of them with DIRECT_ROUTES=off, must give the same
 * answers to the same requests, errors and odd spellings of the path included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earn, register } from './support/rewards.ts';
import { request, startService, type JsonResponse, type TestService } from './support/service.ts';

let direct: TestService;
let viaAstro: TestService;

beforeAll(async () => {
  direct = await startService({ clockStart: '2026-11-22T12:00:00Z' });
  viaAstro = await startService({ clockStart: '2026-11-22T12:00:00Z', databasePath: direct.databasePath, env: { DIRECT_ROUTES: 'off' } });
  const alpha = await register(direct.url, { name: 'Shared_Alpha', operator: 'Ops A' });
  const beta = await register(direct.url, { name: 'shared-beta', referralCode: alpha.referralCode });
  await register(direct.url, { name: 'shared_gamma' });
  expect((await earn(direct.url, alpha.apiKey, 'promote', 'https://shared.example/1')).status).toBe(200);
  expect((await earn(direct.url, beta.apiKey, 'share', 'https://shared.example/2')).status).toBe(200);
  expect((await earn(direct.url, beta.apiKey, 'api_use')).status).toBe(200);
});
afterAll(async () => {
  await viaAstro?.stop();
  await direct?.stop();
});

/** The answer without what differs by design between two processes: the instant it was computed. */
function comparable(res: JsonResponse) {
  const body = res.body && typeof res.body === 'object' ? { ...res.body } : res.body;
  if (body?.dataFreshness) body.dataFreshness = { ...body.dataFreshness, generatedAt: '(instant)' };
  if (body?.requestId) body.requestId = '(request id)';
  return { status: res.status, type: res.headers.get('content-type'), cacheControl: res.headers.get('cache-control'), body };
}

const paths = [
  '/api/public/ai/agent/Shared_Alpha',
  '/api/public/ai/agent/shared_alpha',
  '/api/public/ai/agent/SHARED-BETA',
  '/api/public/ai/agent/shared_gamma',
  '/api/public/ai/agent/Shared_Alpha/',
  '/api/public/ai/agent/Shared%5FAlpha',
  '/api/public/ai/agent/nobody_here',
  '/api/public/ai/agent/' + 'x'.repeat(40),
  '/api/public/ai/leaderboard',
  '/api/public/ai/leaderboard?sort=promo',
  '/api/public/ai/leaderboard?sort=points&limit=2&offset=1',
  '/api/public/ai/leaderboard?limit=0',
  '/api/public/ai/leaderboard?sort=bogus',
  '/api/public/ai/leaderboard?limit=5&limit=6',
  '/api/public/ai/leaderboard/',
  '/api/public/ai/reputation',
  '/api/public/ai/reputation?name=shared-beta',
  '/api/public/ai/reputation?name=nobody_here',
  '/api/public/ai/reputation?name=',
];

describe('shared program reads', () => {
  it.each(paths)('GET %s answers the same with and without the Astro hand-off', async (path) => {
    const [a, b] = [await request(direct.url, path), await request(viaAstro.url, path)];
    expect(comparable(a)).toEqual(comparable(b));
    // Asked again (now possibly remembered), still the same.
    expect(comparable(await request(direct.url, path))).toEqual(comparable(b));
  });

  it('answers a first read directly: a Content-Length body rather than Astro’s chunked stream', async () => {
    // A URL neither server has answered yet, so neither has it remembered.
    const path = '/api/public/ai/leaderboard?limit=3';
    const [a, b] = await Promise.all([fetch(direct.url + path), fetch(viaAstro.url + path)]);
    expect(a.headers.get('content-length')).toBe(String((await a.arrayBuffer()).byteLength));
    expect(b.headers.get('content-length')).toBeNull();
    await b.arrayBuffer();
  });

  it('sees a write made meanwhile on the next read, with the same body both ways', async () => {
    const before = await request(direct.url, '/api/public/ai/agent/shared_gamma');
    expect(before.body.agent.points).toBe(0);
    const gamma = await register(direct.url, { name: 'shared_delta' });
    expect((await earn(direct.url, gamma.apiKey, 'promote', 'https://shared.example/3')).status).toBe(200);
    const [a, b] = [await request(direct.url, '/api/public/ai/agent/shared_delta'), await request(viaAstro.url, '/api/public/ai/agent/shared_delta')];
    expect(a.body.agent.points).toBe(25);
    expect(comparable(a)).toEqual(comparable(b));
    const board = await request(direct.url, '/api/public/ai/leaderboard');
    expect(board.body.entries.map((e: { name: string }) => e.name)).toContain('shared_delta');
  });

  it('HEAD gets the headers of the GET and no body', async () => {
    const head = await fetch(`${direct.url}/api/public/ai/agent/shared-beta`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(head.headers.get('access-control-allow-origin')).toBe('*');
    expect(head.headers.get('x-request-id')).toBeTruthy();
    expect(await head.text()).toBe('');
  });
});
