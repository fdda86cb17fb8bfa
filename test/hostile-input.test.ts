/**
 * Property-based hostile input (fast-check) at every endpoint the discovery index lists, plus raw
 * paths: random and hostile query strings, path parameters, bodies, content types, unicode, huge
 * numbers, wrong types, prototype-pollution keys and repeated parameters. Whatever comes in, the
 * answer is never a 5xx, never shows a stack trace or a file path, a rejected write changes
 * nothing that /api/public/stats reports (nor the probing agent's points), and afterwards every
 * agent's total still equals its ledger (`npm run admin -- check`).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemCodes } from '../src/http/problem.ts';
import { rawClient, type RawResponse } from './support/raw-http.ts';
import { admin, register, type Registered } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;
let endpoints: { method: string; path: string; parameters: { name: string; in: string }[]; body: unknown }[];
let schemas: Record<string, JsonSchema>;

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  anyOf?: JsonSchema[];
}
let raw: ReturnType<typeof rawClient>['send'];
let closeRaw = () => {};
let probe: Registered;

beforeAll(async () => {
  service = await startService({ clockStart: '2026-11-22T12:00:00Z' });
  const index = (await request(service.url, '/api/public')).body;
  endpoints = index.endpoints;
  schemas = index.schemas ?? {};
  const client = rawClient(service.url);
  raw = client.send;
  closeRaw = client.close;
  probe = await register(service.url, { name: 'hostile_probe' });
});
afterAll(async () => {
  closeRaw();
  await service?.stop();
});

const LEAK = /\bat \S+ \(\S+:\d+:\d+\)|\.(?:ts|mjs|cjs|js):\d+:\d+|node_modules|\/work\/|\/tmp\/|\/root\/|\/home\/|SQLITE_|SqliteError|file:\/\//;

function expectClean(res: RawResponse, what: string) {
  expect(res.status, what).toBeLessThan(500);
  expect(res.status, what).toBeGreaterThanOrEqual(200);
  expect(LEAK.test(res.text), `${what} leaks internals: ${res.text.slice(0, 300)}`).toBe(false);
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('application/problem+json') && res.text) {
    const body = JSON.parse(res.text);
    expect(Object.keys(problemCodes), what).toContain(body.code);
    expect(body.status, what).toBe(res.status);
  }
  if (type.startsWith('application/json') && res.text) {
    // The OpenAPI document's root admits only x- extensions: x-dataFreshness.
    const body = JSON.parse(res.text);
    expect(body.dataFreshness ?? body['x-dataFreshness'], `${what} has dataFreshness`).toBeDefined();
  }
}

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', '__proto__[polluted]', 'constructor[prototype][polluted]', 'toString', 'hasOwnProperty', 'valueOf'];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '-0',
    '1e309',
    '1e-309',
    'NaN',
    'Infinity',
    '9'.repeat(400),
    '0x10',
    '1.5',
    ' 20',
    '20 ',
    'true',
    'null',
    'undefined',
    '[]',
    '{}',
    '\u0000',
    '\uFEFF',
    '\uD800',
    'é'.normalize('NFD'),
    '𝕍𝕚𝕕𝕖𝕠',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../../../etc/passwd',
    '%00',
    '%ZZ',
    'a'.repeat(5000),
    ...POLLUTION_KEYS,
  ),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
);

/** Query keys: the endpoint's own parameters (so validation runs), hostile ones, repeated. */
const queryFor = (names: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...names, 'apiKey', 'limit', 'offset'), fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 10 })), hostileString), { maxLength: 8 })
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [k, v] of pairs) params.append(k, v);
      return params.toString();
    });

