/**
 * The published OpenAPI document is true of real responses. A journey over HTTP against the built
 * server calls every operation, with query variants, conditional requests, HEAD, wrong methods and
 * the problems each can answer (400 401 403 404 405 409 413 415 422, and 429 on a second server
 * with tight limits), and checks each response against the document the server publishes: a
 * documented status, its headers, its Content-Type and its body (test/support/openapi-check.ts).
 * Rate limiting is on (at a scale no step reaches) so the rate-limit headers are checked too.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiCheck } from './support/openapi-check.ts';
import { admin, setClock } from './support/rewards.ts';
import { request, startService, type JsonResponse, type TestService } from './support/service.ts';

const CLOCK_START = '2026-11-22T12:00:00Z';
const METRICS_TOKEN = 'token-of-the-operators';

let service: TestService;
let oas: OpenApiCheck;
const problems: string[] = [];
let total = 0;

interface Init {
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

interface Target {
  url: string;
  oas: OpenApiCheck;
}

/** One request, its response checked against the document. */
async function send(method: string, path: string, init: Init = {}, on: Target = { url: service.url, oas }): Promise<JsonResponse> {
  const res = await request(on.url, path, { method, headers: init.headers, json: init.json, body: init.body });
  problems.push(...on.oas.check(method, path, res));
  total += 1;
  return res;
}

/** `send`, for a step that means to reach `status`. */
async function call(status: number, method: string, path: string, init: Init = {}, on?: Target): Promise<JsonResponse> {
  const res = await send(method, path, init, on);
  expect(res.status, `${method} ${path}: ${res.text.slice(0, 300)}`).toBe(status);
  return res;
}

const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

interface Agent {
  name: string;
  apiKey: string;
  referralCode: string;
}

async function registerAgent(body: Record<string, unknown>): Promise<Agent> {
  const res = await call(201, 'POST', '/api/public/ai/register', { json: body });
  return { name: res.body.agent.name, apiKey: res.body.apiKey, referralCode: res.body.referralCode };
}

let postCount = 0;
/** An earn of `actionType` with a url never used before. */
function earn(agent: Agent, actionType: string, status = 200) {
  postCount += 1;
  return call(status, 'POST', '/api/public/ai/earn', { json: { actionType, url: `https://social.example/post/${postCount}` }, headers: bearer(agent.apiKey) });
}

async function earnTimes(agent: Agent, actionType: string, times: number) {
  for (let i = 0; i < times; i += 1) await earn(agent, actionType);
}

let ada: Agent;
let bo: Agent;

beforeAll(async () => {
  // TRUST_PROXY: X-Forwarded-For makes a request come from outside, for /metrics' 403.
  // WEBHOOK_ALLOW_LOOPBACK: a webhook endpoint on 127.0.0.1 (a closed port: attempts are refused there) rather than a name to resolve.
  service = await startService({ clockStart: CLOCK_START, env: { RATE_LIMITS: 'on', RATE_LIMIT_SCALE: '100', TRUST_PROXY: '1', METRICS_TOKEN: METRICS_TOKEN, WEBHOOK_ALLOW_LOOPBACK: '1' } });
  oas = await OpenApiCheck.load(service.url);
});

afterAll(async () => {
  console.log(`${total} responses checked against the OpenAPI document; statuses per method and path (a 405 under the method sent):\n${oas?.coverageReport()}`);
  await service?.stop();
});

// Every step's responses must match the document; a step fails with the list of mismatches.
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

