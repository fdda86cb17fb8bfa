/**
 * The Node entry's request pipeline, modelled on @astrojs/node's standalone handler. It knows no
 * route: it does what every response needs (request id, CORS, security headers, the rate-limit
 * gate, the body limit, the log line) with what the route table tells it (src/http/route-table.ts),
 * then answers from the pre-rendered build, the response cache, or Astro, whose on-demand routes
 * run the operations. Every answer is written the same way, as an entry of the response cache
 * (kept or not): compressed when that pays, 304 and byte ranges where its validators allow.
 *
 * `answer` is the one path from a request to its answer: the socket's requests take it, and so do
 * the requests an agent door makes for a tool call (`locals.invoke`), minus what the door's own
 * request already did (the gate, the log line).
 */
import { createServer, IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fresh from 'fresh';
import type { Logger } from 'pino';
import rangeParser from 'range-parser';
import type { BuildInfo } from '../build-info.ts';
import type { AppConfig } from '../config.ts';
import { freshness } from '../http/freshness.ts';
import { type Problem, type ProblemTarget, renderProblem } from '../http/problem.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { ChangeFeed } from '../store/change-feed.ts';
import { type AppAnswer, type AstroHandler, renderWithAstro } from './astro-handoff.ts';
import { compress, type Encoding, isCompressible, negotiate } from './compression.ts';
import { guardConnections } from './connection-guard.ts';
import { CORS_HEADERS, PREFLIGHT_HEADERS } from '../schemas/api/cors.ts';
import type { Admission, RateLimiter } from './rate-limiter.ts';
import { answerParserErrors } from './raw-problem.ts';
import { ABORTED, apiKeyFromJson, hasBody, mayReadBody, NOT_READ, readBody } from './request-body.ts';
import { MAX_BODY_BYTES } from '../schemas/api/endpoint-doc.ts';
import { apiKeyFromHeaders, clientIp, loggablePath, parseRequestUrl, requestIdFor } from './request-context.ts';
import type { CachedResponse, ResponseCache } from './response-cache.ts';
import { cspForHtml, EVERY_RESPONSE_HEADERS, isHtml } from './security-headers.ts';
import { gracefulStop } from './shutdown.ts';
import type { Asset, StaticFiles } from './static-files.ts';

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
  gate: RateLimiter;
}

/**
 * One response in the making. `head`: the header lines every answer to this request carries (its
 * request id, the security and CORS headers, the gate's rate-limit headers), names and values in
 * turn, written with the answer's own in one `writeHead`; the rest is what the log line and the
 * metrics report once it has finished, and the gate's admission, whose place in flight it ends.
 */
interface Reply {
  requestId: string;
  head: string[];
  res: ServerResponse;
  /** When the request arrived (process.hrtime.bigint). */
  started: bigint;
  url: URL | string;
  ip: string;
  /** The route that answers (src/server/metrics.ts); `(none)` until one does. */
  route: string;
  bytes?: number;
  /** Its place in flight is given back once the response has closed. */
  admission?: Admission;
}

/** The header lines every response starts with, after its request id. */
const EVERY_RESPONSE_HEAD = [...EVERY_RESPONSE_HEADERS, ...CORS_HEADERS].flat();
const PREFLIGHT_HEAD = PREFLIGHT_HEADERS.flat();

/** Headers an operation sends to the response cache (src/http/respond.ts), never to the client. */
const SURROGATE_CONTROL = 'surrogate-control';
const SURROGATE_KEY = 'surrogate-key';
const NOT_SENT = new Set([SURROGATE_CONTROL, SURROGATE_KEY, 'content-length']);

/** The metrics' route label of a pre-rendered file, and of an answer no route gave (refusals). */
const STATIC_ROUTE = '(static)';
const NO_ROUTE = '(none)';

const NOT_FOUND: Problem = { code: 'not_found', detail: 'Nothing at this path. The discovery index at /api/public lists every endpoint.' };