/** Hostile JSON text: valid JSON of the wrong shapes, pollution keys, and text that is not JSON. */
const hostileJson = (fields: string[], plausible: unknown[]) =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...fields, 'apiKey', 'actionType', 'name', 'url', 'agree'), fc.constantFrom(...POLLUTION_KEYS)),
          fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...plausible, true, 'https://example.com/a', 'valid_name', 1e308, -1, 2 ** 53)),
        ),
        { maxLength: 6 },
      )
      .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`),
    fc.constantFrom(
      '{"__proto__":{"polluted":true,"isAdmin":true,"points":1e9}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"name":"x","name":"y"}',
      '{"points":1e309}',
      '{"limit":-1e400}',
      '[]',
      'null',
      '"a string"',
      '{',
      '{"a":',
      '\u0000',
      '\uFEFF{}',
      '{"a":"\uD800"}',
      `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      `{"big":"${'x'.repeat(15_000)}"}`,
    ),
    hostileString,
  );

/** Percent-encodes any string; a lone surrogate (which encodeURIComponent rejects) becomes U+FFFD. */
const encode = (value: string) => encodeURIComponent(value.toWellFormed());

function fill(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => encode(values[i++] ?? ''));
}

/** What a write could change, as the public API reports it. */
async function programState() {
  const stats = (await request(service.url, '/api/public/stats')).body;
  const agent = (await request(service.url, '/api/public/ai/agent/hostile_probe')).body.agent;
  return { aiProgram: stats.aiProgram, probe: { points: agent.points, promoPoints: agent.promoPoints, tier: agent.tier, partner: agent.partner } };
}

async function snapshot() {
  const stats = (await request(service.url, '/api/public/stats')).body;
  const videos = (await request(service.url, '/api/public/videos?limit=3&featured=true')).body;
  const strip = ({ dataFreshness: _f, ...rest }: Record<string, unknown>) => rest;
  return { content: stats.content, knowledgeBase: stats.knowledgeBase, videos: strip(videos) };
}

