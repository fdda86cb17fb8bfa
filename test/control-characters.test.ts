/**
 * Control characters in request bodies (issue #35): every text field of every write the discovery
 * index lists (the registry's operations, with their body schemas) refuses U+0000-U+001F other
 * than tab and newline, and U+007F, with a 400 problem naming the field, on SQLite and PostgreSQL
 * alike, and nothing is stored. PostgreSQL cannot store U+0000 in text: before the schemas refused
 * it, register's operator, earn's description, a task's title and a message answered 500 there.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, type Registered } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

const run = promisify(execFile);

/** The pattern every free-text field carries in the OpenAPI document and the discovery index. */
const PLAIN_TEXT = '^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F]*$';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
}

interface Endpoint {
  method: string;
  path: string;
  operationId: string;
  auth: string;
  body: JsonSchema | null;
}

let service: TestService;
let endpoints: Endpoint[];
let schemas: Record<string, JsonSchema>;
let probe: Registered;
let poster: Registered;
let openTask: number;

beforeAll(async () => {
  service = await startService({ clockStart: '2026-11-22T12:00:00Z' });
  const index = (await request(service.url, '/api/public')).body;
  endpoints = index.endpoints;
  schemas = index.schemas ?? {};
  probe = await register(service.url, { name: 'nul-probe' });
  poster = await register(service.url, { name: 'nul-poster' });
  const task = await request(service.url, '/api/public/ai/tasks', {
    method: 'POST',
    json: { title: 'Open task', description: 'For the claim' },
    headers: { authorization: `Bearer ${poster.apiKey}` },
  });
  expect(task.status, task.text).toBe(201);
  openTask = task.body.task.id;
});
afterAll(async () => {
  await service?.stop();
});

const resolve = (schema: JsonSchema | null | undefined): JsonSchema => (schema?.$ref ? (schemas[schema.$ref.split('/').at(-1)!] ?? {}) : (schema ?? {}));

/** The string schema of a body property, when it is one (directly, or as a branch of anyOf with null). */
function stringSchema(property: JsonSchema): JsonSchema | undefined {
  const p = resolve(property);
  if (p.type === 'string' || (Array.isArray(p.type) && p.type.includes('string'))) return p;
  return p.anyOf?.map(resolve).find((branch) => branch.type === 'string');
}

/** A body each write accepts as it stands (what the NUL then breaks), and the path it is sent to. */
function validRequest(operationId: string): { path?: Record<string, string>; body: Record<string, unknown> } | undefined {
  const url = 'https://social.example/posts/nul-probe';
  switch (operationId) {
    case 'register':
      return { body: { name: 'nul-newcomer', operator: 'Ops', avatarUrl: 'https://avatars.example/a.png', referralCode: probe.referralCode } };
    case 'earn':
      return { body: { actionType: 'promote', url, description: 'A review' } };
    case 'share':
      return { body: { url } };
    case 'partnership_accept':
      return { body: { agree: true } };
    case 'task_post':
      return { body: { title: 'A task', description: 'Do it', url } };
    case 'task_claim':
      return { path: { id: String(openTask) }, body: {} };
    case 'key_rotate':
      return { body: {} };
    case 'message_send':
      return { body: { message: 'Hello', agentName: 'nul-probe', operator: 'Ops', contact: 'ops@probe.example', topic: 'hello' } };
    case 'concierge_ask':
      return { body: { message: 'What are the tiers?', sessionId: 's-1' } };
    case 'webhook_create':
      return { body: { url: 'https://hooks.example/in', events: ['points.awarded'] } };
    case 'webhook_test':
    case 'webhook_secret_rotate':
      return { path: { id: 'wh_00000000000000000000' }, body: {} };
  }
  return undefined;
}

/** What a stored write would change, as the public API and the operator inbox show it. */
async function stored() {
  const stats = (await request(service.url, '/api/public/stats')).body.aiProgram;
  const agent = (await request(service.url, '/api/public/ai/agent/nul-probe')).body.agent;
  const hooks = (await request(service.url, '/api/public/ai/webhooks', { headers: { authorization: `Bearer ${probe.apiKey}` } })).body;
  const inbox = await run(process.execPath, ['--import', 'tsx', 'scripts/inbox.ts', 'export'], { env: { ...process.env, ...service.storeEnv }, timeout: 30_000 });
  const tasks = (await request(service.url, '/api/public/ai/tasks?status=all')).body.items.map((t: { id: number; status: string }) => [t.id, t.status]);
  return {
    agents: stats.agents,
    pointsAwarded: stats.pointsAwarded,
    tasks,
    probe: [agent.points, agent.partner, agent.recentActivity.length],
    webhooks: hooks.webhooks.length,
    messages: inbox.stdout.split('\n').filter(Boolean).length,
  };
}

