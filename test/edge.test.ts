/**
 * The CDN edge (issue 20): Debian's nginx with the build's dist/edge/nginx.conf in front of the
 * real service. Every pre-rendered route must answer through the edge exactly as the origin
 * answers it; everything else, every on-demand route included, must reach the origin; the
 * generated `_headers` / `_redirects` must state the same headers and routes. `npm run edge`
 * serves a build in a private folder (mode 700) as whoever runs it, root included, and stops
 * nginx whichever process is signalled (issue 41). Needs nginx (`apt-get install nginx`; .ci/run does).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge } from '../scripts/lib/edge/run-edge.ts';
import { nginxAvailable } from '../scripts/lib/nginx.ts';
import { startService, type TestService } from './support/service.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import { descendants, stillRunning } from './support/process-tree.ts';

const CLIENT = 'dist/client';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Every request path of the build, worked out from the files (not from the generator). */
function prerenderedPaths(): string[] {
  const paths = new Set<string>();
  for (const entry of readdirSync(CLIENT, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name.startsWith('_')) continue;
    const path = `/${relative(CLIENT, join(entry.parentPath, entry.name)).split(sep).join('/')}`;
    paths.add(path);
    if (/\.(json|html)$/.test(path)) paths.add(path.replace(/\.(json|html)$/, ''));
    if (path.endsWith('/index.html')) paths.add(path.slice(0, -'index.html'.length - 1) || '/');
  }
  return [...paths].sort();
}

/** The headers the issue names, compared as the origin sends them. */
const COMPARED = [
  'content-type',
  'cache-control',
  'etag',
  'vary',
  'content-encoding',
  'content-security-policy',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'x-content-type-options',
  'referrer-policy',
];
/** What a 304 carries on both (RFC 9110 15.4.5): validators, caching fields, and every response's own. */
const NOT_MODIFIED_FIELDS = COMPARED.filter((n) => !['content-type', 'content-security-policy', 'content-encoding'].includes(n));
const PREFLIGHT = ['access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age'];

function picked(answer: Answer, names = COMPARED) {
  return { status: answer.status, headers: Object.fromEntries(names.map((n) => [n, answer.headers[n]])), bytes: answer.body.length };
}

function expectSame(edge: Answer, origin: Answer, label: string, names = COMPARED) {
  expect(picked(edge, names), label).toEqual(picked(origin, names));
  expect(edge.body.equals(origin.body), `${label}: body bytes`).toBe(true);
}

