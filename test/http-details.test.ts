/**
 * HTTP details third-party clients and tools check: a 304 without the representation's metadata,
 * 404s whose shape follows what the client accepts, CONNECT and a request without Host answered
 * like every other error, a 401 that names its scheme, encodings and ranges negotiated by their
 * q-values, the agent protocols' headers allowed cross-origin, and no listener left behind by
 * requests on one kept-alive connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, rawClient, type RawResponse } from './support/raw-http.ts';
import { startService, type TestService } from './support/service.ts';

let service: TestService;
let raw: ReturnType<typeof rawClient>;

beforeAll(async () => {
  service = await startService();
  raw = rawClient(service.url);
});
afterAll(async () => {
  raw?.close();
  await service?.stop();
});

const header = (answer: RawResponse, name: string) => answer.headers[name.toLowerCase()] as string | undefined;

describe('conditional and ranged answers', () => {
  it('answers If-None-Match with a 304 that keeps its validators and leaves out Content-Type and the CSP', async () => {
    for (const path of ['/api/public/videos', '/videos']) {
      const first = await fetch(service.url + path);
      await first.arrayBuffer();
      const again = await fetch(service.url + path, { headers: { 'If-None-Match': first.headers.get('etag')! } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(again.headers.get('last-modified')).toBe(first.headers.get('last-modified'));
      expect(again.headers.get('content-type'), path).toBeNull();
      expect(again.headers.get('content-security-policy'), path).toBeNull();
    }
  });

  it('negotiates the encoding by its q-values: gzip;q=0 is never gzip', async () => {
    const encodingFor = async (acceptEncoding: string) => {
      const answer = await raw.send('GET', '/api/public/videos', { 'Accept-Encoding': acceptEncoding });
      return header(answer, 'content-encoding') ?? 'identity';
    };
    expect(await encodingFor('gzip;q=0')).toBe('identity');
    expect(await encodingFor('gzip;q=0, br')).toBe('br');
    expect(await encodingFor('br;q=0.5, gzip')).toBe('gzip');
    expect(await encodingFor('gzip, deflate, br')).toBe('br');
    expect(await encodingFor('identity')).toBe('identity');
  });

  it('answers one byte range with 206, and several with the whole file', async () => {
    const one = await raw.send('GET', '/media/podcast/ep-001.mp3', { Range: 'bytes=0-9' });
    expect([one.status, header(one, 'content-range')?.startsWith('bytes 0-9/'), header(one, 'content-length')]).toEqual([206, true, '10']);
    const several = await raw.send('GET', '/media/podcast/ep-001.mp3', { Range: 'bytes=0-9, 20-29' });
    expect(several.status).toBe(200);
    const past = await raw.send('GET', '/media/podcast/ep-001.mp3', { Range: 'bytes=99999999-' });
    expect([past.status, header(past, 'content-range')?.startsWith('bytes */')]).toEqual([416, true]);
  });
});

describe('header lines', () => {
  it('never sends a header line twice, whatever answers: a file, a 304, a range, a kept or computed answer, a problem, a preflight, a write, an agent door', async () => {
    const videos = await raw.send('GET', '/api/public/videos');
    const asked: Array<[string, string, Record<string, string>?, string?]> = [
      ['GET', '/api/public/videos'],
      ['HEAD', '/api/public/videos'],
      ['GET', '/api/public/videos', { 'If-None-Match': header(videos, 'etag')! }],
      ['GET', '/api/public/videos', { 'Accept-Encoding': 'br' }],
      ['GET', '/media/podcast/ep-001.mp3', { Range: 'bytes=0-9' }],
      ['GET', '/videos'],
      ['GET', '/api/public/ai/leaderboard'],
      ['GET', '/api/public/ai/leaderboard'],
      ['GET', '/api/public/videos?limit=2'],
      ['GET', '/api/public/nope'],
      ['GET', '/nope', { Accept: 'text/html' }],
      ['DELETE', '/api/public/ai/leaderboard'],
      ['POST', '/api/public/videos'],
      ['OPTIONS', '/api/public/ai/earn', { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'POST' }],
      ['GET', '/api/public/ai/exclusive', { Authorization: 'Bearer not-a-key' }],
      ['POST', '/api/public/ai/register', { 'Content-Type': 'application/json' }, JSON.stringify({ name: 'header-lines' })],
      ['POST', '/mcp', { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })],
    ];
    const repeated: string[] = [];
    for (const [method, path, headers, body] of asked) {
      const answer = await raw.send(method, path, headers, body);
      const names = answer.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
      const twice = names.filter((name, i) => names.indexOf(name) !== i);
      if (twice.length) repeated.push(`${method} ${path} (${answer.status}): ${twice.join(', ')}`);
      expect(names, `${method} ${path}`).toContain('x-request-id');
    }
    expect(repeated).toEqual([]);
  });
});

