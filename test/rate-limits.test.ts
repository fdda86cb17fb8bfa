/**
 * Rate limits over real HTTP (docs/limits-and-hardening.md). The limited server runs at RATE_LIMIT_SCALE
 * 0.1 (reads 30/min with a burst of 6 per 12 s, writes 6/min, one request in flight) so limits are
 * reached in a few requests, and with TRUST_PROXY so each test can be its own client IP through
 * X-Forwarded-For. A second server runs with RATE_LIMITS=off.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../src/schemas/api/common.ts';
import { rateLimitPolicySchema } from '../src/schemas/api/discovery.ts';
import { admin, register } from './support/rewards.ts';
import { pipelined } from './support/raw-http.ts';
import { request, startService, type JsonResponse, type TestService } from './support/service.ts';

let limited: TestService;
let unlimited: TestService;

beforeAll(async () => {
  [limited, unlimited] = await Promise.all([
    startService({ env: { RATE_LIMITS: 'on', RATE_LIMIT_SCALE: '0.1', TRUST_PROXY: '1' } }),
    startService({ env: { RATE_LIMITS: 'off', RATE_LIMIT_SCALE: '3' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([limited?.stop(), unlimited?.stop()]);
});

let nextIp = 1;
/** A fresh client identity: the address our (pretend) proxy appends to X-Forwarded-For. */
function newClient() {
  const ip = `198.51.100.${nextIp++}`;
  const as = (path: string, init: RequestInit & { json?: unknown } = {}) => request(limited.url, path, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Forwarded-For': ip } });
  return { ip, as };
}

const READS_POLICY = '"reads-min";q=30;w=60, "reads-hour";q=1000;w=3600, "reads-day";q=10000;w=86400, "reads-burst";q=6;w=12';
const RATE_LIMIT_FIELD = /^"reads-min";r=(\d+);t=(\d+), "reads-hour";r=(\d+);t=(\d+), "reads-day";r=(\d+);t=(\d+), "reads-burst";r=(\d+);t=(\d+)$/;

function limits(res: JsonResponse) {
  const h = (name: string) => res.headers.get(name);
  return {
    limit: Number(h('x-ratelimit-limit')),
    remaining: Number(h('x-ratelimit-remaining')),
    reset: Number(h('x-ratelimit-reset')),
    policy: h('ratelimit-policy'),
    field: h('ratelimit'),
  };
}

function expectRateLimited(res: JsonResponse, violated: string[]) {
  expect(res.status).toBe(429);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(problemSchema.safeParse(res.body).success).toBe(true);
  expect(res.body.code).toBe('rate_limited');
  expect(res.body.violatedPolicies).toEqual(violated);
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  return Number(retryAfter);
}

describe('headers on every response', () => {
  it('static, live, 304, HTML, 404, 405 and malformed-URL responses all count down one reads budget', async () => {
    const { as } = newClient();
    const first = await as('/api/public/videos');
    const etag = first.headers.get('etag')!;
    const responses = [
      first,
      await as('/api/public/stats'),
      await as('/api/public/videos', { headers: { 'If-None-Match': etag } }),
      await as('/'),
      await as('/api/public/no-such-thing'),
      await as('/%E0%A4%A'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 304, 200, 404, 400]);
    const before = Date.now() / 1000;
    responses.forEach((res, i) => {
      const l = limits(res);
      // X-RateLimit-* describe the per-minute window (30 at this scale); RateLimit lists them all.
      expect(l.limit).toBe(30);
      expect(l.remaining).toBe(29 - i);
      expect(l.policy).toBe(READS_POLICY);
      const m = RATE_LIMIT_FIELD.exec(l.field ?? '');
      expect(m, l.field ?? '(none)').not.toBeNull();
      expect([m![1], m![3], m![5], m![7]].map(Number)).toEqual([29 - i, 999 - i, 9999 - i, 5 - i]);
      // The burst window slides, counted in whole seconds: its count is back to zero within 13 s.
      expect(Number(m![8])).toBeLessThanOrEqual(13);
      expect(l.reset).toBeGreaterThanOrEqual(Math.floor(before));
      expect(l.reset).toBeLessThanOrEqual(Math.ceil(before) + 61);
    });
    // Exposed to browsers.
    expect(first.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Remaining.*RateLimit-Policy, RateLimit\b/);
  });

  it('counts writes separately, unsupported methods as writes, and OPTIONS not at all', async () => {
    const { as } = newClient();
    for (let i = 0; i < 5; i++) expect((await as('/api/public/videos', { method: 'OPTIONS' })).status).toBe(204);
    const put = await as('/api/public/videos', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('ratelimit-policy')).toBe('"writes-min";q=6;w=60');
    expect(put.headers.get('ratelimit')).toMatch(/^"writes-min";r=5;t=\d+$/);
    const post = await as('/api/public/no-such-thing', { method: 'POST', json: {} });
    expect(post.status).toBe(404);
    expect(limits(post).remaining).toBe(4);
    const read = await as('/api/public/videos');
    expect(limits(read).remaining).toBe(29);
  });
});

describe('past a limit', () => {
  it('answers 429 with Retry-After and violatedPolicies, does not count refused requests, and serves again after Retry-After', async () => {
    const { as } = newClient();
    for (let i = 0; i < 6; i++) expect((await as('/api/public/videos')).status).toBe(200);
    let retryAfter = 0;
    for (let i = 0; i < 3; i++) {
      const refused = await as(i === 1 ? '/' : '/api/public/videos', { method: i === 2 ? 'HEAD' : 'GET' });
      if (i === 2) {
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
        continue;
      }
      retryAfter = expectRateLimited(refused, ['reads-burst']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(13);
      // Reset is the instant Retry-After points to.
      expect(limits(refused).reset - Math.ceil(Date.now() / 1000)).toBeGreaterThanOrEqual(retryAfter - 1);
      expect(limits(refused).reset - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(retryAfter + 1);
      expect(limits(refused).remaining).toBe(0);
      // The minute window still shows the six served requests only.
      expect(RATE_LIMIT_FIELD.exec(limits(refused).field!)![1]).toBe('24');
    }
    // Another client is not affected.
    expect((await newClient().as('/api/public/videos')).status).toBe(200);
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 200));
    const again = await as('/api/public/videos');
    expect(again.status).toBe(200);
    expect(RATE_LIMIT_FIELD.exec(limits(again).field!)![1]).toBe('23');
  }, 30_000);

  it('holds the burst over any 12 s: reads at the end of one fixed window and the start of the next are not both let through', async () => {
    const { as } = newClient();
    const started = Date.now();
    expect((await as('/api/public/videos')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 11_000 - (Date.now() - started)));
    // Five more at 11 s: six in the burst window of 12 s, all served.
    for (let i = 0; i < 5; i++) expect((await as('/api/public/videos')).status).toBe(200);
    // Just past 12 s a fixed window would start afresh and serve six more: 11 reads in about a
    // second against a burst of 6. The sliding window serves at most the one the first read frees.
    await new Promise((r) => setTimeout(r, 12_300 - (Date.now() - started)));
    const after = [];
    for (let i = 0; i < 6; i++) after.push(await as('/api/public/videos'));
    expect(after.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    const refused = after.find((r) => r.status === 429)!;
    expectRateLimited(refused, ['reads-burst']);
    expect(limits(refused).remaining).toBe(0);
  }, 30_000);

  it('refuses the seventh write in a minute with writes-min, while reads go on', async () => {
    const { as } = newClient();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await as('/api/public/no-such-thing', { method: 'POST', json: { i } })).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404]);
    const refused = await as('/api/public/no-such-thing', { method: 'POST', json: {} });
    const retryAfter = expectRateLimited(refused, ['writes-min']);
    expect(retryAfter).toBeGreaterThan(40);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toMatch(/^"writes-min";r=0;t=\d+$/);
    expect((await as('/api/public/videos')).status).toBe(200);
  });

  it('caps requests in flight per identity (one at this scale)', async () => {
    // Requests count as in flight from admission until their response ends (a write's body is
    // read before admission). Three registrations pipelined on one connection arrive in one read:
    // the first is admitted and waits for its commit (writes commit in groups after the I/O
    // phase, and on PostgreSQL over the network), so the other two find the one place taken.
    const { ip, as } = newClient();
    const nameFor = (i: number) => `inflight-${ip.replaceAll('.', '-')}-${i}`;
    const registration = (i: number) => ({
      method: 'POST',
      path: '/api/public/ai/register',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ name: nameFor(i) }),
    });
    const answers = await pipelined(limited.url, [0, 1, 2].map(registration));
    expect(answers.map((r) => r.status)).toEqual([201, 429, 429]);
    for (const r of answers.slice(1)) expectRateLimited(r, ['concurrency']);
    // Refusals cost nothing: once the first is done, the identity is served again, and only the
    // admitted registration used up a place in the writes window.
    const next = await as('/api/public/ai/register', { method: 'POST', json: { name: nameFor(3) } });
    expect(next.status).toBe(201);
    expect(next.headers.get('ratelimit')).toMatch(/^"writes-min";r=4;t=\d+$/);
  });
});

