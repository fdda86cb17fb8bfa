/**
 * The Node entry's request pipeline, modelled on @astrojs/node's standalone handler. It knows no
 * route: it does what every response needs (request id, CORS, security headers, the rate-limit
 * gate, body limits, logs), answers from the pre-rendered build or the response cache, and hands
 * everything else to Astro's on-demand endpoints, whose answer it compresses, caches when the
 * endpoint allows it, and writes. Unknown paths get our 404.
 */
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { AppConfig, ServerLimits } from '../config.ts';
import { freshness } from '../http/freshness.ts';
import { JSON_CONTENT_TYPE } from '../http/parse-request.ts';
import { problemBody, type ProblemCode } from '../http/problem.ts';
import type { ChangeFeed } from '../store/change-feed.ts';
import { renderWithAstro, type AppAnswer, type AstroHandler } from './astro-handoff.ts';
import { byteRange, isMedia, rangeApplies } from './byte-range.ts';
import { compress, isCompressible, negotiate } from './compression.ts';
import { guardConnections } from './connection-guard.ts';
import { answerPreflight, applyCors } from './cors.ts';
import { answerParserErrors } from './parser-errors.ts';
import { openGate, type Refusal, type RequestGate } from './request-gate.ts';
import { toolCallId, toolError } from '../mcp/tool-error.ts';
import { ABORTED, apiKeyFromJson, hasBody, MAX_BODY_BYTES, mayReadBody, NOT_READ, readBody } from './request-body.ts';
import { apiKeyFromHeaders, clientIp, loggablePath, requestIdFor } from './request-context.ts';
import type { CacheMark, CachedResponse, ResponseCache } from './response-cache.ts';
import { BASE_CSP, EVERY_RESPONSE_HEADERS, isHtml } from './security-headers.ts';
import type { Services } from './services.ts';
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
  /** Commits by other processes are noticed before a cached answer is given (ChangeFeed.sync). */
  changes: ChangeFeed;
  log: Logger;
  gate?: RequestGate;
}

/** Headers an endpoint sends to the response cache (src/http/respond.ts), never to the client. */
const SURROGATE_CONTROL = 'surrogate-control';
const SURROGATE_KEY = 'surrogate-key';

/** Representation metadata a 304 leaves out; its validators (ETag, Last-Modified) stay, to guide cache updates. */
const NOT_ON_304 = ['Content-Type', 'Content-Security-Policy'];

/** The metrics' route label of a pre-rendered file, and of an answer no route gave (404s, refusals). */
const STATIC_ROUTE = '(static)';
const NO_ROUTE = '(none)';

