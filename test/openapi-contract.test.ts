/**
 * The OpenAPI document as the built server serves it: valid OpenAPI 3.1 by the official schema
 * (@seriousme/openapi-schema-validator), every Schema Object valid JSON Schema 2020-12 in ajv's
 * strict mode, and no error under Redocly's recommended rules. Warnings are printed; there are
 * none today, and a new one should be fixed or named here with its reason.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiCheck } from './support/openapi-check.ts';
import { request, startService, type JsonResponse, type TestService } from './support/service.ts';

let service: TestService;
let text: string;
let document: Record<string, any>;
let index: { endpoints: { method: string; path: string }[] };
let rateLimits: JsonResponse;

beforeAll(async () => {
  service = await startService();
  const res = await request(service.url, '/api/public/openapi.json');
  expect(res.status).toBe(200);
  text = res.text;
  document = JSON.parse(text);
  index = (await request(service.url, '/api/public')).body;
  // Fetched now, before the tests keep the event loop busy for seconds: a kept-alive socket the
  // server closed meanwhile would otherwise be reused.
  rateLimits = await request(service.url, '/api/public/rate-limits');
});

afterAll(() => service?.stop());

describe('the published OpenAPI document', () => {
  it('is valid OpenAPI 3.1 by the official schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('carries its dataFreshness as x-dataFreshness, the only kind of member an OpenAPI root admits beyond its own', () => {
    expect(document.dataFreshness).toBeUndefined();
    expect(document['x-dataFreshness']).toMatchObject({ source: 'build', maxAgeSeconds: 300 });
    expect(
      Object.keys(document)
        .filter((k) => !k.startsWith('x-'))
        .sort(),
    ).toEqual(['components', 'info', 'openapi', 'paths', 'servers', 'tags', 'webhooks']);
  });

  it('has Schema Objects that compile as JSON Schema 2020-12 in strict mode', () => {
    expect(new OpenApiCheck(document).schemaProblems()).toEqual([]);
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const lines = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    const warnings = lines.filter((l) => l.startsWith('warn'));
    if (warnings.length) console.log(`Redocly warnings (${warnings.length}):\n${warnings.join('\n')}`);
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('declares the apiKey query as a security scheme of the gated reads, not as a parameter', () => {
    for (const path of ['/api/public/ai/exclusive', '/api/public/ai/feed']) {
      const op = document.paths[path].get;
      expect(op.parameters.filter((p: { name: string }) => p.name === 'apiKey')).toEqual([]);
      expect(op.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }, { apiKeyQuery: [] }]);
    }
    expect(document.components.securitySchemes.apiKeyQuery).toMatchObject({ type: 'apiKey', in: 'query', name: 'apiKey' });
    // A write's key may come in its body instead of a header: the body schema says so.
    const earn = document.paths['/api/public/ai/earn'].post;
    expect(earn.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }, {}]);
    expect(document.components.schemas.EarnRequest.properties.apiKey).toBeDefined();
  });

  it('describes limit and offset as the integers a client sends', () => {
    for (const path of ['/api/public/videos', '/api/public/clips', '/api/public/ai/leaderboard', '/api/public/ai/tasks']) {
      const params = Object.fromEntries(document.paths[path].get.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]));
      expect(params.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
      expect(params.offset).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    }
  });

  it('is matched by the discovery index, whose schema references resolve in its own schemas member', () => {
    const refs = [...JSON.stringify(index).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref.startsWith('#/schemas/') && (index as any).schemas[ref.slice('#/schemas/'.length)], ref).toBeTruthy();
  });

  it('documents every endpoint of the discovery index, and 405 with Allow on every operation', () => {
    for (const ep of index.endpoints) {
      const op = document.paths[ep.path]?.[ep.method.toLowerCase()];
      expect(op, `${ep.method} ${ep.path}`).toBeDefined();
    }
    for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const ref: string | undefined = op.responses['405']?.$ref;
        const response = ref ? document.components.responses[ref.split('/').at(-1)!] : op.responses['405'];
        expect(response?.headers?.Allow, `${method} ${path}`).toBeDefined();
      }
    }
  });
});

describe('the response check (test/support/openapi-check.ts)', () => {
  const headers = (extra: Record<string, string> = {}) => new Headers({ 'x-request-id': 'r-1', 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8', ...extra });

  it('accepts a response the document describes, and finds each thing it does not', () => {
    const check = new OpenApiCheck(document);
    const ok = rateLimits;
    expect(check.check('GET', '/api/public/rate-limits', ok)).toEqual([]);
    const body = JSON.parse(ok.text);
    const cases: [string, { status: number; headers: Headers; text: string }, RegExp][] = [
      ['an undocumented status', { status: 418, headers: headers(), text: ok.text }, /status 418 is not documented/],
      ['a member the schema does not have', { status: 200, headers: headers(), text: JSON.stringify({ ...body, surprise: 1 }) }, /must NOT have additional properties/],
      ['a missing member', { status: 200, headers: headers(), text: JSON.stringify({ ...body, dataFreshness: undefined }) }, /must have required property 'dataFreshness'/],
      [
        'a missing required header',
        { status: 200, headers: new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' }), text: ok.text },
        /required header X-Request-Id is missing/,
      ],
      ['a header of the wrong form', { status: 200, headers: headers({ 'x-ratelimit-limit': 'many' }), text: ok.text }, /header X-RateLimit-Limit/],
      ['an undocumented media type', { status: 200, headers: headers({ 'content-type': 'text/html' }), text: ok.text }, /Content-Type "text\/html" is not one of/],
      [
        'a problem code the operation does not answer with',
        {
          status: 405,
          headers: headers({ 'content-type': 'application/problem+json', allow: 'GET, HEAD, OPTIONS' }),
          text: JSON.stringify({ type: 'x', title: 't', status: 405, detail: 'd', code: 'unknown_topic', dataFreshness: body.dataFreshness }),
        },
        /code must be equal to one of the allowed values/,
      ],
    ];
    for (const [what, res, expected] of cases) expect(check.check('GET', '/api/public/rate-limits', res).join('\n'), what).toMatch(expected);
    expect(check.check('GET', '/api/public/nowhere', ok)).toEqual(['GET /api/public/nowhere -> 200: no path of the document matches /api/public/nowhere']);
    expect(check.check('DELETE', '/api/public/rate-limits', ok)[0]).toMatch(/has no DELETE/);
  });
});
