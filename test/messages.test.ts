/**
 * The direct message channel over real HTTP, and the operator inbox reading what it stored: the
 * self-description, the 201 receipt, every field's limits (each invalid in turn stores nothing),
 * apiKeys in the body and both headers (unknown ones are 401 and store nothing; valid ones link
 * the message to the agent), media type and JSON errors, and terminal-safe inbox output. The
 * inbox runs as the operator runs it: `scripts/inbox.ts` as a child process on the server's
 * database file.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../src/schemas/api/common.ts';
import { FIELD_MAX, MESSAGE_MAX, messageChannelDocSchema, messageReceiptSchema } from '../src/schemas/api/messages.ts';
import { admin, register, type Registered } from './support/rewards.ts';
import { request, startService, type JsonResponse, type TestService } from './support/service.ts';
import { openTestDatabase } from './support/backend.ts';

const PATH = '/api/public/ai/message';
const run = promisify(execFile);

let service: TestService;
let agent: Registered;
/** Every id the channel answered 201 for: exactly these must reach the inbox. */
const accepted: string[] = [];

const send = async (json: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> => {
  const res = await request(service.url, PATH, { method: 'POST', json, headers });
  if (res.status === 201) accepted.push(res.body.id);
  return res;
};
const raw = (body: string, type: string) => request(service.url, PATH, { method: 'POST', body, headers: { 'content-type': type } });

/** Rows in the messages table, read beside the running server. */
async function storedCount(): Promise<number> {
  const db = openTestDatabase(service.storeEnv);
  try {
    const row = await db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

async function inbox(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/inbox.ts', ...args], { env: { ...process.env, ...service.storeEnv }, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function expectProblem(res: JsonResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  problemSchema.parse(res.body);
  expect(res.body.code).toBe(code);
}

beforeAll(async () => {
  service = await startService();
  agent = await register(service.url, { name: 'Courier-7', operator: 'Relay Labs' });
});
afterAll(() => service?.stop());

describe('GET /api/public/ai/message', () => {
  it('documents the channel: fields with their limits, what happens, the receipt and the errors', async () => {
    const res = await request(service.url, PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { channel, dataFreshness } = messageChannelDocSchema.parse(res.body);
    expect(dataFreshness.source).toBe('live');
    expect(channel.send).toEqual({ method: 'POST', url: service.url + PATH, contentType: 'application/json' });
    expect(channel.fields.map((f) => [f.name, f.required, f.maxLength])).toEqual([
      ['message', true, MESSAGE_MAX],
      ['agentName', false, FIELD_MAX],
      ['operator', false, FIELD_MAX],
      ['contact', false, FIELD_MAX],
      ['topic', false, FIELD_MAX],
      ['apiKey', false, FIELD_MAX],
    ]);
    expect(channel.whatHappens.join(' ')).toMatch(/person on the team reads every message/);
    expect(channel.errors.map((e) => [e.status, e.code])).toEqual(
      expect.arrayContaining([
        [400, 'invalid_request'],
        [401, 'invalid_api_key'],
        [429, 'rate_limited'],
      ]),
    );
  });

  it('is listed in the discovery index', async () => {
    const res = await request(service.url, '/api/public');
    expect(res.text).toContain('/api/public/ai/message');
  });
});

describe('POST /api/public/ai/message', () => {
  it('accepts a message alone: 201 with id, receivedAt, status "received" and dataFreshness', async () => {
    const before = await storedCount();
    const res = await send({ message: 'Hello team, just the message.' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = messageReceiptSchema.parse(res.body);
    expect(body.id).toMatch(/^msg_[0-9a-f]{20}$/);
    expect(body.status).toBe('received');
    expect(body.linkedAgent).toBeNull();
    expect(Math.abs(Date.parse(body.receivedAt) - Date.now())).toBeLessThan(60_000);
    expect(body.dataFreshness).toMatchObject({ source: 'live', maxAgeSeconds: 0, lastModified: body.receivedAt });
    expect(await storedCount()).toBe(before + 1);
  });

  it('gives every message its own id', async () => {
    const a = await send({ message: 'same text' });
    const b = await send({ message: 'same text' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('accepts every optional field, and every field at its maximum length', async () => {
    const full = await send({ message: 'Partnership question.', agentName: 'Wanderer', operator: 'Wander Inc', contact: 'ops@wander.example', topic: 'partnership' });
    expect(full.status).toBe(201);
    const longest = await send({ message: 'm'.repeat(MESSAGE_MAX), agentName: 'a'.repeat(FIELD_MAX), operator: 'o'.repeat(FIELD_MAX), contact: 'c'.repeat(FIELD_MAX), topic: 't'.repeat(FIELD_MAX) });
    expect(longest.status, longest.text).toBe(201);
    const shortest = await send({ message: 'x' });
    expect(shortest.status).toBe(201);
  });

  const tooLong = (n: number) => 'z'.repeat(n + 1);
  const invalidBodies: Array<[string, Record<string, unknown>, string]> = [
    ['message missing', { topic: 'bug' }, 'message'],
    ['message empty', { message: '' }, 'message'],
    ['message blank', { message: ' \n\t ' }, 'message'],
    [`message over ${MESSAGE_MAX}`, { message: tooLong(MESSAGE_MAX) }, 'message'],
    ['message a number', { message: 42 }, 'message'],
    ['message null', { message: null }, 'message'],
    ['message an array', { message: ['hi'] }, 'message'],
    ...(['agentName', 'operator', 'contact', 'topic'] as const).flatMap(
      (field): Array<[string, Record<string, unknown>, string]> => [
        [`${field} over ${FIELD_MAX}`, { message: 'ok', [field]: tooLong(FIELD_MAX) }, field],
        [`${field} empty`, { message: 'ok', [field]: '' }, field],
        [`${field} a number`, { message: 'ok', [field]: 7 }, field],
        [`${field} an object`, { message: 'ok', [field]: { a: 1 } }, field],
      ],
    ),
    [`apiKey over ${FIELD_MAX}`, { message: 'ok', apiKey: tooLong(FIELD_MAX) }, 'apiKey'],
    ['apiKey a number', { message: 'ok', apiKey: 12345 }, 'apiKey'],
  ];

  it.each(invalidBodies)('%s -> 400 invalid_request naming the field, nothing stored', async (_name, json, field) => {
    const before = await storedCount();
    const res = await send(json);
    expectProblem(res, 400, 'invalid_request');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([field]);
    expect(res.body.detail).toContain(field);
    expect(await storedCount()).toBe(before);
  });

  it('a body that is not a JSON object -> 400 invalid_request, nothing stored', async () => {
    const before = await storedCount();
    for (const body of ['["hi"]', '"hi"', '42', 'null']) {
      const res = await raw(body, 'application/json');
      expectProblem(res, 400, 'invalid_request');
    }
    expect(await storedCount()).toBe(before);
  });

  it('a body that is not JSON -> 415; invalid JSON -> 400 invalid_json; nothing stored', async () => {
    const before = await storedCount();
    expectProblem(await raw('message=hello', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
    expectProblem(await raw('{"message":"hello"}', 'text/plain'), 415, 'unsupported_media_type');
    expectProblem(await raw('{"message": "hello"', 'application/json'), 400, 'invalid_json');
    expectProblem(await raw('', 'application/json'), 400, 'invalid_json');
    expect(await storedCount()).toBe(before);
  });

  it('a body over 16 KiB -> 413, nothing stored', async () => {
    const before = await storedCount();
    expectProblem(await raw(JSON.stringify({ message: 'é'.repeat(9000) }), 'application/json'), 413, 'payload_too_large');
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['the body', (key: string) => [{ message: 'keyed', apiKey: key }, {}] as const],
    ['an Authorization: Bearer header', (key: string) => [{ message: 'keyed' }, { authorization: `Bearer ${key}` }] as const],
    ['an X-API-Key header', (key: string) => [{ message: 'keyed' }, { 'x-api-key': key }] as const],
  ])('an unknown apiKey in %s -> 401 invalid_api_key, nothing stored, key not echoed', async (_where, build) => {
    const key = 'mcr_live_0000000000000000000000000000dead';
    const before = await storedCount();
    const [json, headers] = build(key);
    const res = await send(json, headers);
    expectProblem(res, 401, 'invalid_api_key');
    expect(res.text).not.toContain(key);
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['the body', (key: string) => [{ message: 'Linked via body key.', apiKey: key }, {}] as const],
    ['an Authorization: Bearer header', (key: string) => [{ message: 'Linked via Bearer.', topic: 'linked' }, { authorization: `Bearer ${key}` }] as const],
    ['an X-API-Key header', (key: string) => [{ message: 'Linked via X-API-Key, under another name.', agentName: 'Someone Else' }, { 'x-api-key': key }] as const],
  ])('a valid apiKey in %s links the message to the agent', async (_where, build) => {
    const [json, headers] = build(agent.apiKey);
    const res = await send(json, headers);
    expect(res.status, res.text).toBe(201);
    expect(res.body.linkedAgent).toBe('Courier-7');
    expect(res.text).not.toContain(agent.apiKey);
  });

  it('a suspended agent can still write to the team, linked to its name', async () => {
    const muted = await register(service.url, { name: 'Muted-1' });
    expect((await admin(service.databasePath, 'suspend', 'Muted-1')).code).toBe(0);
    const res = await send({ message: 'Why was I suspended?', topic: 'appeal' }, { authorization: `Bearer ${muted.apiKey}` });
    expect(res.status, res.text).toBe(201);
    expect(res.body.linkedAgent).toBe('Muted-1');
  });

  it('stores text exactly as sent, HTML, C1 controls and bidi overrides included, and never reflects it', async () => {
    const evil = '<script>alert("x")</script><img src=x onerror=alert(1)>\t\n\u009b31m\u0085\u202Egnp.exe';
    const res = await send({ message: evil, agentName: '<b>Mallory</b>\u009b31m', topic: 'xss' });
    expect(res.status).toBe(201);
    expect(res.text).not.toContain('<script>');
    expect(res.text).not.toContain('Mallory');
  });

  it('refuses C0 control characters other than tab and newline, and DEL: terminal escapes, bells, carriage returns', async () => {
    const res = await send({ message: 'Clear\u001b[2J\u001b]0;owned\u0007\r', agentName: 'Mallory\u001b[31m', topic: 'xss' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'message', message: 'must not contain control characters other than tab and newline (U+001B at character 6)' },
      { path: 'agentName', message: 'must not contain control characters other than tab and newline (U+001B at character 8)' },
    ]);
  });
});

describe('every message reaches the operator inbox', () => {
  it('export holds exactly the accepted messages, oldest first, text intact', async () => {
    const { code, stdout } = await inbox('export');
    expect(code).toBe(0);
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((r) => r.id).sort()).toEqual([...accepted].sort());
    expect(rows.map((r) => r.receivedAt)).toEqual(rows.map((r) => r.receivedAt).sort());
    const full = rows.find((r) => r.message === 'Partnership question.');
    expect(full).toMatchObject({ agentName: 'Wanderer', operator: 'Wander Inc', contact: 'ops@wander.example', topic: 'partnership', agentId: null, linkedAgent: null, readAt: null });
    expect(full.requestId).toMatch(/\S/);
    expect(rows.find((r) => r.message.startsWith('m'.repeat(10))).message).toHaveLength(MESSAGE_MAX);
    const evil = rows.find((r) => r.topic === 'xss');
    expect(evil.message).toBe('<script>alert("x")</script><img src=x onerror=alert(1)>\t\n\u009b31m\u0085\u202Egnp.exe');
    expect(rows.filter((r) => r.linkedAgent === 'Courier-7')).toHaveLength(3);
    // Export is JSON lines: JSON escaping keeps every control character off the terminal.
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
  });

  it('list shows every message, unread first, with the sender', async () => {
    const { code, stdout } = await inbox('list');
    expect(code).toBe(0);
    expect(stdout).toContain(`${accepted.length} message(s), ${accepted.length} unread`);
    for (const id of accepted) expect(stdout).toContain(id);
    expect(stdout).toContain('Wanderer');
    expect(stdout).toContain('Someone Else (key: Courier-7)');
  });

  it('list --agent finds the messages a valid key linked, whatever name the sender gave', async () => {
    const { stdout } = await inbox('list', '--agent', 'courier-7');
    expect(stdout).toContain('3 message(s)');
    expect(stdout).toContain('Linked via body key.');
    expect(stdout).toContain('Linked via Bearer.');
    expect(stdout).toContain('Linked via X-API-Key');
    const suspended = await inbox('list', '--agent', 'Muted-1', '--topic', 'appeal');
    expect(suspended.stdout).toContain('1 message(s)');
  });

  it('list and show print HTML and control characters as visible escaped text', async () => {
    const list = await inbox('list', '--topic', 'xss');
    expect(list.stdout).toContain('1 message(s)');
    const id = accepted.find((i) => list.stdout.includes(i))!;
    const show = await inbox('show', id);
    expect(show.code).toBe(0);
    for (const out of [list.stdout, show.stdout]) {
      expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(out).toContain('<script>alert("x")</script>');
      expect(out).toContain('\\u202e');
      expect(out).toContain('\\x9b31m');
      expect(out).toContain('<b>Mallory</b>\\x9b31m');
    }
  });

  it('show prints a message in full with its contact; mark-read moves it below the unread', async () => {
    const exported = (await inbox('export')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const full = exported.find((r) => r.message === 'Partnership question.');
    const show = await inbox('show', full.id);
    expect(show.stdout).toContain('Partnership question.');
    expect(show.stdout).toContain('ops@wander.example');
    expect(show.stdout).toContain('Wander Inc');
    expect((await inbox('mark-read', full.id)).stdout).toContain('as read');
    const unread = await inbox('list', '--unread');
    expect(unread.stdout).toContain(`${accepted.length - 1} message(s)`);
    expect(unread.stdout).not.toContain(full.id);
  });
});
