/**
 * The Node entry's request pipeline, modelled on @astrojs/node's standalone handler. It knows no
 * route: it does what every response needs (request id, CORS, security headers, the rate-limit
 * gate, the body limit, the log line) with what the route table tells it (src/http/route-table.ts),
 * then answers from the pre-rendered build, the response cache, or Astro, whose on-demand routes
 * run the operations. It compresses what Astro answers, and keeps it when the operation allows.
 *
 * `answer` is the one path from a request to its answer: the socket's requests take it, and so do
 * the requests an agent door makes for a tool call (`locals.invoke`), minus what the door's own
 * request already did (the gate, the log line).
 */
import { createServer, IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Logger } from 'pino';
import rangeParser from 'range-parser';
import type { AppConfig, ServerLimits } from '../config.ts';
import { freshness } from '../http/freshness.ts';
import { JSON_CONTENT_TYPE } from '../http/parse-request.ts';
import { type Problem, type ProblemTarget, renderProblem } from '../http/problem.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { ChangeFeed } from '../store/change-feed.ts';
import { renderWithAstro, type AppAnswer, type AstroHandler } from './astro-handoff.ts';
import { compress, isCompressible, negotiate } from './compression.ts';
import { guardConnections } from './connection-guard.ts';
import { answerPreflight, applyCors } from './cors.ts';
import { answerParserErrors } from './parser-errors.ts';
import { openGate, type RequestGate } from './request-gate.ts';
import { ABORTED, apiKeyFromJson, hasBody, MAX_BODY_BYTES, mayReadBody, NOT_READ, readBody } from './request-body.ts';
import { apiKeyFromHeaders, clientIp, loggablePath, requestIdFor } from './request-context.ts';
import type { CacheMark, CachedResponse, ResponseCache } from './response-cache.ts';
import { cspForHtml, EVERY_RESPONSE_HEADERS, isHtml } from './security-headers.ts';
import type { Services } from '../services.ts';
import type { Asset, StaticFiles } from './static-files.ts';

/** dist/build-info.json, written by scripts/postbuild.ts. */
export interface BuildInfo {
  /** The public origin the build pre-rendered with (src/public-origin.ts). */
  origin: string;
  /** Whether PUBLIC_URL named that origin at build time (else it was the default listening address). */
  originExplicit: boolean;
  /** The brand's production address (content/site.yaml `baseUrl`). */
  brandUrl: string;
  contentVersion: string;
  builtAt: string;
}

export interface ServerDeps {
  config: AppConfig;
  services: Services;
  staticFiles: StaticFiles;
  astro: AstroHandler;
  build: BuildInfo;
  cache: ResponseCache;
  routes: RouteTable;
  /** Commits by other processes are noticed before a cached answer is given (ChangeFeed.sync). */
  changes: ChangeFeed;
  log: Logger;
  gate?: RequestGate;
}

/** Headers an operation sends to the response cache (src/http/respond.ts), never to the client. */
const SURROGATE_CONTROL = 'surrogate-control';
const SURROGATE_KEY = 'surrogate-key';

/** The metrics' route label of a pre-rendered file, and of an answer no route gave (refusals). */
const STATIC_ROUTE = '(static)';
const NO_ROUTE = '(none)';

const NOT_FOUND: Problem = { code: 'not_found', detail: 'Nothing at this path. The discovery index at /api/public lists every endpoint.' };

/** Representation metadata a 304 leaves out; its validators (ETag, Last-Modified) stay, to guide cache updates. */
const NOT_ON_304 = ['Content-Type', 'Content-Security-Policy'];

/** What answered a read: a kept entry (a file, or a cached or cacheable answer), or a one-off answer. */
type Read = { entry: CachedResponse; state?: 'HIT' | 'MISS'; route: string } | { answer: AppAnswer; route: string };