describe('reads', () => {
  it('discovery: the index, the documents, stats, rate limits and health', async () => {
    await call(200, 'GET', '/api/public');
    await call(200, 'GET', '/api/public/openapi.json');
    await call(200, 'GET', '/api/public/stats');
    const again = await call(200, 'GET', '/api/public/stats');
    expect(again.headers.get('x-cache')).toBe('HIT');
    await call(200, 'GET', '/api/public/rate-limits');
    await call(200, 'GET', '/healthz');
  });

  it('operations: metrics for loopback and for the operator token, 403 for anyone else', async () => {
    const outside = { 'x-forwarded-for': '203.0.113.5' };
    expect((await call(200, 'GET', '/metrics')).text).toContain('http_requests_total');
    await call(403, 'GET', '/metrics', { headers: outside });
    await call(200, 'GET', '/metrics', { headers: { ...outside, authorization: `Bearer ${METRICS_TOKEN}` } });
  });

  it('catalog reads with their query variants and problems', async () => {
    const list = await call(200, 'GET', '/api/public/videos');
    const videoId: string = list.body.items[0].id;
    await call(200, 'GET', '/api/public/videos?category=kitchen&featured=true&search=butter&limit=5&offset=0');
    await call(200, 'GET', '/api/public/videos?tag=harvest');
    await call(200, 'GET', '/api/public/videos?featured=false&limit=2&offset=2');
    await call(200, 'GET', '/api/public/videos?featured=false&limit=2&offset=2');
    await call(200, 'GET', '/api/public/videos?search=zzzz-nothing-matches');
    await call(400, 'GET', '/api/public/videos?limit=0');
    await call(400, 'GET', '/api/public/videos?limit=ten');
    await call(400, 'GET', '/api/public/videos?featured=maybe&category=nope');
    await call(400, 'GET', '/api/public/videos?limit=1&limit=2');
    await call(200, 'GET', `/api/public/videos/${videoId}`);
    await call(404, 'GET', '/api/public/videos/no-such-video');
    await call(200, 'GET', '/api/public/podcast');
    await call(200, 'GET', '/api/public/schedule');
    await call(200, 'GET', '/api/public/schedule');
    await call(200, 'GET', '/api/public/shop/products');
    const clips = await call(200, 'GET', '/api/public/clips');
    await call(200, 'GET', `/api/public/clips?videoId=${clips.body.items[0].videoId}`);
    await call(200, 'GET', '/api/public/clips?limit=1&offset=1');
    await call(400, 'GET', '/api/public/clips?videoId=Not_An_Id!');
  });

  it('the knowledge base: whole, by topic (query and path), one entry, and its problems', async () => {
    const kb = await call(200, 'GET', '/api/public/knowledge');
    const entry = kb.body.topics.cannabinoids[0];
    await call(200, 'GET', '/api/public/knowledge?topic=terpenes');
    await call(200, 'GET', '/api/public/knowledge?search=limonene%20citrus');
    await call(400, 'GET', '/api/public/knowledge?search=');
    await call(400, 'GET', '/api/public/knowledge?topic=astrology');
    await call(400, 'GET', '/api/public/knowledge?topic=terpenes&topic=medical');
    await call(200, 'GET', '/api/public/knowledge/glossary');
    await call(404, 'GET', '/api/public/knowledge/astrology');
    await call(200, 'GET', `/api/public/knowledge/cannabinoids/${entry.id}`);
    await call(404, 'GET', '/api/public/knowledge/cannabinoids/no-such-entry');
  });

  it('feeds and llms.txt', async () => {
    for (const path of ['/feeds/videos.xml', '/feeds/podcast.xml', '/feeds/videos.json', '/llms.txt', '/llms-full.txt']) await call(200, 'GET', path);
  });

  it('every pre-rendered read: HEAD, and 304 for its ETag or its Last-Modified', async () => {
    const prerendered = Object.entries<Record<string, any>>(oas.document.paths)
      .filter(([, item]) => item.get?.responses['304'])
      .map(([path]) => concrete(path));
    expect(prerendered.length).toBeGreaterThan(10);
    for (const path of prerendered) {
      const first = await call(200, 'GET', path);
      await call(200, 'HEAD', path);
      await call(304, 'GET', path, { headers: { 'if-none-match': first.headers.get('etag')! } });
      await call(304, 'GET', path, { headers: { 'if-modified-since': first.headers.get('last-modified')! } });
    }
    await call(200, 'HEAD', '/api/public/stats');
    await call(200, 'HEAD', '/api/public/videos?limit=3');
  });
});