/** Representation metadata a 304 leaves out (RFC 9110 15.4.5); its validators stay, to guide cache updates. */
const NOT_ON_304 = new Set(['content-type', 'content-security-policy']);

const BOTH: Encoding[] = ['br', 'gzip'];

/** An answer to write: a kept entry (HIT or MISS) or one made for this request alone. */
type Answered = { entry: CachedResponse; state?: 'HIT' | 'MISS' };

export function createAppServer(deps: ServerDeps): { server: Server; drain(graceMs: number): Promise<void> } {
  const { services, staticFiles, cache, log, routes, gate } = deps;

  const liveFreshness = () => freshness({ source: 'live', generatedAt: services.clock.now(), contentVersion: deps.build.contentVersion, lastModified: deps.build.builtAt, maxAgeSeconds: 0 });

  function sendProblem(res: ServerResponse, reply: Reply, problem: Problem, target?: ProblemTarget) {
    if (res.headersSent) return res.end();
    // A body we did not read would be drained after the response: close instead of reading it.
    if (hasBody(res.req) && !res.req.complete) res.setHeader('Connection', 'close');
    const rendered = renderProblem({ ...problem, extra: { ...problem.extra, requestId: reply.requestId } }, liveFreshness(), target);
    reply.bytes = Buffer.byteLength(rendered.body);
    res.writeHead(rendered.status, [...reply.head, ...Object.entries(rendered.headers).flat(), 'Content-Length', String(reply.bytes)]);
    res.end(res.req?.method === 'HEAD' ? undefined : rendered.body);
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

  /** Answers being computed, by key: a request for the same key meanwhile waits for the one under way. */
  const computing = new Map<string, Promise<Answered | undefined>>();

  /**
   * A GET's answer: the pre-rendered file it names, its kept answer, or `compute`'s, kept when the
   * operation sent a cache policy (Surrogate-Control, Surrogate-Key). A query on an API path asks
   * the file's on-demand twin (StaticFiles.queryGoesToTwin); pages and feeds keep the file.
   *
   * Requests for a key whose answer is being computed wait for it, and take it if it was kept (as
   * they would a moment later from the cache); otherwise each computes its own. So when a kept
   * answer expires under load, one request computes it again, not every request in flight.
   */
  function read(url: URL, compute: () => Promise<AppAnswer | undefined>, accepted: Encoding[]): Answered | Promise<Answered | undefined> {
    const file = staticFiles.lookup(url.pathname);
    if (file && (url.search === '' || !staticFiles.queryGoesToTwin(file, url.pathname))) return { entry: fileEntry(file) };
    const key = url.pathname + url.search;
    deps.changes.sync();
    const cached = cache.get(key);
    if (cached) return { entry: cached, state: 'HIT' };
    const own = () => computeAndKeep(key, compute, accepted);
    const pending = computing.get(key);
    if (pending) return pending.then((shared) => (shared?.state === 'MISS' ? { entry: shared.entry, state: 'HIT' } : own()), own);
    const computed = own();
    computing.set(key, computed);
    const done = () => computing.delete(key);
    computed.then(done, done);
    return computed;
  }

  /** `read`'s answer when nothing kept has it: the operation's, kept when its cache policy says so. */
  async function computeAndKeep(key: string, compute: () => Promise<AppAnswer | undefined>, accepted: Encoding[]): Promise<Answered | undefined> {
    const mark = cache.mark();
    const answer = await compute();
    if (!answer) return undefined;
    // An empty 404 asks for the site's 404 page, as nginx's error_page does: a 404 nobody keeps.
    const page = answer.status === 404 && answer.body.length === 0 ? staticFiles.lookup('/404') : undefined;
    if (page) {
      const { headers, variants } = fileEntry(page);
      return { entry: { status: 404, headers: headers.map(([name, value]) => [name, name === 'Cache-Control' ? 'no-store' : value]), variants, scope: 'none', route: answer.route } };
    }
    // Seconds to the millisecond (src/http/respond.ts).
    const maxAge = /max-age=(\d+(?:\.\d{1,3})?)/.exec(String(answer.headers[SURROGATE_CONTROL] ?? ''))?.[1];
    const scope = answer.headers[SURROGATE_KEY];
    if (answer.status !== 200 || maxAge === undefined || typeof scope !== 'string') return { entry: entryOf(answer, accepted) };
    const entry = entryOf(answer, BOTH, scope);
    // Not kept when a commit changed its scope while it was computed: it may show what was before.
    const kept = cache.store(key, entry, Math.round(Number(maxAge) * 1000), mark);
    return { entry, state: kept ? 'MISS' : undefined };
  }

  /** Astro's answer, named by the route that gave it (its middleware names it), or undefined when no route did. */
  async function astro(req: IncomingMessage, res: ServerResponse | undefined, locals: App.Locals): Promise<AppAnswer | undefined> {
    const answer = await renderWithAstro(deps.astro, req, res, locals);
    return answer && { ...answer, route: locals.route ?? NO_ROUTE };
  }

  /**
   * The socket's request once admitted: a read (file, cache, operation) or any other method
   * (operation). A path Astro declines (one it cannot decode) is a 404. An answer a file or the
   * response cache has is written at once, without waiting on a promise.
   */
  function answer(req: IncomingMessage, res: ServerResponse, url: URL, reply: Reply, body: string | undefined): void | Promise<void> {
    const method = req.method ?? 'GET';
    const encoding = negotiate(req.headers['accept-encoding']);
    const accepted = encoding ? [encoding] : [];
    if (method === 'GET' || method === 'HEAD') {
      // Astro routes HEAD to GET (it reads the method as the computation starts); the body is left
      // out when the answer is written.
      req.method = 'GET';
      const found = read(url, () => astro(req, res, localsFor(reply.requestId, reply.ip, body)), accepted);
      req.method = method;
      return found instanceof Promise ? found.then((f) => write(req, res, reply, encoding, f)) : write(req, res, reply, encoding, found);
    }
    // Astro reads a pre-read string body instead of the (consumed) stream. A body the server did
    // not read (not JSON) would be drained after the answer: the connection closes instead.
    if (body === undefined && hasBody(req)) res.setHeader('Connection', 'close');
    (req as IncomingMessage & { body?: string }).body = body ?? '';
    return astro(req, res, localsFor(reply.requestId, reply.ip, body)).then((computed) => write(req, res, reply, encoding, computed && { entry: entryOf(computed, accepted) }));
  }

  /** Writes what `answer` found, named by its route, or the API's 404 when nothing was. */
  function write(req: IncomingMessage, res: ServerResponse, reply: Reply, encoding: Encoding | undefined, found: Answered | undefined): void {
    if (!found) return void sendProblem(res, reply, NOT_FOUND);
    reply.route = found.entry.route ?? STATIC_ROUTE;
    send(req, res, found.entry, reply, encoding, found.state);
  }

  /**
   * A request an agent door makes inside its own (a tool call): the same file, cache and route
   * as over HTTP, through Astro, without counting it again or logging it on its own line.
   */
  async function invoke(request: Request, outer: App.Locals): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.text() : undefined;
    const locals: App.Locals = { ...outer, body, route: undefined };
    const compute = () => astro(internalRequest(request, url, outer.clientAddress, body), undefined, locals);
    const found = request.method === 'GET' ? await read(url, compute, []) : await compute().then((a) => a && { entry: entryOf(a, []) });
    if (!found) {
      const { status, headers, body: text } = renderProblem(NOT_FOUND, liveFreshness());
      return new Response(text, { status, headers });
    }
    const { status, headers, variants } = found.entry;
    return new Response(status === 204 || status === 304 ? null : new Uint8Array(variants.identity!), { status, headers });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, reply: Reply) {
    const { url: parsed, ip } = reply;
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, [...reply.head, ...PREFLIGHT_HEAD]);
      return res.end();
    }
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
    const admitted = gate.admit({ ip, rateClass, apiKey });
    const admission = admitted instanceof Promise ? await admitted : admitted;
    reply.head.push(...admission.headers);
    if (admission.refusal) {
      services.metrics.refused(admission.refusal.code);
      return sendProblem(res, reply, admission.refusal, target);
    }
    reply.admission = admission;
    // A client that left while the gate looked its key up has closed the response already.
    if (res.destroyed) admission.release();

    if (!url) return sendProblem(res, reply, { code: 'bad_request', detail: parsed as string });
    // A pre-rendered file answers GET and HEAD only; its 405 comes before any limit on the body.
    if (method !== 'GET' && method !== 'HEAD' && staticFiles.lookup(url.pathname)) {
      return sendProblem(res, reply, { code: 'method_not_allowed', detail: `${method.slice(0, 20)} is not supported here; use GET.`, headers: { Allow: 'GET, HEAD, OPTIONS' } });
    }
    // undefined: a JSON body read until it outgrew the limit (a chunked one, whose length was not announced).
    if (method === 'POST' && (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES || body === undefined)) {
      res.setHeader('Connection', 'close');
      return sendProblem(res, reply, { code: 'payload_too_large', detail: `Request bodies are limited to ${MAX_BODY_BYTES} bytes.` });
    }
    return answer(req, res, url, reply, text);
  }

  /** What Astro's routes get in `locals` for a request of the socket (src/env.d.ts). */
  function localsFor(requestId: string, clientAddress: string, body: string | undefined): App.Locals {
    const locals = { services, requestId, clientAddress, body } as App.Locals;
    locals.invoke = (request) => invoke(request, locals);
    return locals;
  }

  /**
   * The end of a response: the gate's place in flight is given back, and a response that was sent
   * whole (not cut off by its client) is counted and logged.
   */
  function closed(this: Reply): void {
    const { res, url, requestId, ip } = this;
    this.admission?.release();
    if (!res.writableFinished) return;
    const status = res.statusCode;
    // To the microsecond: the log writes few distinct short numbers (V8 keeps their strings), not a new one of many digits each time.
    const durationMs = Math.round(Number(process.hrtime.bigint() - this.started) / 1e3) / 1e3;
    services.metrics.request(res.req.method, this.route, status, durationMs / 1000);
    const path = typeof url === 'string' ? '(malformed)' : loggablePath(url);
    const bytes = this.bytes || undefined;
    log[status >= 500 ? 'error' : 'info']({ requestId, method: res.req.method, path, status, durationMs, bytes, ip }, 'request');
  }

  const limits = deps.config.server;
  const stop = gracefulStop();
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default), so they hold to within it.
      connectionsCheckingInterval: limits.timeoutCheckMs,
      // Host is checked by parseRequestUrl, so a request without one gets the API's problem, not Node's bare 400.
      requireHostHeader: false,
      ServerResponse: stop.ServerResponse,
    },
    (req, res) => {
      const started = process.hrtime.bigint();
      const requestId = requestIdFor(req);
      const url = parseRequestUrl(req);
      const ip = clientIp(req, deps.config.trustProxy);
      const reply: Reply = { requestId, head: ['X-Request-Id', requestId, ...EVERY_RESPONSE_HEAD], res, started, url, ip, route: NO_ROUTE };
      // One listener for the end of every response, one function bound to each reply (not a new closure per request).
      res.on('close', closed.bind(reply));
      handle(req, res, reply).catch((error: unknown) => {
        log.error({ requestId, err: error }, 'unhandled error');
        sendProblem(res, reply, { code: 'internal_error', detail: `Something went wrong on our side. Quote request id ${requestId} when you report it.` });
      });
    },
  );
  // Answers written before a request exists (a refused connection, a parser error, CONNECT) keep the contract too.
  guardConnections(server, { maxConnections: limits.maxConnections, maxPerAddress: deps.config.trustProxy ? undefined : limits.maxConnectionsPerAddress, freshness: liveFreshness, log });
  answerParserErrors(server, liveFreshness, limits);
  return { server, drain: (graceMs) => stop.drain(server, graceMs) };
}