describe('control characters in request bodies', () => {
  it('every text field of every write refuses U+0000 with 400 invalid_request naming the field, and nothing is stored', async () => {
    const writes = endpoints.filter((e) => e.method !== 'GET' && e.body);
    expect(writes.map((e) => e.operationId)).toEqual(expect.arrayContaining(['register', 'earn', 'task_post', 'message_send', 'concierge_ask', 'webhook_create']));
    const before = await stored();
    const tried: string[] = [];
    const plain: string[] = [];
    const wrong: string[] = [];
    for (const endpoint of writes) {
      const valid = validRequest(endpoint.operationId);
      expect(valid, `no valid request for ${endpoint.operationId}: add one to validRequest`).toBeDefined();
      const properties = resolve(endpoint.body).properties ?? {};
      for (const [field, property] of Object.entries(properties)) {
        const text = stringSchema(property);
        // An enum admits its own values only.
        if (!text || text.enum) continue;
        const value = /url/i.test(field) ? 'https://social.example/a\u0000b' : 'a\u0000b';
        const path = endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => valid!.path?.[name] ?? '');
        // The apiKey field's own NUL is sent without a header, so the body's key is the one read.
        const headers: Record<string, string> = field === 'apiKey' || endpoint.auth === 'none' ? {} : { authorization: `Bearer ${probe.apiKey}` };
        const res = await request(service.url, path, { method: endpoint.method, json: { ...valid!.body, [field]: value }, headers });
        const what = `${endpoint.method} ${path} with U+0000 in ${field}: ${res.status} ${res.text.slice(0, 300)}`;
        // The schema says so: the OpenAPI document and the discovery index carry a pattern.
        if (!text.pattern || new RegExp(text.pattern, 'u').test('a\u0000b')) wrong.push(`${endpoint.operationId}.${field}: its pattern ${text.pattern} admits U+0000`);
        if (res.status !== 400) {
          // Every field is tried before the test fails, so a failure lists them all.
          wrong.push(`${endpoint.operationId}.${field}: ${res.status} ${res.body?.code}`);
          continue;
        }
        expect(res.headers.get('content-type'), what).toContain('application/problem+json');
        expect(res.body.code, what).toBe('invalid_request');
        // A field with a stricter pattern of its own (an agent name) says what it admits instead.
        const message = text.pattern === PLAIN_TEXT ? expect.stringContaining('U+0000 at character 2') : expect.any(String);
        expect(res.body.errors, what).toContainEqual({ path: field, message });
        if (text.pattern === PLAIN_TEXT) plain.push(`${endpoint.operationId}.${field}`);
        tried.push(`${endpoint.operationId}.${field}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(plain).toEqual(tried.filter((f) => f !== 'register.name'));
    expect(tried).toEqual(
      expect.arrayContaining([
        'register.operator',
        'register.avatarUrl',
        'register.referralCode',
        'earn.description',
        'earn.url',
        'task_post.title',
        'task_post.description',
        'message_send.message',
        'message_send.topic',
        'concierge_ask.message',
        'webhook_create.url',
      ]),
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses the other C0 controls and DEL; tab and newline are text', async () => {
    const send = (message: string) => request(service.url, '/api/public/ai/message', { method: 'POST', json: { message } });
    for (const [char, code] of [
      ['\u0001', 'U+0001'],
      ['\u001b', 'U+001B'],
      ['\r', 'U+000D'],
      ['\u000b', 'U+000B'],
      ['\u007f', 'U+007F'],
    ]) {
      const res = await send(`line one${char}two`);
      expect([code, res.status, res.body.errors]).toEqual([code, 400, [{ path: 'message', message: `must not contain control characters other than tab and newline (${code} at character 9)` }]]);
    }
    const accepted = await send('line one\n\tline two, with C1 \u0085 and bidi \u202e characters');
    expect(accepted.status, accepted.text).toBe(201);
    const earn = await request(service.url, '/api/public/ai/earn', {
      method: 'POST',
      json: { actionType: 'mention', url: 'https://social.example/tabbed', description: 'Two lines:\nfirst\tand second' },
      headers: { authorization: `Bearer ${probe.apiKey}` },
    });
    expect(earn.status, earn.text).toBe(200);
    expect(earn.body.activity.description).toBe('Two lines:\nfirst\tand second');
  });

  it('a path parameter with U+0000 is refused, not looked up', async () => {
    for (const path of ['/api/public/ai/agent/nul%00probe', '/api/public/ai/agent/nul%00probe/badges']) {
      const res = await request(service.url, path);
      expect([path, res.status, res.body.code]).toEqual([path, 400, 'bad_request']);
    }
  });
});