describe('identity', () => {
  it('with TRUST_PROXY uses the last X-Forwarded-For entry, so a client cannot pick its own identity', async () => {
    const proxyIp = '203.0.113.77';
    const spoofed = (n: number) => request(limited.url, '/api/public/videos', { headers: { 'X-Forwarded-For': `10.9.9.${n}, ${proxyIp}` } });
    const remaining = [];
    for (let n = 0; n < 3; n++) remaining.push(limits(await spoofed(n)).remaining);
    expect(remaining).toEqual([29, 28, 27]);
  });

  it('keeps separate counts for separate client IPs', async () => {
    const a = newClient();
    const b = newClient();
    await a.as('/api/public/videos');
    await a.as('/api/public/videos');
    expect(limits(await a.as('/api/public/videos')).remaining).toBe(27);
    expect(limits(await b.as('/api/public/videos')).remaining).toBe(29);
  });
});

describe('agents', () => {
  it('an agent with a valid key is one identity from any IP, with its tier numbers; suspended is Bronze; an unknown key counts as the IP', async () => {
    const agent = await register(limited.url, { name: 'limit_tester' });
    const from = (ip: string, path: string, headers: Record<string, string> = {}) => request(limited.url, path, { headers: { 'X-Forwarded-For': ip, ...headers } });
    const bearer = { Authorization: `Bearer ${agent.apiKey}` };
    // The same agent from three addresses and through the three ways a key can come.
    expect(limits(await from('198.51.100.201', '/api/public/videos', bearer)).remaining).toBe(29);
    expect(limits(await from('198.51.100.202', '/api/public/videos', { 'X-API-Key': agent.apiKey })).remaining).toBe(28);
    expect(limits(await from('198.51.100.203', `/api/public/videos?apiKey=${encodeURIComponent(agent.apiKey)}`)).remaining).toBe(27);
    // Those addresses' own budgets were not touched.
    expect(limits(await from('198.51.100.201', '/api/public/videos')).remaining).toBe(29);
    // A key nobody has is limited as the client IP, at Bronze.
    const unknown = await from('198.51.100.204', '/api/public/videos', { Authorization: 'Bearer mcr_live_nobody' });
    expect([limits(unknown).remaining, limits(unknown).policy]).toEqual([29, READS_POLICY]);

    // Legend: ten times every number; the counts so far are kept.
    const adjusted = await admin(limited.databasePath, 'adjust', 'limit_tester', '1500', '--reason', 'rate-limit test');
    expect(adjusted.code, adjusted.stderr).toBe(0);
    const legend = await from('198.51.100.205', '/api/public/videos', bearer);
    expect(limits(legend).policy).toBe('"reads-min";q=300;w=60, "reads-hour";q=10000;w=3600, "reads-day";q=100000;w=86400, "reads-burst";q=60;w=12');
    expect(limits(legend).remaining).toBe(296);
    const write = await request(limited.url, '/api/public/ai/earn', { method: 'POST', headers: { ...bearer, 'X-Forwarded-For': '198.51.100.205' }, json: { actionType: 'api_use' } });
    expect(write.status).toBe(200);
    expect(write.headers.get('ratelimit-policy')).toBe('"writes-min";q=60;w=60');
    // The apiKey in the JSON body, as the write endpoints accept it, identifies the agent just the same:
    // the agent's write budget counts down wherever the write comes from.
    const writesLeft = (res: { headers: Headers }) => Number(/"writes-min";r=(\d+)/.exec(res.headers.get('ratelimit') ?? '')![1]);
    const inBody = await request(limited.url, '/api/public/ai/earn', { method: 'POST', headers: { 'X-Forwarded-For': '198.51.100.208' }, json: { apiKey: agent.apiKey, actionType: 'api_use' } });
    expect(inBody.status).toBe(200);
    expect(inBody.headers.get('ratelimit-policy')).toBe('"writes-min";q=60;w=60');
    expect(writesLeft(inBody)).toBe(writesLeft(write) - 1);
    const published = rateLimitPolicySchema.parse((await from('198.51.100.206', '/api/public/rate-limits')).body).tiers.find((t) => t.tier === 'Legend')!;
    expect(published.reads.windows.map((w) => w.limit)).toEqual([300, 10_000, 100_000, 60]);

    // Suspended: back to Bronze numbers.
    expect((await admin(limited.databasePath, 'suspend', 'limit_tester')).code).toBe(0);
    const suspended = await from('198.51.100.207', '/api/public/videos', bearer);
    expect(limits(suspended).policy).toBe(READS_POLICY);
  });
});

