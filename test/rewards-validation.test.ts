/**
 * Every field of every rewards body, invalid in turn: 400 invalid_request naming that field, and
 * nothing written (program stats and the ledger check are unchanged afterwards).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, post, register, type Registered } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;
let agent: Registered;
let taskId: number;
let before: unknown;

const stats = async () => (await request(service.url, '/api/public/stats')).body.aiProgram;
const long = (n: number) => 'x'.repeat(n);
const longUrl = (n: number) => `https://example.com/${'a'.repeat(n - 20)}`;

beforeAll(async () => {
  service = await startService({ clockStart: '2026-11-22T12:00:00Z' });
  agent = await register(service.url, { name: 'valid_agent' });
  const other = await register(service.url, { name: 'other_agent' });
  const task = await post(service.url, '/api/public/ai/tasks', { title: 'A task', description: 'To claim.' }, other.apiKey);
  taskId = task.body.task.id;
  before = await stats();
});
afterAll(() => service?.stop());

type Case = [field: string, body: Record<string, unknown>];

const register_: Case[] = [
  ['name', {}],
  ['name', { name: 'ab' }],
  ['name', { name: long(33) }],
  ['name', { name: 'has space' }],
  ['name', { name: 'ünïcode' }],
  ['name', { name: 42 }],
  ['operator', { name: 'fresh_one', operator: long(101) }],
  ['operator', { name: 'fresh_one', operator: 7 }],
  ['operator', { name: 'fresh_one', operator: '   ' }],
  ['avatarUrl', { name: 'fresh_one', avatarUrl: 'ftp://example.com/a.png' }],
  ['avatarUrl', { name: 'fresh_one', avatarUrl: 'not a url' }],
  ['avatarUrl', { name: 'fresh_one', avatarUrl: longUrl(2049) }],
  ['referralCode', { name: 'fresh_one', referralCode: long(65) }],
  ['referralCode', { name: 'fresh_one', referralCode: 12 }],
];

const earn_: Case[] = [
  ['apiKey', { apiKey: 5, actionType: 'share' }],
  ['apiKey', { apiKey: '', actionType: 'share' }],
  ['actionType', {}],
  ['actionType', { actionType: 'task_post' }],
  ['actionType', { actionType: 'SHARE' }],
  ['url', { actionType: 'share', url: 'javascript:alert(1)' }],
  ['url', { actionType: 'share', url: 'example.com/page' }],
  ['url', { actionType: 'share', url: longUrl(2049) }],
  ['description', { actionType: 'share', description: long(501) }],
  ['description', { actionType: 'share', description: ['x'] }],
];

const share_: Case[] = [
  ['apiKey', { apiKey: false, url: 'https://example.com/' }],
  ['url', {}],
  ['url', { url: 'mailto:a@example.com' }],
];

const partnership_: Case[] = [
  ['apiKey', { apiKey: {}, agree: true }],
  ['agree', {}],
  ['agree', { agree: false }],
  ['agree', { agree: 'true' }],
];

const tasks_: Case[] = [
  ['apiKey', { apiKey: 1, title: 't', description: 'd' }],
  ['title', { description: 'd' }],
  ['title', { title: '', description: 'd' }],
  ['title', { title: long(161), description: 'd' }],
  ['description', { title: 't' }],
  ['description', { title: 't', description: long(2001) }],
  ['url', { title: 't', description: 'd', url: 'gopher://example.com' }],
];

const claim_: Case[] = [['apiKey', { apiKey: 99 }]];
const rotate_: Case[] = [['apiKey', { apiKey: [] }]];

describe.each([
  ['/api/public/ai/register', register_, false],
  ['/api/public/ai/earn', earn_, true],
  ['/api/public/ai/share', share_, true],
  ['/api/public/ai/partnership', partnership_, true],
  ['/api/public/ai/tasks', tasks_, true],
  ['CLAIM', claim_, true],
  ['/api/public/ai/key/rotate', rotate_, true],
] as const)('%s', (path, cases, authenticated) => {
  it.each(cases.map((c, i) => [i, ...c] as const))('case %i: invalid %s -> 400 naming it', async (_i, field, body) => {
    const target = path === 'CLAIM' ? `/api/public/ai/tasks/${taskId}/claim` : path;
    const res = await post(service.url, target, body, authenticated ? agent.apiKey : undefined);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('malformed requests', () => {
  it('non-JSON body 415, broken JSON 400 invalid_json, array body 400, bad Idempotency-Key 400', async () => {
    const text = await request(service.url, '/api/public/ai/earn', { method: 'POST', body: 'actionType=share', headers: { 'content-type': 'text/plain', authorization: `Bearer ${agent.apiKey}` } });
    expect(text.status).toBe(415);
    const broken = await request(service.url, '/api/public/ai/earn', {
      method: 'POST',
      body: '{"actionType":',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.apiKey}` },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('invalid_json');
    const array = await post(service.url, '/api/public/ai/earn', [{ actionType: 'share' }], agent.apiKey);
    expect(array.status).toBe(400);
    const idem = await post(service.url, '/api/public/ai/earn', { actionType: 'api_use' }, agent.apiKey, { 'idempotency-key': long(256) });
    expect(idem.status).toBe(400);
    expect(idem.body.errors[0].path).toBe('Idempotency-Key');
  });

  it('missing and unknown keys are 401 with their own codes; GET on a write is 405', async () => {
    const missing = await post(service.url, '/api/public/ai/earn', { actionType: 'share' });
    expect([missing.status, missing.body.code]).toEqual([401, 'missing_api_key']);
    const unknown = await post(service.url, '/api/public/ai/earn', { actionType: 'share', apiKey: 'mcr_live_nope' });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'invalid_api_key']);
    expect(unknown.text).not.toContain('mcr_live_nope');
    const viaHeader = await request(service.url, '/api/public/ai/earn', { method: 'POST', json: { actionType: 'share' }, headers: { 'x-api-key': 'mcr_live_nope' } });
    expect(viaHeader.status).toBe(401);
    const get = await request(service.url, '/api/public/ai/earn');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toContain('POST');
  });

  it('bad queries are 400 naming the parameter', async () => {
    for (const [path, param] of [
      ['/api/public/ai/leaderboard?limit=0', 'limit'],
      ['/api/public/ai/leaderboard?offset=-1', 'offset'],
      ['/api/public/ai/leaderboard?sort=name', 'sort'],
      ['/api/public/ai/reputation?name=a', 'name'],
      ['/api/public/ai/tasks?status=done', 'status'],
      [`/api/public/ai/feed?since=yesterday&apiKey=${agent.apiKey}`, 'since'],
    ] as const) {
      const res = await request(service.url, path);
      expect(res.status, path).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(param);
    }
  });

  it('wrote nothing: stats and ledger unchanged', async () => {
    expect(await stats()).toEqual(before);
    const r = await admin(service.databasePath, 'check');
    expect(r.code).toBe(0);
  });
});