/** `_headers`: path pattern -> header lines, as Netlify and Cloudflare Pages read it. */
function parseHeaders(text: string): Array<{ pattern: string; headers: Array<[string, string]> }> {
  const rules: Array<{ pattern: string; headers: Array<[string, string]> }> = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else {
      const at = line.indexOf(':');
      rules.at(-1)!.headers.push([line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}
const matches = (pattern: string, path: string) => (pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path);

/**
 * A `_redirects` rule's path as Netlify matches it: `:name` takes one segment, a final `*` the
 * rest (`:splat`). The values it captured, or undefined if the path does not match.
 */
function captures(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  const found: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part === '*' && i === want.length - 1) return { ...found, splat: got.slice(i).join('/') };
    if (i >= got.length) return undefined;
    if (part.startsWith(':') && got[i]) found[part.slice(1)] = got[i];
    else if (part !== got[i]) return undefined;
  }
  return got.length === want.length ? found : undefined;
}

/**
 * The on-demand routes as src/pages declares them (`export const prerender = false`), each as a
 * request path with a sample value for its parameters. Read from the sources, not from the build's
 * route table the generator reads, so a route the generator misses fails here.
 */
/**
 * Every on-demand path: the routes of src/pages that are not pre-rendered (the agent doors, and the
 * route that dispatches the operations), and each on-demand operation of the registry, as the
 * build's discovery index lists them.
 */
function onDemandPaths(): string[] {
  const index = JSON.parse(readFileSync(join(CLIENT, 'api/public.json'), 'utf8')) as { endpoints: { path: string; prerendered: boolean }[] };
  const paths = index.endpoints.filter((e) => !e.prerendered).map((e) => e.path.replace(/\{\w+\}/g, 'sample'));
  for (const entry of readdirSync('src/pages', { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|js|mjs|astro)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const route = `/${relative('src/pages', file).split(sep).join('/')}`.replace(/\.(ts|js|mjs|astro)$/, '').replace(/\/index$/, '') || '/';
    if (route.split('/').some((segment) => segment.startsWith('_'))) continue;
    if (!/^export const prerender = false;?$/m.test(readFileSync(file, 'utf8'))) continue;
    paths.push(route.replace(/\[\.\.\.\w+\]/g, 'sample/more').replace(/\[\w+\]/g, 'sample'));
  }
  return [...new Set(paths)].sort();
}

/** The origin the build wrote into `_redirects` (ORIGIN_URL when it ran). */
const originOf = (text: string) => /^# Origin: (\S+)/m.exec(text)![1];

/**
 * Where a static host sends a request by these `_redirects`: the first matching rule (a query rule
 * needs its parameter), except that a rule without `!` never shadows a file that exists
 * (Netlify's shadowing); no rule: the file itself, or its `.html` (pretty URLs).
 */
function redirectsRouter(text: string): (path: string, query?: string) => string {
  const rules = text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.trim().split(/\s+/))
    .map((w) => (w.length === 4 ? { from: w[0], query: w[1].split('=')[0], to: w[2], status: w[3] } : { from: w[0], query: undefined, to: w[1], status: w[2] }));
  const exists = (path: string) => statSync(join(CLIENT, path), { throwIfNoEntry: false })?.isFile() === true;
  // A page is shadowed by its file under pretty URLs too: / by /index.html, /videos by /videos.html.
  const isFile = (path: string) => exists(path) || exists(`${path}.html`) || exists(`${path.replace(/\/$/, '')}/index.html`);
  return (path, query) => {
    for (const rule of rules) {
      const found = captures(rule.from, path);
      if (!found || (rule.query !== undefined && rule.query !== query) || (!rule.status.endsWith('!') && isFile(path))) continue;
      if (rule.status !== '200') return `redirect ${rule.to}`;
      const [scheme, rest] = rule.to.includes('://') ? rule.to.split('://') : ['', rule.to];
      const filled = rest.replace(/:(\w+)/g, (placeholder, name: string) => found[name] ?? placeholder);
      return scheme ? `${scheme}://${filled}` : filled;
    }
    return path;
  };
}

/** A copy of the build in a fresh private folder (mode 700, as `mktemp -d` makes it). */
function privateBuild(): { dir: string; distDir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'canopy-edge-private-'));
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  const distDir = join(dir, 'dist');
  for (const part of ['client', 'edge']) cpSync(join('dist', part), join(distDir, part), { recursive: true });
  return { dir, distDir };
}