describe('unknown paths and methods', () => {
  it('answers an unknown path with problem+json to an API client and the site’s page to a browser', async () => {
    for (const path of ['/healthz/x', '/metrics/x', '/llms.txt/x', '/api/public/nope', '/nope']) {
      const res = await fetch(service.url + path, { headers: { Accept: 'application/json' } });
      expect([res.status, res.headers.get('content-type')], path).toEqual([404, 'application/problem+json; charset=utf-8']);
      expect((await res.json()).code).toBe('not_found');
    }
    const page = await fetch(`${service.url}/nope`, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect([page.status, page.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('</html>');
  });

  it('answers POST to an unknown path with 404, body or not', async () => {
    const bare = await raw.send('POST', '/nope', {});
    expect([bare.status, JSON.parse(bare.text).code]).toEqual([404, 'not_found']);
    const json = await raw.send('POST', '/nope', { 'Content-Type': 'application/json' }, '{}');
    expect(json.status).toBe(404);
  });

  it('reads a JSON body of only a byte-order mark as that character: a clear 4xx, never a 500', async () => {
    // Decoded with the BOM dropped, the body would look empty while its bytes were already read.
    const expected = { '/api/public/stats': 405, '/api/public/ai/earn': 400, '/api/public/ai/register': 400 };
    for (const [path, status] of Object.entries(expected)) {
      const answer = await raw.send('POST', path, { 'Content-Type': 'application/json' }, '\uFEFF');
      expect([path, answer.status]).toEqual([path, status]);
    }
  });

  it('answers CONNECT and a request without Host as problem+json with CORS, not a dropped socket or a bare 400', async () => {
    const connect = await exchange(service.url, 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
    expect(connect.status).toBe(405);
    expect(header(connect, 'allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(header(connect, 'access-control-allow-origin')).toBe('*');
    expect(JSON.parse(connect.text).code).toBe('method_not_allowed');
    const hostless = await exchange(service.url, 'GET /api/public HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect([hostless.status, header(hostless, 'content-type'), header(hostless, 'access-control-allow-origin')]).toEqual([400, 'application/problem+json; charset=utf-8', '*']);
    expect(JSON.parse(hostless.text).detail).toContain('Host');
  });

  it('leaves no listener behind: twenty 404s on one kept-alive connection warn of no leak', async () => {
    const connection = rawClient(service.url, 1);
    try {
      for (let i = 0; i < 20; i++) expect((await connection.send('GET', i % 2 ? '/nope' : '/api/nope', { Accept: 'application/json' })).status).toBe(404);
    } finally {
      connection.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.output.join('\n')).not.toContain('MaxListenersExceededWarning');
  });
});

describe('credentials and cross-origin callers', () => {
  it('names the scheme in WWW-Authenticate on a 401, and says an unknown key was refused', async () => {
    const missing = await fetch(`${service.url}/api/public/ai/earn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"actionType":"share"}' });
    expect([missing.status, missing.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="api"']);
    const unknown = await fetch(`${service.url}/api/public/ai/earn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer mcr_live_nope' },
      body: '{"actionType":"share"}',
    });
    expect([unknown.status, unknown.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="api", error="invalid_token"']);
  });

  it('allows the agent protocols’ request headers in a preflight and exposes Mcp-Session-Id', async () => {
    const preflight = await fetch(`${service.url}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'mcp-protocol-version, content-type' },
    });
    expect(preflight.status).toBe(204);
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
    for (const name of ['content-type', 'authorization', 'x-api-key', 'idempotency-key', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id', 'a2a-version']) expect(allowed).toContain(name);
    const answer = await fetch(`${service.url}/api/public/videos`);
    await answer.arrayBuffer();
    expect(answer.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id');
  });
});

describe('the OpenAPI document says what the server enforces', () => {
  it('gives a message to the team its minimum length, from the schema that validates it', async () => {
    const doc = await (await fetch(`${service.url}/api/public/openapi.json`)).json();
    const body = doc.paths['/api/public/ai/message'].post.requestBody.content['application/json'].schema;
    const schema = body.$ref ? doc.components.schemas[body.$ref.split('/').pop()] : body;
    expect(schema.properties.message.minLength).toBe(1);
    const empty = await fetch(`${service.url}/api/public/ai/message`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":""}' });
    expect(empty.status).toBe(400);
  });
});