/**
 * An answer as the response cache keeps it, with the compressed variants of `encodings` when
 * compression pays; the operation's headers for the cache itself are dropped.
 */
function entryOf(answer: AppAnswer, encodings: Encoding[], scope = 'none'): CachedResponse {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !NOT_SENT.has(name)) headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  const contentType = String(answer.headers['content-type'] ?? '');
  if (isHtml(contentType) && answer.headers['content-security-policy'] === undefined) headers.push(['content-security-policy', cspForHtml(answer.body.toString('utf8'))]);
  const variants: CachedResponse['variants'] = { identity: answer.body };
  if (isCompressible(contentType, answer.body.length)) {
    headers.push(['vary', 'Accept-Encoding']);
    for (const encoding of encodings) variants[encoding] = compress(answer.body, encoding);
  }
  return { status: answer.status, headers, scope, variants, route: answer.route };
}

/**
 * Writes an entry in the encoding the client accepts (negotiated), its head in one `writeHead` after the
 * request's own lines; HEAD gets headers only. With validators (the build's files), a matching
 * If-None-Match or If-Modified-Since gets 304; audio and video answer one byte range, as Safari
 * and podcast apps need to seek.
 */
function send(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, reply: Reply, encoding: Encoding | undefined, state?: 'HIT' | 'MISS') {
  const variant = encoding && entry.variants[encoding] ? encoding : 'identity';
  let body = entry.variants[variant]!;
  const { head } = reply;
  const etag = entry.etags?.[variant];
  // Only the validators: a request's `Cache-Control: no-cache` (fetch() adds it to every conditional
  // request) asks caches to revalidate, which is what this answer is, so it does not make it stale.
  const conditions = { 'if-none-match': req.headers['if-none-match'], 'if-modified-since': req.headers['if-modified-since'] };
  const notModified = etag !== undefined && entry.status === 200 && fresh(conditions, { etag, 'last-modified': entry.lastModified });
  for (const [name, value] of entry.headers) if (!notModified || !NOT_ON_304.has(name.toLowerCase())) head.push(name, value);
  if (state) head.push('X-Cache', state);
  if (etag) head.push('ETag', etag);
  if (notModified) {
    res.writeHead(304, head);
    return res.end();
  }
  if (variant !== 'identity') head.push('Content-Encoding', variant);
  let status = entry.status;
  if (status === 200 && entry.byteRanges) {
    head.push('Accept-Ranges', 'bytes');
    // Several ranges, or a header range-parser cannot read, get the whole body (RFC 9110 14.2 allows it).
    const ranges = req.headers.range !== undefined && rangeApplies(req, etag, entry.lastModified) ? rangeParser(body.length, req.headers.range, { combine: true }) : -2;
    if (ranges === -1) {
      head.push('Content-Range', `bytes */${body.length}`);
      body = Buffer.alloc(0);
      status = 416;
    } else if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
      head.push('Content-Range', `bytes ${ranges[0].start}-${ranges[0].end}/${body.length}`);
      body = body.subarray(ranges[0].start, ranges[0].end + 1);
      status = 206;
    }
  }
  reply.bytes = body.length;
  head.push('Content-Length', String(body.length));
  res.writeHead(status, head);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** If-Range (RFC 9110 13.1.5): the range is sent only while the client's validator still holds. */
function rangeApplies(req: IncomingMessage, etag: string | undefined, lastModified: string | undefined): boolean {
  const ifRange = (req.headers['if-range'] as string | undefined)?.trim();
  return ifRange === undefined || ifRange === (ifRange.startsWith('"') ? etag : lastModified);
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