export function createAppServer(deps: ServerDeps): Server {
  const { services, staticFiles, cache, log } = deps;
  const gate = deps.gate ?? openGate;

  const liveFreshness = () => freshness({ source: 'live', generatedAt: services.clock.now(), contentVersion: deps.build.contentVersion, lastModified: deps.build.builtAt, maxAgeSeconds: 0 });

  function sendProblem(res: ServerResponse, requestId: string, code: ProblemCode, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    if (res.headersSent) return res.end();
    // A body we did not read would be drained after the response: close instead of reading it.
    if (hasBody(res.req) && !res.req.complete) res.setHeader('Connection', 'close');
    const body = problemBody(code, detail, liveFreshness(), { ...extra, requestId });
    const text = JSON.stringify(body);
    res.statusCode = body.status;
    res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(res.req?.method === 'HEAD' ? undefined : text);
  }

  /**
   * A JSON-RPC `tools/call` the gate refused: 200 with the JSON-RPC answer an MCP server gives a
   * tool that failed (src/mcp/tool-error.ts), carrying the same problem, headers and retry time.
   */
  function sendToolRefusal(res: ServerResponse, requestId: string, id: string | number, refusal: Refusal) {
    const problem = problemBody(refusal.code, refusal.detail, liveFreshness(), { ...refusal.extra, requestId });
    const text = JSON.stringify({ jsonrpc: '2.0', id, result: toolError(problem) });
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    for (const [k, v] of Object.entries(refusal.headers ?? {})) res.setHeader(k, v);
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
  }

  function notFound(req: IncomingMessage, res: ServerResponse, requestId: string, pathname: string) {
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/feeds/')) {
      return sendProblem(res, requestId, 'not_found', `Nothing at ${pathname.slice(0, 200)}. The discovery index at /api/public lists every endpoint.`);
    }
    const page = staticFiles.lookup('/404');
    if (page) return sendFile(req, res, page, { status: 404, cacheControl: 'no-store' });
    return sendProblem(res, requestId, 'not_found', 'Page not found.');
  }

  /** A pre-rendered file answers GET and HEAD only. */
  function fileMethodNotAllowed(res: ServerResponse, requestId: string, method: string) {
    return sendProblem(res, requestId, 'method_not_allowed', `${method.slice(0, 20)} is not supported here; use GET.`, {}, { Allow: 'GET, HEAD, OPTIONS' });
  }

  /** Writes an on-demand answer: its headers, compressed when that pays, HEAD without a body. */
  function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: AppAnswer) {
    const headers = { ...answer.headers };
    delete headers[SURROGATE_CONTROL];
    delete headers[SURROGATE_KEY];
    const contentType = String(headers['content-type'] ?? '');
    if (isHtml(contentType) && headers['content-security-policy'] === undefined) headers['content-security-policy'] = BASE_CSP;
    let body = answer.body;
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
   * Writes a kept answer in the encoding the client accepts; HEAD gets headers only. With
   * validators (the build's files), a matching If-None-Match or If-Modified-Since gets 304.
   * `as`: a status and Cache-Control other than the entry's (the 404 page); `state`: the X-Cache
   * value of an on-demand answer.
   */
  function sendCached(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, as: { state?: 'HIT' | 'MISS'; status?: number; cacheControl?: string } = {}) {
    const encoding = negotiate(req.headers['accept-encoding']);
    const variant = encoding && entry.variants[encoding] ? encoding : 'identity';
    const body = entry.variants[variant]!;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (as.cacheControl) res.setHeader('Cache-Control', as.cacheControl);
    if (entry.variants.br || entry.variants.gzip) res.setHeader('Vary', 'Accept-Encoding');
    if (as.state) res.setHeader('X-Cache', as.state);
    const etag = entry.etags?.[variant];
    if (etag) res.setHeader('ETag', etag);
    const status = as.status ?? entry.status;
    if (status === 200 && isNotModified(req, etag, entry.lastModified)) {
      // RFC 9110 15.4.5: a 304 carries the validators and caching fields, not the representation's metadata.
      for (const name of NOT_ON_304) res.removeHeader(name);
      res.writeHead(304);
      return res.end();
    }
    if (variant !== 'identity') res.setHeader('Content-Encoding', variant);
    if (status === 200 && isMedia(String(res.getHeader('content-type')))) return sendRange(req, res, body, etag, entry.lastModified);
    res.setHeader('Content-Length', body.length);
    res.writeHead(status);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Audio and video: the whole file, or the one byte range asked for (src/server/byte-range.ts). */
  function sendRange(req: IncomingMessage, res: ServerResponse, body: Buffer, etag: string | undefined, lastModified: string | undefined) {
    res.setHeader('Accept-Ranges', 'bytes');
    const size = body.length;
    const range = req.headers.range !== undefined && rangeApplies(req, etag, lastModified) ? byteRange(String(req.headers.range), size) : undefined;
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${size}`);
      res.setHeader('Content-Length', 0);
      res.writeHead(416);
      return res.end();
    }
    const part = range ? body.subarray(range.start, range.end + 1) : body;
    if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('Content-Length', part.length);
    res.writeHead(range ? 206 : 200);
    res.end(req.method === 'HEAD' ? undefined : part);
  }

  /** A file of the build, read from disk on its first request and kept in the response cache. */
  function sendFile(req: IncomingMessage, res: ServerResponse, asset: Asset, as: { status?: number; cacheControl?: string } = {}) {
    const key = `file:${asset.path}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = staticFiles.load(asset);
      cache.store(key, entry, undefined, cache.mark());
    }
    sendCached(req, res, entry, as);
  }

  /**
   * Keeps a successful answer whose endpoint sent a cache policy, with its compressed variants,
   * and answers from the kept entry; anything else is written as it is.
   */
  function finishRead(req: IncomingMessage, res: ServerResponse, key: string, mark: CacheMark, answer: AppAnswer, route: string) {
    const maxAge = /max-age=(\d+)/.exec(String(answer.headers[SURROGATE_CONTROL] ?? ''))?.[1];
    const scope = answer.headers[SURROGATE_KEY];
    if (answer.status !== 200 || maxAge === undefined || typeof scope !== 'string') return sendAnswer(req, res, answer);
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
    return sendCached(req, res, entry, { state: 'MISS' });
  }

  /** `routed.route`: the route that answers, for metrics (src/server/metrics.ts); `(none)` until one does. */
  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string, parsedUrl: URL | undefined, ip: string, routed: { route: string }) {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return answerPreflight(res);
    // Only POST bodies are read; any other body is not drained on a kept-alive connection.
    if (method !== 'POST' && hasBody(req)) res.setHeader('Connection', 'close');

    // A JSON write body (at most 16 KiB) is read before the gate, so an apiKey sent in the body
    // (its `apiKey` field) identifies the agent to the limiter like a header does.
    const body = method === 'POST' && mayReadBody(req) ? await readBody(req, MAX_BODY_BYTES) : NOT_READ;
    if (body === ABORTED) return;
    const apiKey = apiKeyFromHeaders(req, parsedUrl) ?? (typeof body === 'string' ? apiKeyFromJson(body) : undefined);
    // Every request passes the gate, malformed and unsupported ones included, so every response
    // carries the rate-limit headers and no request is free to repeat.
    const admission = await gate.admit(req, res, { requestId, ip, method, url: parsedUrl ?? new URL('http://localhost/'), apiKey });
    if (!admission.admitted) {
      const r = admission.refusal;
      if (!r) return;
      services.metrics.refused(r.code);
      // An MCP client's tools/call gets its refusal as a tool error it can show the agent.
      const rpcId = typeof body === 'string' ? toolCallId(body) : undefined;
      if (rpcId !== undefined) return sendToolRefusal(res, requestId, rpcId, r);
      return sendProblem(res, requestId, r.code, r.detail, r.extra, r.headers);
    }
    if (admission.release) res.once('close', admission.release);

    if (!parsedUrl) return sendProblem(res, requestId, 'bad_request', 'The request URL is malformed.');
    const url = parsedUrl;
    // Astro injects an on-demand image endpoint we do not use; it would fetch and transform
    // arbitrary local files per request, so it is not exposed.
    if (url.pathname === '/_image') return notFound(req, res, requestId, url.pathname);

    const locals: App.Locals = { services, requestId, clientAddress: ip, body: typeof body === 'string' ? body : undefined };
    const astro = async () => {
      const answer = await renderWithAstro(deps.astro, req, res, locals);
      // Astro's middleware (src/middleware.ts) names the route pattern that matched.
      if (answer && locals.route) routed.route = locals.route;
      return answer;
    };
    const staticFile = (asset: Asset) => {
      routed.route = STATIC_ROUTE;
      return sendFile(req, res, asset);
    };
    const file = staticFiles.lookup(url.pathname);

    if (method === 'GET' || method === 'HEAD') {
      // A pre-rendered file answers its path; with a query, an API path's on-demand twin answers
      // (StaticFiles.queryGoesToTwin). Only an on-demand answer is cached by its URL.
      const mayHaveTwin = file === undefined || (url.search !== '' && staticFiles.queryGoesToTwin(file, url.pathname));
      if (file && !mayHaveTwin) return staticFile(file);
      const key = url.pathname + url.search;
      deps.changes.sync();
      const cached = cache.get(key);
      if (cached) {
        routed.route = cached.route ?? STATIC_ROUTE;
        return sendCached(req, res, cached, { state: 'HIT' });
      }
      const mark = cache.mark();
      // Astro routes HEAD to GET; the body is left out when the answer is written.
      if (method === 'HEAD') req.method = 'GET';
      const answer = await astro();
      req.method = method;
      if (answer) return finishRead(req, res, key, mark, answer, routed.route);
      if (file) return staticFile(file);
      return notFound(req, res, requestId, url.pathname);
    }

    if (file) return fileMethodNotAllowed(res, requestId, method);
    if (method === 'POST') {
      if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES || (body === undefined && JSON_CONTENT_TYPE.test(String(req.headers['content-type'] ?? '')))) {
        res.setHeader('Connection', 'close');
        return sendProblem(res, requestId, 'payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
      }
      if (!JSON_CONTENT_TYPE.test(String(req.headers['content-type'] ?? ''))) {
        return sendProblem(res, requestId, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
      }
      // Astro reads a pre-read string body instead of the (consumed) stream.
      (req as IncomingMessage & { body?: string }).body = typeof body === 'string' ? body : '';
    }
    // POST and every other method: the endpoint answers, a 405 with its Allow included.
    const answer = await astro();
    if (answer) return sendAnswer(req, res, answer);
    return notFound(req, res, requestId, url.pathname);
  }

  const limits = deps.config.server;
  const server = createServer(timeouts(limits), (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(req);
    res.setHeader('X-Request-Id', requestId);
    for (const [name, value] of EVERY_RESPONSE_HEADERS) res.setHeader(name, value);
    applyCors(res);
    const ip = clientIp(req, deps.config.trustProxy);

    let url: URL | undefined;
    try {
      url = parseRequestUrl(req.url ?? '/');
    } catch {
      url = undefined;
    }

    const routed = { route: NO_ROUTE };
    res.once('finish', () => {
      const status = res.statusCode;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      services.metrics.request(req.method, routed.route, status, durationMs / 1000);
      log[status >= 500 ? 'error' : 'info'](
        {
          requestId,
          method: req.method,
          path: url ? loggablePath(url) : '(malformed)',
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
      sendProblem(res, requestId, 'internal_error', `Something went wrong on our side. Quote request id ${requestId} when you report it.`);
    });
  });
  // Answers written before a request exists (a refused connection, a parser error) keep the contract too.
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
 * Only origin-form paths are accepted, and the path must decode cleanly: a malformed escape or a
 * NUL byte is a 400 rather than a guess.
 */
function parseRequestUrl(raw: string): URL {
  if (!raw.startsWith('/') || raw.startsWith('//')) throw new Error('not origin-form');
  const url = new URL(raw, 'http://localhost');
  const decoded = decodeURIComponent(url.pathname);
  if (decoded.includes('\0')) throw new Error('NUL in path');
  return url;
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
