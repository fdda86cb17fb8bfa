/**
 * The earn writes (POST /api/public/ai/earn and /share) are answered by our Node server itself
 * (src/http/shared-writes.ts), and by the Astro endpoints when DIRECT_ROUTES=off. Two servers on
 * one database, one each way, must answer the same requests the same: successes, replays and
 * every problem, with nothing written twice and nothing written by a request that failed.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, register, type Registered } from './support/rewards.ts';
import { request, startService, type JsonResponse, type TestService } from './support/service.ts';

const PINNED = '2026-11-22T12:00:00Z';
let direct: TestService;
let viaAstro: TestService;
/** One agent per server, so each server's writes start from the same state. */
let agents: { direct: Registered; viaAstro: Registered };

beforeAll(async () => {
  direct = await startService({ clockStart: PINNED });
  viaAstro = await startService({ clockStart: PINNED, databasePath: direct.databasePath, env: { DIRECT_ROUTES: 'off' } });
  agents = {
    direct: await register(direct.url, { name: 'writer_one' }),
    viaAstro: await register(direct.url, { name: 'writer_two' }),
  };
});
afterAll(async () => {
  await viaAstro?.stop();
  await direct?.stop();
});

/** The answer without what differs by design: the instant, the request id, which agent and which row. */
function comparable(res: JsonResponse) {
  const text = JSON.stringify(res.body)
    .replaceAll(/writer_(one|two)/g, 'writer')
    .replaceAll(/"(generatedAt|requestId)":"[^"]*"/g, '"$1":"(varies)"')
    .replaceAll(/"(id|activityId)":\d+/g, '"$1":"(row)"')
    .replaceAll(/"(createdAt|awardedAt|retryAfter|lastModified)":"[^"]*"/g, '"$1":"(instant)"')
    .replaceAll(/already awarded at [0-9TZ:.-]+/g, 'already awarded at (instant)');
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cacheControl: res.headers.get('cache-control'),
    replayed: res.headers.get('idempotent-replayed'),
    retryAfter: res.headers.get('retry-after'),
    body: JSON.parse(text),
  };
}

interface Attempt {
  path?: string;
  body: unknown;
  /** `key`: the agent's apiKey as a Bearer header; `body`: as the body's apiKey; `none`; or a wrong one. */
  auth: 'key' | 'body' | 'none' | 'wrong';
  headers?: Record<string, string>;
  raw?: string;
}

async function attempt(server: TestService, agent: Registered, a: Attempt): Promise<JsonResponse> {
  const path = a.path ?? '/api/public/ai/earn';
  const body = a.auth === 'body' ? { ...(a.body as object), apiKey: agent.apiKey } : a.body;
  const headers = { ...(a.auth === 'wrong' ? { authorization: 'Bearer ck_not_a_key_at_all' } : {}), ...a.headers };
  if (a.raw !== undefined) return request(server.url, path, { method: 'POST', body: a.raw, headers: { 'content-type': 'application/json', ...(a.auth === 'key' ? { authorization: `Bearer ${agent.apiKey}` } : {}), ...headers } });
  return post(server.url, path, body, a.auth === 'key' ? agent.apiKey : undefined, headers);
}

/** The same attempt by each server's own agent; both answers, compared. */
async function both(a: Attempt): Promise<[JsonResponse, JsonResponse]> {
  const one = await attempt(direct, agents.direct, a);
  const two = await attempt(viaAstro, agents.viaAstro, a);
  expect(comparable(one)).toEqual(comparable(two));
  return [one, two];
}

function ledgerOf(name: string): { points: number; rows: number; sum: number } {
  const db = new Database(direct.databasePath, { readonly: true });
  try {
    return db
      .prepare('SELECT a.points AS points, count(x.id) AS rows, coalesce(sum(x.points), 0) AS sum FROM agents a LEFT JOIN activities x ON x.agent_id = a.id WHERE a.name = ?')
      .get(name) as { points: number; rows: number; sum: number };
  } finally {
    db.close();
  }
}