describe('the nginx edge answers like the origin', () => {
  let origin: TestService;
  let edge: Awaited<ReturnType<typeof startEdge>>;
  let runDir: string;

  beforeAll(async () => {
    if (!nginxAvailable()) throw new Error('nginx is not installed: apt-get install nginx (as .ci/run does)');
    // Behind an edge the origin answers at the public address the build was made for, as the
    // files the edge serves do.
    const { origin: publicUrl } = JSON.parse(readFileSync('dist/build-info.json', 'utf8')) as { origin: string };
    origin = await startService({ env: { TRUST_PROXY: '1', RATE_LIMITS: 'on', RATE_LIMIT_SCALE: '1000', PUBLIC_URL: publicUrl } });
    runDir = mkdtempSync(join(tmpdir(), 'canopy-edge-test-'));
    edge = await startEdge({ distDir: 'dist', host: '127.0.0.1', port: await freePort(), originUrl: origin.url, runDir });
  }, 60_000);

  afterAll(async () => {
    await edge?.stop();
    await origin?.stop();
    if (runDir) rmSync(runDir, { recursive: true, force: true });
  });

  it('serves every pre-rendered route as the origin does: GET, HEAD, br/gzip, conditional GET, OPTIONS', async () => {
    const paths = prerenderedPaths();
    expect(paths.length).toBeGreaterThan(200);
    let notModified = 0;
    for (const path of paths) {
      for (const encoding of ['', 'br', 'gzip', 'gzip, deflate, br']) {
        const headers: Record<string, string> = encoding ? { 'Accept-Encoding': encoding } : {};
        const [e, o] = await Promise.all([send(edge.url, 'GET', path, headers), send(origin.url, 'GET', path, headers)]);
        expect(o.status, `${path} is a route of the origin`).toBe(200);
        expectSame(e, o, `GET ${path} [${encoding}]`);

        const [eh, oh] = await Promise.all([send(edge.url, 'HEAD', path, headers), send(origin.url, 'HEAD', path, headers)]);
        expectSame(eh, oh, `HEAD ${path} [${encoding}]`);
        expect(eh.headers['content-length']).toBe(o.headers['content-length']);

        // The ETag of this variant, listed among others, and weak: still 304 on both.
        const conditional = { ...headers, 'If-None-Match': `"nope", W/${o.headers.etag}` };
        const [ec, oc] = await Promise.all([send(edge.url, 'GET', path, conditional), send(origin.url, 'GET', path, conditional)]);
        expect(oc.status).toBe(304);
        // nginx keeps the representation's Content-Type (and our CSP) on a 304; the origin sends only
        // what RFC 9110 15.4.5 asks for. The validators and caching fields must agree.
        expectSame(ec, oc, `If-None-Match ${path} [${encoding}]`, NOT_MODIFIED_FIELDS);
        expect(oc.headers['content-type'], `the origin's 304 for ${path}`).toBeUndefined();
        notModified++;
      }
      // Another variant's ETag does not match this one; If-Modified-Since alone is compared by date.
      const stale = { 'Accept-Encoding': 'gzip', 'If-None-Match': '"not-this-one"', 'If-Modified-Since': new Date(Date.now() + 86_400_000).toUTCString() };
      const [es, os] = await Promise.all([send(edge.url, 'GET', path, stale), send(origin.url, 'GET', path, stale)]);
      expectSame(es, os, `stale If-None-Match ${path}`);
      const ims = { 'If-Modified-Since': String(os.headers['last-modified']) };
      const [ei, oi] = await Promise.all([send(edge.url, 'GET', path, ims), send(origin.url, 'GET', path, ims)]);
      expect(oi.status).toBe(304);
      expect(ei.status, `If-Modified-Since ${path}`).toBe(304);
      expect(ei.headers.etag).toBe(oi.headers.etag);

      const [eo, oo] = await Promise.all([send(edge.url, 'OPTIONS', path), send(origin.url, 'OPTIONS', path)]);
      expect(oo.status).toBe(204);
      expectSame(eo, oo, `OPTIONS ${path}`, [...COMPARED, ...PREFLIGHT]);
    }
    expect(notModified).toBe(paths.length * 4);
  }, 180_000);

  it('serves a trailing slash, a page with a query and a media range as the origin does', async () => {
    for (const [path, headers] of [
      ['/api/public/knowledge/terpenes/', {}],
      ['/agents?name=scout-7', { 'Accept-Encoding': 'br' }],
      ['/api/public/videos.json?limit=1', {}],
      ['/media/podcast/ep-001.mp3', { Range: 'bytes=100-199' }],
    ] as const) {
      const [e, o] = await Promise.all([send(edge.url, 'GET', path, headers), send(origin.url, 'GET', path, headers)]);
      expectSame(e, o, path);
      expect(e.headers['x-cache'], `${path} is the build's file, not an on-demand answer`).toBeUndefined();
    }
    const range = await send(edge.url, 'GET', '/media/podcast/ep-001.mp3', { Range: 'bytes=100-199' });
    expect([range.status, range.headers['content-range'], range.body.length]).toEqual([206, expect.stringMatching(/^bytes 100-199\//), 100]);
  });

  it('passes a query on an API path and every on-demand route to the origin', async () => {
    for (const path of [
      '/api/public/videos?limit=2',
      '/api/public/knowledge?topic=terpenes',
      '/api/public/stats',
      '/api/public/schedule',
      '/api/public/ai/leaderboard',
      '/api/public/rate-limits',
      '/healthz',
    ]) {
      const answer = await send(edge.url, 'GET', path);
      expect(answer.status, path).toBe(200);
      const body = JSON.parse(answer.body.toString('utf8'));
      // Only the origin computes live bodies and limits requests.
      if (path !== '/healthz') expect(body.dataFreshness.source, path).toBe('live');
      expect(answer.headers['x-ratelimit-limit'], path).toBeDefined();
    }
    const limited = JSON.parse((await send(edge.url, 'GET', '/api/public/videos?limit=2')).body.toString('utf8'));
    expect(limited.videos ?? limited.items).toHaveLength(2);
  });

  it('answers unknown paths with the origin 404: problem+json under /api and /feeds, the HTML page elsewhere', async () => {
    for (const path of ['/api/nope', '/api/public/videos/cc-999', '/feeds/nope.xml', '/nope', '/videos/cc-999', '/_edge-internal', '/api/public/videos.json.br']) {
      const id = { 'X-Request-Id': `edge-404-${path.length}` };
      const [e, o] = await Promise.all([send(edge.url, 'GET', path, id), send(origin.url, 'GET', path, id)]);
      expect(e.status, path).toBe(404);
      expect(picked(e), path).toEqual(picked(o));
      if (/^\/(api|feeds)\//.test(path)) {
        expect(e.headers['content-type'], path).toBe('application/problem+json; charset=utf-8');
        const [eb, ob] = [JSON.parse(e.body.toString('utf8')), JSON.parse(o.body.toString('utf8'))];
        expect({ ...eb, dataFreshness: undefined }).toEqual({ ...ob, dataFreshness: undefined });
        expect(eb).toMatchObject({ code: 'not_found', requestId: id['X-Request-Id'] });
      } else {
        expect(e.headers['content-type'], path).toBe('text/html; charset=utf-8');
        expect(e.body.equals(o.body), path).toBe(true);
      }
    }
    // A method a pre-rendered file does not take is the origin's 405.
    const post = await send(edge.url, 'POST', '/llms.txt', { 'Content-Type': 'application/json' }, '{}');
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });

  it('passes writes to the origin with the address the edge saw in X-Forwarded-For, never the client one', async () => {
    const spoofed = { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7', 'X-Request-Id': 'edge-write-1' };
    const registered = await send(edge.url, 'POST', '/api/public/ai/register', spoofed, JSON.stringify({ name: 'edge_agent', operator: 'Edge test' }));
    expect(registered.status).toBe(201);
    expect(registered.headers['x-ratelimit-limit']).toBeDefined();
    const { apiKey } = JSON.parse(registered.body.toString('utf8'));
    const earned = await send(
      edge.url,
      'POST',
      '/api/public/ai/share',
      { ...spoofed, 'X-Request-Id': 'edge-write-2', Authorization: `Bearer ${apiKey}` },
      JSON.stringify({ url: 'https://social.example/post/edge' }),
    );
    expect(earned.status).toBe(200);
    expect(JSON.parse(earned.body.toString('utf8')).agent.points).toBe(10);
    const profile = await send(edge.url, 'GET', '/api/public/ai/agent/edge_agent');
    expect(JSON.parse(profile.body.toString('utf8')).agent.points).toBe(10);

    // Straight to the origin (TRUST_PROXY=1), the header would be believed: that is why only the edge may reach it.
    await send(origin.url, 'POST', '/api/public/ai/message', { ...spoofed, 'X-Request-Id': 'origin-write-1' }, JSON.stringify({ message: 'hello' }));
    const logged = (id: string) => origin.output.map((l) => (l.startsWith('{') ? JSON.parse(l) : {})).find((l) => l.requestId === id && l.msg === 'request');
    await origin.logFlushed();
    expect(logged('origin-write-1')?.ip).toBe('203.0.113.7');
    expect(logged('edge-write-1')?.ip).toBe('127.0.0.1');
    expect(logged('edge-write-2')?.ip).toBe('127.0.0.1');
  });

  // The generated files for other hosts, checked against the same origin, since no host runs here.
  it('_headers gives every pre-rendered path the origin headers, each once', async () => {
    const rules = parseHeaders(readFileSync(join(CLIENT, '_headers'), 'utf8'));
    for (const path of prerenderedPaths()) {
      const answer = await send(origin.url, 'GET', path);
      const lines = rules.filter((r) => matches(r.pattern, path)).flatMap((r) => r.headers);
      const names = lines.map(([n]) => n);
      expect(new Set(names).size, `${path}: a header set by two rules would be joined`).toBe(names.length);
      const got = Object.fromEntries(lines);
      for (const name of ['content-type', 'cache-control', 'content-security-policy', 'access-control-allow-origin', 'access-control-expose-headers', 'x-content-type-options', 'referrer-policy']) {
        expect(got[name], `${path} ${name}`).toBe(answer.headers[name]);
      }
    }
  }, 60_000);

  it('_redirects rewrites extension-less JSON to its file and sends queries, on-demand routes and unknown API paths to the origin', async () => {
    const text = readFileSync(join(CLIENT, '_redirects'), 'utf8');
    const originUrl = originOf(text);
    const route = redirectsRouter(text);
    const fileBytes = (path: string) => {
      for (const candidate of [path, `${path}.html`, `${path === '/' ? '' : path}/index.html`]) {
        try {
          return readFileSync(join(CLIENT, candidate));
        } catch {
          // Try the next form.
        }
      }
      return undefined;
    };
    for (const path of prerenderedPaths()) {
      const target = route(path);
      expect(target.startsWith('/'), `${path} is served by the host, not the origin (${target})`).toBe(true);
      const answer = await send(origin.url, 'GET', path);
      expect(fileBytes(target)?.equals(answer.body), `${path} -> ${target}: the origin's bytes`).toBe(true);
    }
    expect(route('/api/public/videos', 'limit')).toBe(`${originUrl}/api/public/videos`);
    expect(route('/api/public/knowledge', 'topic')).toBe(`${originUrl}/api/public/knowledge`);
    expect(route('/api/public/stats')).toBe(`${originUrl}/api/public/stats`);
    expect(route('/api/public/ai/register')).toBe(`${originUrl}/api/public/ai/register`);
    expect(route('/api/nope')).toBe(`${originUrl}/api/nope`);
    expect(route('/feeds/nope.xml')).toBe(`${originUrl}/feeds/nope.xml`);
    expect(route('/healthz')).toBe(`${originUrl}/healthz`);
  });
  it('sends every on-demand route and operation to the origin, through nginx and by _redirects', async () => {
    const paths = onDemandPaths();
    for (const door of ['/mcp', '/a2a', '/.well-known/mcp/server-card', '/healthz', '/api/public/ai/agent/sample']) expect(paths).toContain(door);
    const text = readFileSync(join(CLIENT, '_redirects'), 'utf8');
    const route = redirectsRouter(text);
    const twinQueries = new Map<string, string>();
    for (const line of text.split('\n')) {
      const twin = /^(\S+) {2}(\w+)=:\w+ {2}/.exec(line);
      if (twin) twinQueries.set(twin[1], twin[2]);
    }
    for (const path of paths) {
      // A path with a pre-rendered twin is the file without a query and the origin with one.
      const query = twinQueries.get(path);
      expect(route(path, query), `_redirects sends ${path}${query ? `?${query}=` : ''} to the origin`).toBe(`${originOf(text)}${path}`);
      // Only the origin sets rate-limit headers; a query also reaches the twin's origin route.
      const [e, o] = await Promise.all([send(edge.url, 'GET', `${path}?edge-probe=1`), send(origin.url, 'GET', `${path}?edge-probe=1`)]);
      expect([e.status, e.headers['content-type']], `${path} through nginx`).toEqual([o.status, o.headers['content-type']]);
      expect(e.headers['x-ratelimit-limit'], `${path} through nginx is answered by the origin`).toBeDefined();
    }
  });

  it('serves a build in a private folder (mode 700) as whoever runs it, root included', async () => {
    const { dir, distDir } = privateBuild();
    const privateEdge = await startEdge({ distDir, host: '127.0.0.1', port: await freePort(), originUrl: origin.url, runDir: join(dir, 'run') });
    try {
      for (const path of ['/', '/api/public/knowledge/terpenes/', '/favicon.svg']) {
        const [e, o] = await Promise.all([send(privateEdge.url, 'GET', path), send(origin.url, 'GET', path)]);
        expect(e.status, path).toBe(200);
        expectSame(e, o, `${path} from ${distDir}`);
      }
    } finally {
      await privateEdge.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.getuid?.() === 0)('refuses to start, saying why, when the owner of the build cannot reach it', async () => {
    // A build owned by nobody inside root's private folder: nobody's workers cannot enter the folder.
    const dir = mkdtempSync(join(tmpdir(), 'canopy-edge-unreadable-'));
    const distDir = join(dir, 'dist');
    mkdirSync(join(distDir, 'client'), { recursive: true });
    cpSync('dist/edge', join(distDir, 'edge'), { recursive: true });
    cpSync(join(CLIENT, 'favicon.svg'), join(distDir, 'client', 'favicon.svg'));
    const nobody = Number(spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout);
    for (const path of [distDir, join(distDir, 'client'), join(distDir, 'client', 'favicon.svg')]) chownSync(path, nobody, nobody);
    const port = await freePort();
    try {
      await expect(startEdge({ distDir, host: '127.0.0.1', port, originUrl: origin.url, runDir: join(dir, 'run') })).rejects.toThrow(
        /nginx answered 403 for \/favicon\.svg: its workers \(running as nobody, the owner of .*\) cannot read .*client/,
      );
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** `npm run edge` on a private copy of the build, as an operator starts it; resolves once it serves. */
  async function npmRunEdge(dir: string, distDir: string) {
    const npm = spawn('npm', ['run', 'edge'], {
      env: { ...process.env, EDGE_HOST: '127.0.0.1', EDGE_PORT: String(await freePort()), ORIGIN_URL: origin.url, DIST_DIR: distDir, TMPDIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so the test can send it Ctrl-C as a terminal does.
      detached: true,
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /^edge: (\S+) serves/m.exec(output);
        if (ready) resolve(ready[1]);
      };
      npm.stdout.on('data', onData);
      npm.stderr.on('data', onData);
      void exited.then((code) => reject(new Error(`npm run edge exited with ${code}:\n${output}`)));
    });
    return { npm, url, exited, output: () => output };
  }

  for (const [how, signal] of [
    ['SIGTERM to the npm process', (pid: number) => process.kill(pid, 'SIGTERM')],
    ['Ctrl-C (SIGINT to the whole process group)', (pid: number) => process.kill(-pid, 'SIGINT')],
  ] as const) {
    it(`npm run edge: ${how} stops nginx and leaves no process behind`, async () => {
      const { dir, distDir } = privateBuild();
      const run = await npmRunEdge(dir, distDir);
      let tree = descendants(run.npm.pid!);
      try {
        expect((await send(run.url, 'GET', '/api/public/knowledge/terpenes/')).status).toBe(200);
        // A worker nginx has just forked carries its master's title until it sets its own: look again until it has.
        const masters = () => (tree = descendants(run.npm.pid!)).filter((p) => p.command.startsWith('nginx: master'));
        await expect.poll(() => masters().length, { timeout: 5_000 }).toBe(1);
        expect(tree.filter((p) => p.command.startsWith('nginx: worker')).length).toBeGreaterThan(0);
        signal(run.npm.pid!);
        expect(await run.exited, run.output()).toBe(0);
        await expect.poll(() => tree.filter(stillRunning), { timeout: 5_000 }).toEqual([]);
        await expect(fetch(run.url)).rejects.toThrow();
      } finally {
        // Whatever a failure left running, so it does not outlive the test.
        if (run.npm.exitCode === null) run.npm.kill('SIGKILL');
        for (const p of tree.filter(stillRunning)) process.kill(p.pid, 'SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