describe('published policy', () => {
  it('publishes exactly the windows the headers enforce, from the same config', async () => {
    const { as } = newClient();
    const res = await as('/api/public/rate-limits');
    const policy = rateLimitPolicySchema.parse(res.body);
    expect(policy.enforced).toBe(true);
    expect(policy.scale).toBe(0.1);
    const bronze = policy.tiers.find((t) => t.tier === 'Bronze')!;
    const header = bronze.reads.windows.map((w) => `"${w.name}";q=${w.limit};w=${w.windowSeconds}`).join(', ');
    expect(header).toBe(res.headers.get('ratelimit-policy'));
    expect(bronze.reads.burst).toBe(6);
    expect(bronze.writes.windows).toEqual([{ name: 'writes-min', limit: 6, windowSeconds: 60, sliding: false }]);
    expect(bronze.reads.windows.map((w) => [w.name, w.sliding])).toEqual([
      ['reads-min', false],
      ['reads-hour', false],
      ['reads-day', false],
      ['reads-burst', true],
    ]);
    expect(policy.tiers.map((t) => t.reads.windows[0].limit)).toEqual([30, 60, 90, 150, 300]);
    expect(policy.tiers.map((t) => t.concurrency)).toEqual([1, 1, 2, 3, 6]);
  });

  it('with RATE_LIMITS=off refuses nothing, sends no rate-limit headers, and publishes the scaled numbers as not enforced', async () => {
    const results = await Promise.all(Array.from({ length: 120 }, () => request(unlimited.url, '/api/public/videos')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.some((r) => r.headers.has('x-ratelimit-limit') || r.headers.has('ratelimit'))).toBe(false);
    const policy = rateLimitPolicySchema.parse((await request(unlimited.url, '/api/public/rate-limits')).body);
    expect(policy.enforced).toBe(false);
    expect(policy.scale).toBe(3);
    expect(policy.tiers[0].reads.windows.map((w) => w.limit)).toEqual([900, 30_000, 300_000, 180]);
    expect(policy.tiers[0].writes.windows[0].limit).toBe(180);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy without inline script or unsafe-inline on HTML pages, the HTML 404 included', async () => {
    const { as } = newClient();
    const rest = "img-src 'self' data:; media-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";
    // The build inlines each page's CSS: its <style> blocks, and only those, are allowed by hash.
    const expected = (html: string) => {
      const styles = [...new Set([...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`))];
      expect(styles.length).toBeGreaterThan(0);
      return `default-src 'self'; script-src 'self'; style-src 'self' ${styles.join(' ')}; ${rest}`;
    };
    const home = await as('/');
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(home.headers.get('content-security-policy')).toBe(expected(home.text));
    const missing = await as('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(expected(missing.text));
    expect(home.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    const api = await as('/api/public/videos');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