describe('the rewards program', () => {
  it('registration and its problems', async () => {
    ada = await registerAgent({ name: 'Ada_Agent', operator: 'Ada Labs', avatarUrl: 'https://ada.example/a.png' });
    bo = await registerAgent({ name: 'bo-bot', referralCode: ada.referralCode });
    await call(409, 'POST', '/api/public/ai/register', { json: { name: 'ADA_agent' } });
    await call(400, 'POST', '/api/public/ai/register', { json: { name: 'no-such-referrer', referralCode: 'CC-NOBODY0000' } });
    await call(400, 'POST', '/api/public/ai/register', { json: { name: 'x' } });
    await call(400, 'POST', '/api/public/ai/register', { json: ['not', 'an', 'object'] });
    await call(400, 'POST', '/api/public/ai/register', { body: '{"name": ', headers: { 'content-type': 'application/json' } });
    await call(415, 'POST', '/api/public/ai/register', { body: 'name=form', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await call(413, 'POST', '/api/public/ai/register', { json: { name: 'big-one', operator: 'x'.repeat(17_000) } });
  });

  it('earn and share: awards, idempotent replays, duplicates, keys in header, X-API-Key or body', async () => {
    await call(200, 'POST', '/api/public/ai/earn', {
      json: { actionType: 'promote', url: 'https://social.example/thread/1', description: 'A thread' },
      headers: { ...bearer(ada.apiKey), 'idempotency-key': 'promo-1' },
    });
    const replay = await call(200, 'POST', '/api/public/ai/earn', {
      json: { actionType: 'promote', url: 'https://social.example/thread/1', description: 'A thread' },
      headers: { ...bearer(ada.apiKey), 'idempotency-key': 'promo-1' },
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await call(422, 'POST', '/api/public/ai/earn', { json: { actionType: 'promote', url: 'https://social.example/thread/2' }, headers: { ...bearer(ada.apiKey), 'idempotency-key': 'promo-1' } });
    await call(409, 'POST', '/api/public/ai/earn', { json: { actionType: 'promote', url: 'https://social.example/thread/1' }, headers: bearer(ada.apiKey) });
    await call(200, 'POST', '/api/public/ai/earn', { json: { actionType: 'api_use' }, headers: { 'x-api-key': ada.apiKey } });
    await call(200, 'POST', '/api/public/ai/earn', { json: { apiKey: bo.apiKey, actionType: 'mention', url: 'https://social.example/m/1', description: null } });
    await call(401, 'POST', '/api/public/ai/earn', { json: { actionType: 'share', url: 'https://social.example/s/0' } });
    await call(401, 'POST', '/api/public/ai/earn', { json: { actionType: 'share', url: 'https://social.example/s/0' }, headers: bearer('mcr_live_not-a-real-key') });
    await call(400, 'POST', '/api/public/ai/earn', { json: { actionType: 'task_post' }, headers: bearer(ada.apiKey) });
    await call(400, 'POST', '/api/public/ai/earn', { json: { actionType: 'share', url: 'ftp://social.example/x' }, headers: { ...bearer(ada.apiKey), 'idempotency-key': 'bad key with spaces' } });
    await call(200, 'POST', '/api/public/ai/share', { json: { url: 'https://social.example/s/1' }, headers: bearer(ada.apiKey) });
    await call(200, 'POST', '/api/public/ai/share', { json: { apiKey: bo.apiKey, url: 'https://social.example/s/1' } });
    await call(409, 'POST', '/api/public/ai/share', { json: { url: 'https://social.example/s/1' }, headers: bearer(ada.apiKey) });
    await call(400, 'POST', '/api/public/ai/share', { json: {}, headers: bearer(ada.apiKey) });
  });

  it('partnership: the agreement, accepting it once, and refusing without agree: true', async () => {
    await call(200, 'GET', '/api/public/ai/partnership');
    const first = await call(200, 'POST', '/api/public/ai/partnership', { json: { agree: true }, headers: bearer(ada.apiKey) });
    expect(first.body.pointsAwarded).toBe(100);
    const second = await call(200, 'POST', '/api/public/ai/partnership', { json: { apiKey: ada.apiKey, agree: true } });
    expect(second.body.alreadyPartner).toBe(true);
    await call(400, 'POST', '/api/public/ai/partnership', { json: { agree: false }, headers: bearer(bo.apiKey) });
    await call(401, 'POST', '/api/public/ai/partnership', { json: { agree: true } });
  });

  it('leaderboard, profiles and reputation, answered again from the response cache', async () => {
    await call(200, 'GET', '/api/public/ai/leaderboard');
    const hit = await call(200, 'GET', '/api/public/ai/leaderboard');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    await call(200, 'GET', '/api/public/ai/leaderboard?sort=promo&limit=1&offset=0');
    await call(200, 'GET', '/api/public/ai/leaderboard?offset=1');
    await call(400, 'GET', '/api/public/ai/leaderboard?sort=newest');
    await call(400, 'GET', '/api/public/ai/leaderboard?limit=101');
    await call(200, 'GET', `/api/public/ai/agent/${ada.name}`);
    await call(200, 'GET', `/api/public/ai/agent/${ada.name.toLowerCase()}`);
    await call(404, 'GET', '/api/public/ai/agent/nobody-here');
    await call(200, 'GET', '/api/public/ai/reputation');
    await call(200, 'GET', `/api/public/ai/reputation?name=${bo.name}`);
    await call(404, 'GET', '/api/public/ai/reputation?name=nobody-here');
    await call(400, 'GET', '/api/public/ai/reputation?name=no!');
  });

  it('tasks: list, post, claim, and the ways a claim fails', async () => {
    await call(200, 'GET', '/api/public/ai/tasks');
    const posted = await call(201, 'POST', '/api/public/ai/tasks', {
      json: { title: 'Clip the harvest episode', description: 'Three vertical clips of cc-018.', url: 'https://canopycove.example/videos/cc-018' },
      headers: { ...bearer(ada.apiKey), 'idempotency-key': 'task-1' },
    });
    const taskId: number = posted.body.task.id;
    await call(201, 'POST', '/api/public/ai/tasks', {
      json: { title: 'Clip the harvest episode', description: 'Three vertical clips of cc-018.', url: 'https://canopycove.example/videos/cc-018' },
      headers: { ...bearer(ada.apiKey), 'idempotency-key': 'task-1' },
    });
    await call(400, 'POST', '/api/public/ai/tasks', { json: { title: '' }, headers: bearer(ada.apiKey) });
    await call(200, 'GET', '/api/public/ai/tasks?status=all&limit=5&offset=0');
    await call(400, 'GET', '/api/public/ai/tasks?status=done');
    await call(403, 'POST', `/api/public/ai/tasks/${taskId}/claim`, { json: {}, headers: bearer(ada.apiKey) });
    // Ada referred bo: related agents cannot claim each other's tasks. An unrelated agent can.
    await call(403, 'POST', `/api/public/ai/tasks/${taskId}/claim`, { json: { apiKey: bo.apiKey } });
    const taker = await registerAgent({ name: 'task-taker', operator: 'Elsewhere' });
    await call(200, 'POST', `/api/public/ai/tasks/${taskId}/claim`, { json: { apiKey: taker.apiKey } });
    await call(409, 'POST', `/api/public/ai/tasks/${taskId}/claim`, { json: {}, headers: bearer(bo.apiKey) });
    await call(404, 'POST', '/api/public/ai/tasks/99999/claim', { json: {}, headers: bearer(bo.apiKey) });
    await call(404, 'POST', '/api/public/ai/tasks/not-a-number/claim', { json: {}, headers: bearer(bo.apiKey) });
    await call(200, 'GET', '/api/public/ai/tasks?status=claimed');
  });

  it('key rotation: a new key, the old one refused', async () => {
    const rotated = await call(200, 'POST', '/api/public/ai/key/rotate', { json: {}, headers: bearer(bo.apiKey) });
    await call(401, 'POST', '/api/public/ai/key/rotate', { json: { apiKey: bo.apiKey } });
    bo = { ...bo, apiKey: rotated.body.apiKey };
    await call(401, 'POST', '/api/public/ai/key/rotate', { json: {} });
  });

  it('the message channel', async () => {
    await call(200, 'GET', '/api/public/ai/message');
    await call(201, 'POST', '/api/public/ai/message', { json: { message: 'Your podcast feed is great.', topic: 'feedback', contact: 'ops@agent.example' } });
    const linked = await call(201, 'POST', '/api/public/ai/message', { json: { message: 'We would like to partner.', agentName: ada.name }, headers: bearer(ada.apiKey) });
    expect(linked.body.linkedAgent).toBe(ada.name);
    await call(401, 'POST', '/api/public/ai/message', { json: { message: 'Hello', apiKey: 'mcr_live_unknown' } });
    await call(400, 'POST', '/api/public/ai/message', { json: { message: '   ' } });
  });

  it('the concierge', async () => {
    await call(200, 'GET', '/api/concierge-chat');
    await call(200, 'POST', '/api/concierge-chat', { json: { message: 'How do I earn points?', sessionId: 's-1' } });
    await call(200, 'POST', '/api/concierge-chat', { json: { message: 'What is my tier?' }, headers: bearer(ada.apiKey) });
    await call(200, 'POST', '/api/concierge-chat', { json: { message: 'What is on now?', apiKey: 'mcr_live_unknown' } });
    await call(400, 'POST', '/api/concierge-chat', { json: { sessionId: 's-2' } });
  });

  it('tier-gated reads: 401 without a key, 403 below the tier, 200 from Silver (feed) and Platinum (exclusive), the Legend firehose', async () => {
    await call(401, 'GET', '/api/public/ai/exclusive');
    await call(401, 'GET', '/api/public/ai/feed?apiKey=mcr_live_unknown');
    await call(403, 'GET', '/api/public/ai/feed', { headers: bearer(bo.apiKey) });
    await call(403, 'GET', `/api/public/ai/exclusive?apiKey=${encodeURIComponent(bo.apiKey)}`);
    // Ada: 25 promote + 5 api_use + 10 share + 100 partnership + 50 referral + 20 task_post = 210, Silver.
    await call(200, 'GET', `/api/public/ai/feed?apiKey=${encodeURIComponent(ada.apiKey)}`);
    await call(200, 'GET', '/api/public/ai/feed?limit=1', { headers: { 'x-api-key': ada.apiKey } });
    await call(403, 'GET', '/api/public/ai/exclusive', { headers: bearer(ada.apiKey) });
    await call(400, 'GET', '/api/public/ai/feed?since=yesterday', { headers: bearer(ada.apiKey) });

    await earnTimes(ada, 'promote', 9);
    await earnTimes(ada, 'mention', 20);
    await earnTimes(ada, 'share', 19);
    await earn(ada, 'share', 409);
    await call(200, 'GET', '/api/public/ai/exclusive', { headers: bearer(ada.apiKey) });
    await call(200, 'GET', `/api/public/ai/exclusive?apiKey=${encodeURIComponent(ada.apiKey)}`);

    // 925 points: Platinum. The next day's caps take Ada past 1,500: Legend, whose feed is the firehose.
    expect((await setClock(service.url, '2026-11-23T12:00:00Z')).status).toBe(200);
    await earnTimes(ada, 'promote', 10);
    await earnTimes(ada, 'mention', 20);
    await earnTimes(ada, 'share', 3);
    const profile = await call(200, 'GET', `/api/public/ai/agent/${ada.name}`);
    expect(profile.body.agent.tier).toBe('Legend');
    const feed = await call(200, 'GET', '/api/public/ai/feed?limit=3', { headers: bearer(ada.apiKey) });
    expect(feed.body.firehose).toBe(true);
    await call(200, 'GET', `/api/public/ai/feed?since=${feed.body.nextCursor}`, { headers: bearer(ada.apiKey) });
    await call(200, 'GET', `/api/public/ai/agent/${ada.name}`);
    await call(200, 'GET', '/api/public/ai/leaderboard?sort=promo');
    await call(200, 'GET', '/api/public/stats');
  });

  it('a suspended agent: 403 on writes and gated reads', async () => {
    const muted = await registerAgent({ name: 'Muted-One' });
    expect((await admin({ databasePath: service.databasePath, clockStart: CLOCK_START }, 'suspend', muted.name)).code).toBe(0);
    await earn(muted, 'share', 403);
    await call(403, 'GET', '/api/public/ai/feed', { headers: bearer(muted.apiKey) });
    await call(200, 'GET', `/api/public/ai/agent/${muted.name}`);
  });
});

describe('webhooks', () => {
  it('register, list, test, deliveries, secret rotation and delete, and their problems', async () => {
    const wes = await registerAgent({ name: 'Webhook-Wes' });
    const events = ['points.awarded', 'tier.changed'];
    const path = '/api/public/ai/webhooks';
    const hook = await call(201, 'POST', path, { json: { url: 'http://127.0.0.1:9/in', events }, headers: bearer(wes.apiKey) });
    await call(400, 'POST', path, { json: { url: 'http://hooks.partner-site.net/in', events }, headers: bearer(wes.apiKey) });
    await call(400, 'POST', path, { json: { url: 'http://127.0.0.1:9/in', events: [] }, headers: bearer(wes.apiKey) });
    await call(401, 'POST', path, { json: { url: 'http://127.0.0.1:9/in', events } });
    for (let i = 2; i <= 5; i += 1) await call(201, 'POST', path, { json: { url: `http://127.0.0.1:9/in-${i}`, events }, headers: bearer(wes.apiKey) });
    await call(409, 'POST', path, { json: { url: 'http://127.0.0.1:9/in-6', events }, headers: bearer(wes.apiKey) });
    expect((await call(200, 'GET', path, { headers: bearer(wes.apiKey) })).body.webhooks).toHaveLength(5);
    await call(200, 'GET', `${path}?apiKey=${encodeURIComponent(wes.apiKey)}`);
    await call(401, 'GET', path);
    const one = `${path}/${hook.body.id}`;
    await call(202, 'POST', `${one}/test`, { json: {}, headers: bearer(wes.apiKey) });
    await call(404, 'POST', `${path}/wh_00000000000000000000/test`, { json: {}, headers: bearer(wes.apiKey) });
    await call(200, 'GET', `${one}/deliveries`, { headers: bearer(wes.apiKey) });
    await call(404, 'GET', `${path}/wh_00000000000000000000/deliveries`, { headers: bearer(wes.apiKey) });
    await call(200, 'POST', `${one}/secret/rotate`, { json: {}, headers: bearer(wes.apiKey) });
    await call(401, 'POST', `${one}/secret/rotate`, { json: {} });
    await call(401, 'DELETE', one);
    await call(200, 'DELETE', one, { headers: bearer(wes.apiKey) });
    await call(404, 'DELETE', one, { headers: bearer(wes.apiKey) });
  });
});

describe('wrong methods', () => {
  it('every path answers a method it does not have with 405 and its Allow', async () => {
    for (const [template, item] of Object.entries<Record<string, unknown>>(oas.document.paths)) {
      const path = concrete(template);
      const method = item.post ? (item.get ? 'DELETE' : 'GET') : 'POST';
      const res = await call(405, method, path, method === 'POST' ? { json: {} } : {});
      const allow = res.headers.get('allow')!.split(', ');
      for (const m of ['get', 'post']) expect(allow.includes(m.toUpperCase()), `${template} Allow: ${allow}`).toBe(Boolean(item[m]));
    }
    await call(405, 'PUT', '/api/public/videos', { json: {} });
  });
});

describe('past a rate limit', () => {
  it('429 with Retry-After on reads and writes', async () => {
    const limited = await startService({ env: { RATE_LIMITS: 'on', RATE_LIMIT_SCALE: '0.05' } });
    try {
      const on: Target = { url: limited.url, oas: await OpenApiCheck.load(limited.url) };
      let read: JsonResponse | undefined;
      for (let i = 0; i < 10 && read?.status !== 429; i += 1) read = await send('GET', '/api/public/stats', {}, on);
      expect(read!.status).toBe(429);
      await call(429, 'GET', '/api/public/videos', {}, on);
      let write: JsonResponse | undefined;
      for (let i = 0; i < 10 && write?.status !== 429; i += 1) write = await send('POST', '/api/public/ai/register', { json: { name: `limited-${i}` } }, on);
      expect(write!.status).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});

describe('the journey', () => {
  it('checked every operation of the document', () => {
    const operations = Object.entries<Record<string, unknown>>(oas.document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.filter((op) => !oas.coverage.has(op))).toEqual([]);
  });
});

/** A concrete path for a template: a real video, topic, entry, agent or task. */
function concrete(template: string): string {
  return template
    .replace('/videos/{id}', '/videos/cc-001')
    .replace('/knowledge/{topic}/{id}', '/knowledge/cannabinoids/cannabidiol')
    .replace('/knowledge/{topic}', '/knowledge/terpenes')
    .replace('{name}', 'Ada_Agent')
    .replace('{id}', '1');
}