describe('hostile input', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    before = await snapshot();
  });

  it('lists endpoints to attack', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(10);
  });

  it('GET and HEAD with hostile path parameters, query strings and headers never fail or leak', async () => {
    const gets = endpoints.filter((e) => e.method === 'GET');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...gets).chain((e) => fc.tuple(fc.constant(e), queryFor(e.parameters.filter((p) => p.in === 'query').map((p) => p.name)))),
        fc.array(hostileString, { minLength: 2, maxLength: 2 }),
        fc.constantFrom('GET', 'HEAD'),
        fc.option(
          hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
          { nil: undefined },
        ),
        fc.context(),
        async ([endpoint, query], pathValues, method, key, ctx) => {
          const path = fill(endpoint.path, pathValues) + (query ? `?${query}` : '');
          ctx.log(`${method} ${path}`);
          const headers: Record<string, string> = key === undefined ? {} : { 'X-API-Key': key, Authorization: `Bearer ${key}` };
          expectClean(await raw(method, path, headers), `${method} ${path}`);
        },
      ),
      { numRuns: 250 },
    );
  });

  it('POST with hostile bodies and content types, at every endpoint path, never fails or leaks', async () => {
    const paths = [...new Set(endpoints.map((e) => e.path))];
    // The documented body fields, and their enum values, so some requests get past type checks.
    const bodyOf = (path: string): JsonSchema => {
      const body = (endpoints.find((e) => e.path === path && e.method === 'POST')?.body ?? {}) as JsonSchema;
      return body.$ref ? (schemas[body.$ref.split('/').at(-1)!] ?? {}) : body;
    };
    const fieldsOf = (path: string) => Object.keys(bodyOf(path).properties ?? {});
    const enumsOf = (path: string) => Object.values(bodyOf(path).properties ?? {}).flatMap((p) => [...(p.enum ?? []), ...(p.anyOf ?? []).flatMap((a) => a.enum ?? [])]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths).chain((p) => fc.tuple(fc.constant(p), hostileJson(fieldsOf(p), enumsOf(p)), fc.array(hostileString, { minLength: 2, maxLength: 2 }))),
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'application/merge-patch+json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/jsonx',
          '',
        ),
        fc.constantFrom('none', 'probe', 'bogus', 'query'),
        async ([path, body, pathValues], contentType, auth) => {
          let target = fill(path, pathValues);
          const headers: Record<string, string> = contentType ? { 'Content-Type': contentType } : {};
          if (auth === 'probe') headers.Authorization = `Bearer ${probe.apiKey}`;
          if (auth === 'bogus') headers['X-API-Key'] = 'mcr_live_not-a-key';
          if (auth === 'query') target += `?apiKey=${encodeURIComponent(probe.apiKey)}&apiKey=x&__proto__=1`;
          const before = await programState();
          const res = await raw('POST', target, headers, body);
          const what = `POST ${target} (${contentType}, ${auth}) ${body.slice(0, 200)}`;
          expectClean(res, what);
          if (Buffer.byteLength(body) > 16 * 1024) expect(res.status).toBe(413);
          if (res.status >= 400) expect(await programState(), `${what} was refused but changed the program`).toEqual(before);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('raw hostile paths are 2xx/3xx/4xx, and never reach a file outside dist/client', async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%2E%2E%2F',
        '..%2f',
        '..%5c',
        '%252e%252e',
        '%00',
        '%c0%ae',
        '%ed%a0%80',
        '%ff',
        '%',
        '%zz',
        '\\',
        '.git',
        '.env',
        'etc',
        'passwd',
        'server',
        'entry.mjs',
        'api',
        'public',
        'videos',
        'index.html',
        '404.html',
        'build-info.json',
      ),
      fc.string({ maxLength: 12 }).map(encode),
      fc.string({ unit: 'binary', maxLength: 8 }).map(encode),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 7 }), fc.boolean(), async (segments, trailingSlash) => {
        const path = `/${segments.join('/')}${trailingSlash ? '/' : ''}`;
        const res = await raw('GET', path);
        expectClean(res, `GET ${path}`);
        expect(res.text).not.toMatch(/root:x:0:0|"builtAt"|export \{|import\.meta/);
      }),
      { numRuns: 250 },
    );
    for (const path of [
      '/../../etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/build-info.json',
      '/server/entry.mjs',
      '/../dist/build-info.json',
      '//etc/passwd',
      '/api/public/..%2f..%2f..%2fpackage.json',
    ]) {
      const res = await raw('GET', path);
      expect([400, 404], path).toContain(res.status);
      expectClean(res, path);
    }
    // A backslash after the first slash is part of the path (a browser would read it as a slash
    // and `/\videos` as the host "videos"): no page of ours is at that path.
    for (const path of ['/\\videos', '/\\localhost/videos']) expect((await raw('GET', path)).status, path).toBe(404);
  });

  it('oversized and slow-to-declare bodies are refused without being read whole', async () => {
    const big = Buffer.alloc(64 * 1024, 'a');
    const declared = await raw('POST', '/api/public/ai/earn', { 'Content-Type': 'application/json', 'Content-Length': String(big.length) }, big);
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe('close');
    const chunked = await raw('POST', '/api/public/ai/earn', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, big);
    expect(chunked.status).toBe(413);
    const notJson = await raw('POST', '/api/public/ai/earn', { 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked' }, 'hello');
    expect(notJson.status).toBe(415);
    expect(notJson.headers.connection).toBe('close');
    // A path that takes no POST says so first, without reading the body either.
    const wrongMethod = await raw('POST', '/api/public/videos', { 'Content-Type': 'application/json', 'Content-Length': String(big.length) }, big);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.connection).toBe('close');
  });

  it('the test clock endpoint answers malformed JSON with 400, not 500', async () => {
    const res = await raw('POST', '/test-clock', { 'Content-Type': 'application/json' }, '{"now":');
    expect(res.status).toBe(400);
    expectClean(res, 'POST /test-clock');
  });

  it('changed nothing: stats and catalog answers are the same as before the attack, and the server still answers normally', async () => {
    expect(await snapshot()).toEqual(before);
    const res = await request(service.url, '/api/public/videos?limit=5');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(5);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await request(service.url, '/healthz')).status).toBe(200);
    await service.logFlushed();
    expect(service.output.some((line) => line.includes('"level":"error"'))).toBe(false);
    const check = await admin(service.databasePath, 'check');
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });
});
