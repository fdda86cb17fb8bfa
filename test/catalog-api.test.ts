/**
 * The public catalog, knowledge and discovery endpoints over real HTTP against the built server:
 * every endpoint, each filter and combinations, bounds, bad values, CORS, HEAD, conditional
 * requests, compression, and agreement between pre-rendered and on-demand bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  clipListSchema,
  knowledgeEntryResponseSchema,
  knowledgeResponseSchema,
  podcastResponseSchema,
  productListSchema,
  scheduleResponseSchema,
  videoListSchema,
  videoResponseSchema,
} from '../src/schemas/api/catalog.ts';
import { discoveryIndexSchema, rateLimitPolicySchema, statsSchema } from '../src/schemas/api/discovery.ts';
import { problemSchema } from '../src/schemas/api/common.ts';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;
const get = (path: string, init?: RequestInit) => request(service.url, path, init);

beforeAll(async () => {
  service = await startService({ clockStart: '2026-11-22T12:00:00Z' });
});
afterAll(() => service?.stop());

function expectValid<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`body does not match its schema: ${JSON.stringify(result.error.issues.slice(0, 5))}`);
  return result.data;
}

function expectProblem(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expectValid(problemSchema, res.body);
  expect(res.body.code).toBe(code);
  expect(res.body.status).toBe(status);
  expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js|mjs):\d+|node_modules|SELECT /);
}

describe('videos', () => {
  it('lists approved videos newest first with a pre-rendered body and dataFreshness', async () => {
    const res = await get('/api/public/videos');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = expectValid(videoListSchema, res.body);
    expect(body.items).toHaveLength(20);
    expect(body.total).toBeGreaterThanOrEqual(24);
    expect(body.dataFreshness.source).toBe('build');
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${body.dataFreshness.maxAgeSeconds}`);
    const dates = body.items.map((v) => Date.parse(v.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(body.items.every((v) => !('playbackUrl' in v))).toBe(true);
  });

  it('agrees between the pre-rendered body and the same query answered on demand', async () => {
    const prerendered = await get('/api/public/videos');
    const live = await get('/api/public/videos?limit=20&offset=0');
    expect(live.body.dataFreshness.source).toBe('live');
    const strip = (b: any) => ({ ...b, dataFreshness: undefined });
    expect(strip(live.body)).toEqual(strip(prerendered.body));
    expect(live.body.dataFreshness.contentVersion).toBe(prerendered.body.dataFreshness.contentVersion);
  });

  it('filters by category, featured, tag and search, alone and combined', async () => {
    const all = (await get('/api/public/videos?limit=100')).body.items as any[];
    const kitchen = await get('/api/public/videos?category=kitchen&limit=100');
    expect(kitchen.body.items.length).toBe(all.filter((v) => v.category === 'kitchen').length);
    expect(kitchen.body.items.length).toBeGreaterThan(0);
    expect(kitchen.body.filters.category).toBe('kitchen');

    const featured = await get('/api/public/videos?featured=true&limit=100');
    expect(featured.body.items.length).toBe(all.filter((v) => v.featured).length);
    expect(featured.body.items.every((v: any) => v.featured)).toBe(true);
    const notFeatured = await get('/api/public/videos?featured=false&limit=100');
    expect(notFeatured.body.total + featured.body.total).toBe(all.length);

    const harvest = await get('/api/public/videos?search=HARVEST&limit=100');
    expect(harvest.body.items.length).toBeGreaterThan(1);
    for (const v of harvest.body.items) expect(`${v.title} ${v.description} ${v.tags.join(' ')}`.toLowerCase()).toContain('harvest');

    const twoWords = await get(`/api/public/videos?search=${encodeURIComponent('harvest drying')}&limit=100`);
    expect(twoWords.body.items.length).toBeGreaterThan(0);
    expect(twoWords.body.items.length).toBeLessThan(harvest.body.items.length);

    const combined = await get('/api/public/videos?category=cultivation&search=harvest&featured=true&limit=100');
    const expected = all.filter((v) => v.category === 'cultivation' && v.featured && `${v.title} ${v.description} ${v.category} ${v.tags.join(' ')}`.toLowerCase().includes('harvest'));
    expect(combined.body.items.map((v: any) => v.id)).toEqual(expected.map((v) => v.id));

    const tag = await get('/api/public/videos?tag=recipes&limit=100');
    expect(tag.body.items.length).toBeGreaterThan(1);
    expect(tag.body.items.every((v: any) => v.tags.includes('recipes'))).toBe(true);

    const none = await get('/api/public/videos?search=zzzzqqqq');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ items: [], total: 0, nextOffset: null });
  });

  it('pages with limit and offset at their bounds', async () => {
    const all = (await get('/api/public/videos?limit=100')).body;
    expect((await get('/api/public/videos?limit=1')).body.items).toHaveLength(1);
    const page2 = await get('/api/public/videos?limit=5&offset=5');
    expect(page2.body.items.map((v: any) => v.id)).toEqual(all.items.slice(5, 10).map((v: any) => v.id));
    expect(page2.body.nextOffset).toBe(10);
    const last = await get(`/api/public/videos?limit=100&offset=${all.total - 1}`);
    expect(last.body.items).toHaveLength(1);
    expect(last.body.nextOffset).toBeNull();
    const past = await get(`/api/public/videos?offset=${all.total + 50}`);
    expect(past.status).toBe(200);
    expect(past.body.items).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=-1', 'limit'],
    ['offset=-3', 'offset'],
    ['featured=maybe', 'featured'],
    ['featured=TRUE', 'featured'],
    ['category=nope', 'category'],
    ['search=', 'search'],
    [`search=${'x'.repeat(201)}`, 'search'],
    ['limit=5&limit=6', 'limit'],
    ['tag=Not%20Kebab', 'tag'],
  ])('answers ?%s with 400 invalid_request naming %s', async (query, field) => {
    const res = await get(`/api/public/videos?${query}`);
    expectProblem(res, 400, 'invalid_request');
    expect(res.body.errors.map((e: any) => e.path)).toContain(field);
  });

  it('serves one video with its playable URL, and 404 for unknown or unapproved ids', async () => {
    const list = (await get('/api/public/videos')).body;
    const id = list.items[0].id;
    const res = await get(`/api/public/videos/${id}`);
    expect(res.status).toBe(200);
    const body = expectValid(videoResponseSchema, res.body);
    expect(body.video.id).toBe(id);
    expect(body.video.playbackUrl).toMatch(/^https?:\/\/.+\.mp4$/);
    expectProblem(await get('/api/public/videos/does-not-exist'), 404, 'not_found');
    expectProblem(await get('/api/public/videos/cc-010'), 404, 'not_found'); // a draft in content/
  });
});

describe('podcast, shop, clips, schedule', () => {
  it('serves the podcast with every episode', async () => {
    const body = expectValid(podcastResponseSchema, (await get('/api/public/podcast')).body);
    expect(body.episodes.length).toBeGreaterThanOrEqual(8);
    expect(body.episodes.every((e) => e.audio.lengthBytes > 0 && e.audio.type.startsWith('audio/'))).toBe(true);
  });

  it('serves the shop with items, bundles and money as strings', async () => {
    const body = expectValid(productListSchema, (await get('/api/public/shop/products')).body);
    expect(body.items.length).toBeGreaterThanOrEqual(10);
    const bundles = body.items.filter((p) => p.type === 'bundle');
    expect(bundles.length).toBeGreaterThanOrEqual(2);
    for (const b of bundles) for (const inc of b.includes!) expect(body.items.some((p) => p.id === inc.id && p.type === 'item')).toBe(true);
    expect(body.items.every((p) => /^\d+\.\d{2}$/.test(p.price.amount) && /^[A-Z]{3}$/.test(p.price.currency))).toBe(true);
  });

  it('filters clips by videoId and validates it', async () => {
    const all = expectValid(clipListSchema, (await get('/api/public/clips')).body);
    expect(all.items.length).toBeGreaterThanOrEqual(12);
    expect(all.items.every((c) => c.height * 9 === c.width * 16 && c.durationSeconds <= 180)).toBe(true);
    const counts = new Map<string, number>();
    for (const c of all.items) counts.set(c.videoId, (counts.get(c.videoId) ?? 0) + 1);
    const [videoId, n] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    const filtered = await get(`/api/public/clips?videoId=${videoId}`);
    expect(filtered.body.items).toHaveLength(n);
    expect(filtered.body.items.every((c: any) => c.videoId === videoId)).toBe(true);
    expect((await get('/api/public/clips?videoId=cc-999')).body.items).toEqual([]);
    expectProblem(await get('/api/public/clips?videoId=../etc'), 400, 'invalid_request');
    expectProblem(await get('/api/public/clips?limit=0'), 400, 'invalid_request');
  });

  it('serves the schedule with what is on now and next in its time zone', async () => {
    const res = await get('/api/public/schedule');
    const body = expectValid(scheduleResponseSchema, res.body);
    expect(body.timeZone).toBe('America/Los_Angeles');
    // 2026-11-22T12:00Z is Sunday 04:00 in Los Angeles (PST, UTC-8); the test clock advances in real time.
    expect(body.onAir.localDay).toBe('sunday');
    expect(body.onAir.localTime).toMatch(/^04:0\d$/);
    const now = body.onAir.now;
    expect(now.day).toBe('sunday');
    expect(now.start <= '04:00' && '04:00' < now.end).toBe(true);
    expect(body.weekly.length).toBeGreaterThan(7);
    expect(body.specials.every((s) => Date.parse(s.announceAt) <= Date.parse('2026-11-22T12:01:00Z'))).toBe(true);
    expect(body.dataFreshness.source).toBe('live');
  });
});

describe('knowledge base', () => {
  it('serves the whole dataset with its metadata', async () => {
    const body = expectValid(knowledgeResponseSchema, (await get('/api/public/knowledge')).body);
    expect(body.dataset).toMatchObject({ version: '1.0.0', license: 'CC-BY-4.0', counts: { cannabinoids: 6, terpenes: 7, medical: 6, methods: 4, glossary: 10 } });
    expect(body.dataset.disclaimer.toLowerCase()).toContain('not medical advice');
    expect(Object.values(body.topics!).flat()).toHaveLength(33);
  });

  it.each(['cannabinoids', 'terpenes', 'medical', 'methods', 'glossary'])('slices topic %s the same on demand and pre-rendered', async (topic) => {
    const live = await get(`/api/public/knowledge?topic=${topic}`);
    const file = await get(`/api/public/knowledge/${topic}`);
    expectValid(knowledgeResponseSchema, live.body);
    expect(live.body.items.every((e: any) => e.topic === topic)).toBe(true);
    expect({ ...live.body, dataFreshness: 0 }).toEqual({ ...file.body, dataFreshness: 0 });
  });

  it('answers an unknown topic with 400 unknown_topic listing the five', async () => {
    const res = await get('/api/public/knowledge?topic=nope');
    expectProblem(res, 400, 'unknown_topic');
    for (const t of ['cannabinoids', 'terpenes', 'medical', 'methods', 'glossary']) expect(res.body.detail).toContain(t);
  });

  it('finds entries by search words: every word, any case, in name, aliases, summary, facts or text; within a topic', async () => {
    const all = Object.values((await get('/api/public/knowledge')).body.topics).flat() as any[];
    const found = await get('/api/public/knowledge?search=Cannabidiol');
    const body = expectValid(knowledgeResponseSchema, found.body);
    expect(body.search).toBe('Cannabidiol');
    const ids = body.items!.map((e) => e.id);
    expect(ids).toContain('cannabidiol');
    // Exactly the entries whose text holds the word, by the same reading a client would do.
    const expected = all.filter((e) => [e.name, ...e.aliases, e.summary, ...e.facts.map((f: any) => `${f.label} ${f.value}`), e.body].join(' ').toLowerCase().includes('cannabidiol'));
    expect(ids.sort()).toEqual(expected.map((e) => e.id).sort());
    const both = (await get('/api/public/knowledge?search=cannabidiol%20receptor')).body.items.map((e: any) => e.id);
    expect(both.length).toBeLessThanOrEqual(ids.length);
    for (const id of both) expect(ids).toContain(id);
    const inTopic = (await get('/api/public/knowledge?search=cannabidiol&topic=glossary')).body;
    expect(inTopic.topic).toBe('glossary');
    expect(inTopic.items.every((e: any) => e.topic === 'glossary')).toBe(true);
    expect((await get('/api/public/knowledge?search=zzzxqv')).body.items).toEqual([]);
    expectProblem(await get('/api/public/knowledge?search='), 400, 'invalid_request');
    expectProblem(await get(`/api/public/knowledge?search=${'a'.repeat(201)}`), 400, 'invalid_request');
  });

  it('serves a citable permalink for every entry', async () => {
    const entries = Object.values((await get('/api/public/knowledge')).body.topics).flat() as any[];
    for (const e of entries) {
      const path = new URL(e.permalink).pathname;
      const res = await get(path);
      const body = expectValid(knowledgeEntryResponseSchema, res.body);
      expect(body.entry.id).toBe(e.id);
      expect(body.entry.citeAs).toContain('CC-BY-4.0');
    }
    expectProblem(await get('/api/public/knowledge/cannabinoids/unicorn'), 404, 'not_found');
  });
});

describe('discovery, stats, rate limits, OpenAPI', () => {
  it('lists every endpoint in the discovery index, and each parameter-free GET answers 200 with dataFreshness', async () => {
    const index = expectValid(discoveryIndexSchema, (await get('/api/public')).body);
    const paths = index.endpoints.map((e) => `${e.method} ${e.path}`);
    for (const p of [
      'GET /api/public/videos',
      'GET /api/public/videos/{id}',
      'GET /api/public/podcast',
      'GET /api/public/schedule',
      'GET /api/public/shop/products',
      'GET /api/public/clips',
      'GET /api/public/knowledge',
      'GET /api/public/stats',
      'GET /api/public/rate-limits',
      'GET /api/public/openapi.json',
    ]) {
      expect(paths).toContain(p);
    }
    expect(index.rewards.pointValues).toMatchObject({ share: 10, mention: 15, promote: 25, referral: 50, api_use: 5, content_submit: 30, task_post: 20, task_claim: 20 });
    expect(index.rewards.tiers.map((t) => [t.name, t.minPoints])).toEqual([
      ['Bronze', 0],
      ['Silver', 100],
      ['Gold', 300],
      ['Platinum', 750],
      ['Legend', 1500],
    ]);
    expect(index.pointValues).toEqual(index.rewards.pointValues);
    expect(index.tiers).toEqual(index.rewards.tiers);
    expect(index.knowledgeBase).toMatchObject({ version: '1.0.0', license: 'CC-BY-4.0' });
    for (const ep of index.endpoints.filter((e) => e.method === 'GET' && !e.path.includes('{') && e.auth === 'none')) {
      const res = await get(ep.path);
      expect(res.status, ep.path).toBe(200);
      // The OpenAPI root admits only x- extensions: it carries x-dataFreshness.
      const member = ep.path === '/api/public/openapi.json' ? 'x-dataFreshness' : 'dataFreshness';
      if (res.headers.get('content-type')?.includes('json')) expect(res.body[member], ep.path).toBeDefined();
    }
  });

  it('publishes stats with content and knowledge numbers', async () => {
    const body = expectValid(statsSchema, (await get('/api/public/stats')).body);
    expect(body.content.videos).toBe((await get('/api/public/videos')).body.total);
    expect(body.knowledgeBase.entries).toBe(33);
  });

  it('publishes the rate-limit policy per tier with the published numbers for Bronze', async () => {
    const body = expectValid(rateLimitPolicySchema, (await get('/api/public/rate-limits')).body);
    const bronze = body.tiers.find((t) => t.tier === 'Bronze')!;
    expect(bronze.reads.windows.map((w) => [w.name, w.limit, w.windowSeconds])).toEqual([
      ['reads-min', 300, 60],
      ['reads-hour', 10000, 3600],
      ['reads-day', 100000, 86400],
      ['reads-burst', 60, 12],
    ]);
    expect(bronze.reads.burst).toBe(60);
    expect(bronze.writes.windows[0]).toMatchObject({ limit: 60, windowSeconds: 60 });
    expect(body.tiers.find((t) => t.tier === 'Legend')!.reads.windows[0].limit).toBe(3000);
  });

  it('serves an OpenAPI 3.1 document covering every indexed endpoint', async () => {
    const doc = (await get('/api/public/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    const index = (await get('/api/public')).body;
    for (const ep of index.endpoints) expect(doc.paths[ep.path]?.[ep.method.toLowerCase()], `${ep.method} ${ep.path}`).toBeDefined();
    const limit = doc.paths['/api/public/videos'].get.parameters.find((p: any) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false });
    // Every $ref resolves inside the document.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    for (const ref of refs) expect(doc.components.schemas[ref], ref).toBeDefined();
  });
});

describe('what every response carries', () => {
  it('answers CORS preflight on any path', async () => {
    const res = await fetch(`${service.url}/api/public/ai/earn`, { method: 'OPTIONS', headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
  });

  it('sends CORS, request id and security headers on static, live and error responses', async () => {
    for (const path of ['/api/public/videos', '/api/public/videos?limit=2', '/api/public/nope', '/nope', '/llms.txt']) {
      const res = await fetch(service.url + path, { headers: { 'X-Request-Id': 'trace-123' } });
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('access-control-expose-headers'), path).toContain('X-RateLimit-Remaining');
      expect(res.headers.get('x-request-id'), path).toBe('trace-123');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const generated = await fetch(`${service.url}/api/public`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers HEAD like GET without a body, static and on demand', async () => {
    for (const path of ['/api/public/videos', '/api/public/videos?limit=3', '/api/public/stats']) {
      const get = await fetch(service.url + path);
      const head = await fetch(service.url + path, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(await head.text(), path).toBe('');
    }
  });

  it('answers If-None-Match with 304 and serves brotli and gzip', async () => {
    const first = await fetch(`${service.url}/api/public/videos`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(first.headers.get('last-modified')).toBeTruthy();
    const again = await fetch(`${service.url}/api/public/videos`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    const changed = await fetch(`${service.url}/api/public/videos`, { headers: { 'If-None-Match': '"other"' } });
    expect(changed.status).toBe(200);
    // Node's fetch decodes transparently; the header says what was sent.
    const br = await fetch(`${service.url}/api/public/knowledge`, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect((await br.json()).dataset.version).toBe('1.0.0');
    const gz = await fetch(`${service.url}/api/public/knowledge`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers unknown API paths with problem+json 404 and unknown pages with the HTML 404 page', async () => {
    expectProblem(await get('/api/public/nothing-here'), 404, 'not_found');
    const page = await fetch(`${service.url}/no/such/page`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // Not the page file's own caching: a path missing now may exist after the next deploy.
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('Page not found');
    // Astro's on-demand image transformer is not exposed.
    expect((await fetch(`${service.url}/_image?href=/media/thumbs/cc-001.svg&w=10&f=webp`)).status).toBe(404);
  });

  it('serves pages, feeds and exactly named files whatever their query string', async () => {
    for (const path of ['/?utm_source=x', '/feeds/videos.xml?utm=1', '/llms.txt?x', '/api/public/videos.json?a=b', '/api/public/podcast?cache=1']) {
      const res = await fetch(service.url + path);
      expect(res.status, path).toBe(200);
    }
    for (const path of ['/api/public/videos/nope.json', '/knowledge/cannabinoids/unicorn', '/videos/nope?x=1']) {
      expect((await fetch(service.url + path)).status, path).toBe(404);
    }
  });

  it('answers a method a route does not take with 405 and the route’s own Allow, and malformed URLs with 400', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/api/public/videos', 'GET, HEAD, OPTIONS'],
      ['POST', '/api/public/videos', 'GET, HEAD, OPTIONS'],
      ['POST', '/llms.txt', 'GET, HEAD, OPTIONS'],
      ['POST', '/healthz', 'GET, HEAD, OPTIONS'],
      ['POST', '/api/public/stats', 'GET, HEAD, OPTIONS'],
      ['DELETE', '/api/public/videos?limit=2', 'GET, HEAD, OPTIONS'],
      ['DELETE', '/api/public/ai/earn', 'POST, OPTIONS'],
      ['GET', '/api/public/ai/register', 'POST, OPTIONS'],
      ['PATCH', '/api/public/ai/tasks', 'GET, POST, HEAD, OPTIONS'],
      ['PUT', '/api/concierge-chat', 'GET, POST, HEAD, OPTIONS'],
    ] as const) {
      const res = await fetch(`${service.url}${path}`, { method, ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }) });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect((await res.json()).code).toBe('method_not_allowed');
    }
    // An unknown path is 404 whatever the method.
    expect((await fetch(`${service.url}/api/public/nothing-here`, { method: 'DELETE' })).status).toBe(404);
    const malformed = await get('/api/public/%E0%A4%A');
    expectProblem(malformed, 400, 'bad_request');
  });

  it('never serves files outside the build, however the path is spelled', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/api/%2e%2e%2f%2e%2e%2fpackage.json', '/..%2f..%2fetc/passwd', '/dist/build-info.json']) {
      const res = await fetch(service.url + path);
      expect([400, 404], path).toContain(res.status);
      expect(await res.text(), path).not.toContain('"dependencies"');
    }
  });

  it('reports health', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('logs one JSON line per request with its request id and without query secrets', async () => {
    await fetch(`${service.url}/api/public/stats?apiKey=mcr_live_secretvalue`, { headers: { 'X-Request-Id': 'log-check-1' } });
    await service.logFlushed();
    const lines = service.output.filter((l) => l.includes('log-check-1'));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ requestId: 'log-check-1', method: 'GET', status: 200 });
    // The time it took, in milliseconds to the microsecond.
    expect(String(line.durationMs)).toMatch(/^\d+(\.\d{1,3})?$/);
    expect(service.output.join('\n')).not.toContain('secretvalue');
  });
});