export function createAppServer(deps: ServerDeps): Server {
  const { services, staticFiles, cache, log, routes } = deps;
  const gate = deps.gate ?? openGate;

  const liveFreshness = () => freshness({ source: 'live', generatedAt: services.clock.now(), contentVersion: deps.build.contentVersion, lastModified: deps.build.builtAt, maxAgeSeconds: 0 });

  function sendProblem(res: ServerResponse, requestId: string, problem: Problem, target?: ProblemTarget) {
    if (res.headersSent) return res.end();
    // A body we did not read would be drained after the response: close instead of reading it.
    if (hasBody(res.req) && !res.req.complete) res.setHeader('Connection', 'close');
    const rendered = renderProblem({ ...problem, extra: { ...problem.extra, requestId } }, liveFreshness(), target);
    res.writeHead(rendered.status, { ...rendered.headers, 'Content-Length': Buffer.byteLength(rendered.body) });
    res.end(res.req?.method === 'HEAD' ? undefined : rendered.body);
  }

  /**
   * The pre-rendered file a GET of `url` names. A query on an API path asks its on-demand twin
   * (StaticFiles.queryGoesToTwin) instead; pages, feeds and files named exactly keep the file.
   */
  function fileFor(url: URL): Asset | undefined {
    const file = staticFiles.lookup(url.pathname);
    return file && (url.search === '' || !staticFiles.queryGoesToTwin(file, url.pathname)) ? file : undefined;
  }

  /** A file of the build, read from disk on its first request and kept in the response cache. */
  function fileEntry(asset: Asset): CachedResponse {
    const key = `file:${asset.path}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = staticFiles.load(asset);
      cache.store(key, entry, undefined, cache.mark());
    }
    return entry;
  }

  /** The site's 404 page as an answer: a 404 nobody keeps, without validators. */
  function notFoundPage(asset: Asset): CachedResponse {
    const file = fileEntry(asset);
    return { ...file, status: 404, headers: file.headers.map(([name, value]) => [name, name === 'Cache-Control' ? 'no-store' : value]), etags: undefined };
  }

  /**
   * A GET's answer: its file, its kept answer, or `compute`'s, kept with its compressed variants
   * when the operation sent a cache policy (Surrogate-Control, Surrogate-Key).
   */
  async function read(url: URL, compute: () => Promise<{ answer: AppAnswer; route: string } | undefined>): Promise<Read | undefined> {
    const file = fileFor(url);
    if (file) return { entry: fileEntry(file), route: STATIC_ROUTE };
    const key = url.pathname + url.search;
    deps.changes.sync();
    const cached = cache.get(key);
    if (cached) return { entry: cached, state: 'HIT', route: cached.route ?? STATIC_ROUTE };
    const mark: CacheMark = cache.mark();
    const computed = await compute();
    if (!computed) return undefined;
    // An empty 404 asks for the site's 404 page, as nginx's error_page does.
    const page = computed.answer.status === 404 && computed.answer.body.length === 0 ? staticFiles.lookup('/404') : undefined;
    if (page) return { entry: notFoundPage(page), route: computed.route };
    const entry = keep(key, mark, computed.answer, computed.route);
    return entry ? { entry, state: 'MISS', route: computed.route } : computed;
  }

  /** Keeps a 200 whose operation sent a cache policy, with its compressed variants; undefined when not kept. */
  function keep(key: string, mark: CacheMark, answer: AppAnswer, route: string): CachedResponse | undefined {
    const maxAge = /max-age=(\d+)/.exec(String(answer.headers[SURROGATE_CONTROL] ?? ''))?.[1];
    const scope = answer.headers[SURROGATE_KEY];
    if (answer.status !== 200 || maxAge === undefined || typeof scope !== 'string') return undefined;
    const headers: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(answer.headers)) {
      if (name === SURROGATE_CONTROL || name === SURROGATE_KEY || name === 'content-length' || value === undefined) continue;
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    }
    const contentType = String(answer.headers['content-type'] ?? '');
    const variants: CachedResponse['variants'] = { identity: answer.body };
    if (isCompressible(contentType, answer.body.length)) {
      variants.br = compress(answer.body, 'br');
      variants.gzip = compress(answer.body, 'gzip');
    }
    const entry: CachedResponse = { status: 200, headers, scope, variants, route };
    cache.store(key, entry, Number(maxAge) * 1000, mark);
    return entry;
  }

  /** Writes a one-off answer: its headers, compressed when that pays, HEAD without a body. */
  function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: AppAnswer) {
    const headers = { ...answer.headers };
    delete headers[SURROGATE_CONTROL];
    delete headers[SURROGATE_KEY];
    const contentType = String(headers['content-type'] ?? '');
    let body = answer.body;
    if (isHtml(contentType) && headers['content-security-policy'] === undefined) headers['content-security-policy'] = cspForHtml(body.toString('utf8'));
    if (isCompressible(contentType, body.length)) {
      headers.vary = 'Accept-Encoding';
      const encoding = negotiate(req.headers['accept-encoding']);
      if (encoding) {
        body = compress(body, encoding);
        headers['content-encoding'] = encoding;
      }
    }
    headers['content-length'] = body.length;
    res.writeHead(answer.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * Writes a kept entry in the encoding the client accepts; HEAD gets headers only. With
   * validators (the build's files), a matching If-None-Match or If-Modified-Since gets 304.
   */
  function sendEntry(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, state?: 'HIT' | 'MISS') {
    const encoding = negotiate(req.headers['accept-encoding']);
    const variant = encoding && entry.variants[encoding] ? encoding : 'identity';
    const body = entry.variants[variant]!;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.variants.br || entry.variants.gzip) res.setHeader('Vary', 'Accept-Encoding');
    if (state) res.setHeader('X-Cache', state);
    const etag = entry.etags?.[variant];
    if (etag) res.setHeader('ETag', etag);
    if (entry.status === 200 && isNotModified(req, etag, entry.lastModified)) {
      // RFC 9110 15.4.5: a 304 carries the validators and caching fields, not the representation's metadata.
      for (const name of NOT_ON_304) res.removeHeader(name);
      res.writeHead(304);
      return res.end();
    }
    if (variant !== 'identity') res.setHeader('Content-Encoding', variant);
    if (entry.status === 200 && isMedia(String(res.getHeader('content-type')))) return sendRange(req, res, body, etag, entry.lastModified);
    res.setHeader('Content-Length', body.length);
    res.writeHead(entry.status);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Audio and video: the whole file, or the one byte range asked for, as Safari and podcast apps need to seek. */
  function sendRange(req: IncomingMessage, res: ServerResponse, body: Buffer, etag: string | undefined, lastModified: string | undefined) {
    res.setHeader('Accept-Ranges', 'bytes');
    const size = body.length;
    // Several ranges, or a header range-parser cannot read, get the whole body (RFC 9110 14.2 allows it).
    const ranges = req.headers.range !== undefined && rangeApplies(req, etag, lastModified) ? rangeParser(size, req.headers.range, { combine: true }) : -2;
    if (ranges === -1) {
      res.setHeader('Content-Range', `bytes */${size}`);
      res.setHeader('Content-Length', 0);
      res.writeHead(416);
      return res.end();
    }
    const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
    const part = range ? body.subarray(range.start, range.end + 1) : body;
    if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('Content-Length', part.length);
    res.writeHead(range ? 206 : 200);
    res.end(req.method === 'HEAD' ? undefined : part);
  }

  /** Astro's answer, and the route that gave it (its middleware names it), or undefined when no route did. */
  async function astro(req: IncomingMessage, res: ServerResponse | undefined, locals: App.Locals) {
    const answer = await renderWithAstro(deps.astro, req, res, locals);
    return answer && { answer, route: locals.route ?? NO_ROUTE };
  }

  /**
   * The socket's request once admitted: a read (file, cache, operation) or any other method
   * (operation). A path Astro declines (one it cannot decode) is a 404.
   */
  async function answer(req: IncomingMessage, res: ServerResponse, url: URL, locals: App.Locals, routed: { route: string }) {
    const method = req.method ?? 'GET';
    if (method === 'GET' || method === 'HEAD') {
      // Astro routes HEAD to GET; the body is left out when the answer is written.
      req.method = 'GET';
      const found = await read(url, () => astro(req, res, locals));
      req.method = method;
      if (!found) return sendProblem(res, locals.requestId, NOT_FOUND);
      routed.route = found.route;
      return 'entry' in found ? sendEntry(req, res, found.entry, found.state) : sendAnswer(req, res, found.answer);
    }
    // Astro reads a pre-read string body instead of the (consumed) stream. A body the server did not
    // read (not JSON) would be drained after the answer: the connection closes instead.
    if (locals.body === undefined && hasBody(req)) res.setHeader('Connection', 'close');
    (req as IncomingMessage & { body?: string }).body = locals.body ?? '';
    const found = await astro(req, res, locals);
    if (!found) return sendProblem(res, locals.requestId, NOT_FOUND);
    routed.route = found.route;
    return sendAnswer(req, res, found.answer);
  }

  /**
   * A request an agent door makes inside its own (a tool call): the same file, cache and route
   * as over HTTP, through Astro, without counting it again or logging it on its own line.
   */
  async function invoke(request: Request, outer: App.Locals): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.text() : undefined;
    const req = internalRequest(request, url, outer.clientAddress, body);
    const locals: App.Locals = { ...outer, body, route: undefined };
    if (request.method === 'GET') {
      const found = await read(url, () => astro(req, undefined, locals));
      if (!found) return problemAnswer(NOT_FOUND);
      if ('answer' in found) return responseOf(found.answer.status, found.answer.headers, found.answer.body);
      return responseOf(found.entry.status, Object.fromEntries(found.entry.headers), found.entry.variants.identity!);
    }
    const found = await astro(req, undefined, locals);
    if (!found) return problemAnswer(NOT_FOUND);
    return responseOf(found.answer.status, found.answer.headers, found.answer.body);
  }

  function problemAnswer(problem: Problem): Response {
    const { status, headers, body } = renderProblem(problem, liveFreshness());
    return new Response(body, { status, headers });
  }

  /** `routed.route`: the route that answers, for metrics (src/server/metrics.ts); `(none)` until one does. */
  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string, parsed: URL | string, ip: string, routed: { route: string }) {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return answerPreflight(res);
    // Only POST bodies are read; any other body is not drained on a kept-alive connection.
    if (method !== 'POST' && hasBody(req)) res.setHeader('Connection', 'close');

    // A JSON body (at most 16 KiB) is read before the gate, so an apiKey sent the way the API
    // documents (a write's `apiKey` field) identifies the agent to the limiter like a header does.
    const body = method === 'POST' && mayReadBody(req) ? await readBody(req, MAX_BODY_BYTES) : NOT_READ;
    if (body === ABORTED) return;
    const text = typeof body === 'string' ? body : undefined;
    const url = typeof parsed === 'string' ? undefined : parsed;
    const apiKey = apiKeyFromHeaders(req, url) ?? (text ? apiKeyFromJson(text) : undefined);
    const { rateClass, target } = url ? routes.classify(method, url.pathname, text) : { rateClass: 'read' as const, target: undefined };
    // Every request passes the gate, malformed ones included, so every response carries the
    // rate-limit headers and no request is free to repeat.
    const admission = await gate.admit(req, res, { requestId, ip, rateClass, apiKey });
    if (!admission.admitted) {
      if (!admission.refusal) return;
      services.metrics.refused(admission.refusal.code);
      return sendProblem(res, requestId, admission.refusal, target);
    }
    if (admission.release) res.once('close', admission.release);

    if (!url) return sendProblem(res, requestId, { code: 'bad_request', detail: parsed as string });
    // A pre-rendered file answers GET and HEAD only; its 405 comes before any limit on the body.
    if (method !== 'GET' && method !== 'HEAD' && staticFiles.lookup(url.pathname)) {
      return sendProblem(res, requestId, { code: 'method_not_allowed', detail: `${method.slice(0, 20)} is not supported here; use GET.`, headers: { Allow: 'GET, HEAD, OPTIONS' } });
    }
    if (method === 'POST' && (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES || (body === undefined && JSON_CONTENT_TYPE.test(String(req.headers['content-type'] ?? ''))))) {
      res.setHeader('Connection', 'close');
      return sendProblem(res, requestId, { code: 'payload_too_large', detail: `Request bodies are limited to ${MAX_BODY_BYTES} bytes.` });
    }
    const locals = { services, requestId, clientAddress: ip, body: text } as App.Locals;
    locals.invoke = (request) => invoke(request, locals);
    return answer(req, res, url, locals, routed);
  }

  const limits = deps.config.server;
  // Host is checked below, so an HTTP/1.1 request without one gets the API's problem, not Node's bare 400.
  const server = createServer({ ...timeouts(limits), requireHostHeader: false }, (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(req);
    res.setHeader('X-Request-Id', requestId);
    for (const [name, value] of EVERY_RESPONSE_HEADERS) res.setHeader(name, value);
    applyCors(res);
    const ip = clientIp(req, deps.config.trustProxy);
    const url = parseRequestUrl(req);

    const routed = { route: NO_ROUTE };
    res.once('finish', () => {
      const status = res.statusCode;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      services.metrics.request(req.method, routed.route, status, durationMs / 1000);
      log[status >= 500 ? 'error' : 'info'](
        {
          requestId,
          method: req.method,
          path: typeof url === 'string' ? '(malformed)' : loggablePath(url),
          status,
          durationMs,
          bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
          ip,
        },
        'request',
      );
    });

    handle(req, res, requestId, url, ip, routed).catch((error: unknown) => {
      log.error({ requestId, err: error }, 'unhandled error');
      sendProblem(res, requestId, { code: 'internal_error', detail: `Something went wrong on our side. Quote request id ${requestId} when you report it.` });
    });
  });
  // Answers written before a request exists (a refused connection, a parser error, CONNECT) keep the contract too.
  const problems = { freshness: liveFreshness };
  guardConnections(server, { maxConnections: limits.maxConnections, maxPerAddress: deps.config.trustProxy ? undefined : limits.maxConnectionsPerAddress, problems, log });
  answerParserErrors(server, problems, limits);
  return server;
}

function timeouts(limits: ServerLimits): ServerOptions {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks the two timeouts above only this often (30 s by default), so they hold to within it.
    connectionsCheckingInterval: limits.timeoutCheckMs,
  };
}

/**
 * The request's URL, or why it is refused: only origin-form paths are accepted, the path must
 * decode cleanly (a malformed escape or a NUL byte is a 400 rather than a guess), and HTTP/1.1
 * requires a Host header (RFC 9112 3.2).
 */
function parseRequestUrl(req: IncomingMessage): URL | string {
  if (req.httpVersion === '1.1' && req.headers.host === undefined) return 'An HTTP/1.1 request must carry a Host header.';
  const raw = req.url ?? '/';
  if (!raw.startsWith('/') || raw.startsWith('//')) return 'The request target must be a path (origin-form).';
  try {
    const url = new URL(raw, 'http://localhost');
    if (decodeURIComponent(url.pathname).includes('\0')) return 'The request path contains a NUL byte.';
    return url;
  } catch {
    return 'The request URL is malformed.';
  }
}

function isMedia(contentType: string): boolean {
  return contentType.startsWith('audio/') || contentType.startsWith('video/');
}

/** If-Range (RFC 9110 13.1.5): the range is sent only while the client's validator still holds. */
function rangeApplies(req: IncomingMessage, etag: string | undefined, lastModified: string | undefined): boolean {
  const header = req.headers['if-range'];
  if (header === undefined) return true;
  const ifRange = String(header).trim();
  return ifRange.startsWith('"') ? ifRange === etag : ifRange === lastModified;
}

/** RFC 9110 13.1: If-None-Match wins over If-Modified-Since; weak comparison for GET/HEAD. */
function isNotModified(req: IncomingMessage, etag: string | undefined, lastModified: string | undefined): boolean {
  if (!etag) return false;
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    if (inm.trim() === '*') return true;
    const strip = (t: string) => t.trim().replace(/^W\//, '');
    return inm.split(',').some((t) => strip(t) === etag);
  }
  const ims = req.headers['if-modified-since'];
  if (ims !== undefined && lastModified !== undefined) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && Date.parse(lastModified) <= since;
  }
  return false;
}

/**
 * A web Request as the Node request @astrojs/node reads (method, URL, headers, the pre-read body,
 * the socket's address), for a request made inside the process.
 */
function internalRequest(request: Request, url: URL, clientAddress: string | undefined, body: string | undefined): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: clientAddress });
  const headers = Object.fromEntries(request.headers);
  headers.host = url.host;
  return Object.assign(Object.create(IncomingMessage.prototype) as IncomingMessage, { method: request.method, url: url.pathname + url.search, headers, socket, body, httpVersion: '1.1' });
}

function responseOf(status: number, headers: AppAnswer['headers'], body: Buffer): Response {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === SURROGATE_CONTROL || name === SURROGATE_KEY || name === 'content-length') continue;
    out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return new Response(status === 204 || status === 304 ? null : new Uint8Array(body), { status, headers: out });
}