describe('shared earn writes', () => {
  it('awards an earn the same both ways', async () => {
    const [one, two] = await both({ body: { actionType: 'promote', url: 'https://writes.example/1', description: 'a post' }, auth: 'key' });
    expect(one.status).toBe(200);
    expect(one.body.agent.points).toBe(25);
    // Our server answers with a Content-Length body, Astro with its chunked stream: each way did answer.
    expect(one.headers.get('content-length')).toBe(String(Buffer.byteLength(one.text)));
    expect(two.headers.get('content-length')).toBeNull();
  });

  it('takes the apiKey from the body as well', async () => {
    const [one] = await both({ body: { actionType: 'mention', url: 'https://writes.example/2' }, auth: 'body' });
    expect(one.status).toBe(200);
  });

  it('refuses a repeat of the same action and url with the same 409', async () => {
    const [one] = await both({ body: { actionType: 'promote', url: 'https://writes.example/1' }, auth: 'key' });
    expect(one.status).toBe(409);
    expect(one.body.code).toBe('duplicate_action');
  });

  it('answers a share like an earn of type share', async () => {
    const [one] = await both({ path: '/api/public/ai/share', body: { url: 'https://writes.example/3' }, auth: 'key' });
    expect(one.status).toBe(200);
    expect(one.body.activity.actionType).toBe('share');
    const [missing] = await both({ path: '/api/public/ai/share', body: {}, auth: 'key' });
    expect(missing.status).toBe(400);
  });

  it.each<[string, Attempt, number]>([
    ['no apiKey', { body: { actionType: 'share', url: 'https://writes.example/4' }, auth: 'none' }, 401],
    ['an unknown apiKey', { body: { actionType: 'share', url: 'https://writes.example/4' }, auth: 'wrong' }, 401],
    ['a body that is not JSON', { body: undefined, raw: '{"actionType":', auth: 'key' }, 400],
    ['a JSON array', { body: undefined, raw: '[1,2]', auth: 'key' }, 400],
    ['an unknown actionType', { body: { actionType: 'farm', url: 'https://writes.example/4' }, auth: 'key' }, 400],
    ['a url that is not http(s)', { body: { actionType: 'share', url: 'javascript:alert(1)' }, auth: 'key' }, 400],
    ['a description too long', { body: { actionType: 'share', url: 'https://writes.example/4', description: 'x'.repeat(501) }, auth: 'key' }, 400],
    ['an Idempotency-Key that is not visible ASCII', { body: { actionType: 'share', url: 'https://writes.example/4' }, auth: 'key', headers: { 'idempotency-key': 'a b' } }, 400],
  ])('answers %s with the same problem and writes nothing', async (_, a, status) => {
    const before = [ledgerOf('writer_one'), ledgerOf('writer_two')];
    const [one, two] = await both(a);
    expect(one.status).toBe(status);
    // Both ways state the instant on the server's clock (pinned at 12:00 and running since).
    for (const res of [one, two]) expect(Date.parse(res.body.dataFreshness.generatedAt) - Date.parse(PINNED)).toBeLessThan(10 * 60_000);
    expect(one.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(one.body.requestId).toBe(one.headers.get('x-request-id'));
    expect([ledgerOf('writer_one'), ledgerOf('writer_two')]).toEqual(before);
  });

  it('replays an Idempotency-Key, and refuses it for another body', async () => {
    const first = { body: { actionType: 'api_use' }, auth: 'key' as const, headers: { 'idempotency-key': 'writes-test-1' } };
    const [one] = await both(first);
    expect(one.status).toBe(200);
    const [again] = await both(first);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.activity.id).toBe(one.body.activity.id);
    const [other] = await both({ ...first, body: { actionType: 'share', url: 'https://writes.example/5' } });
    expect(other.status).toBe(422);
  });

  it('reaches the daily cap the same way', async () => {
    // promote: 10 a day; one was awarded above.
    for (let i = 0; i < 9; i++) {
      const [one] = await both({ body: { actionType: 'promote', url: `https://writes.example/cap/${i}` }, auth: 'key' });
      expect(one.status).toBe(200);
    }
    const [capped] = await both({ body: { actionType: 'promote', url: 'https://writes.example/cap/last' }, auth: 'key' });
    expect(capped.status).toBe(409);
    expect(capped.body.code).toBe('daily_cap_reached');
  });

  it('leaves each agent with points equal to its ledger, the same for both', () => {
    const [one, two] = [ledgerOf('writer_one'), ledgerOf('writer_two')];
    expect(one.points).toBe(one.sum);
    expect(one).toEqual(two);
    // promote 10 x 25, mention 15, share 10, api_use 5.
    expect(one.points).toBe(10 * 25 + 15 + 10 + 5);
  });
});
