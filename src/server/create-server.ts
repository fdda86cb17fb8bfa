/**
 * The Node entry's request pipeline, modelled on @astrojs/node's standalone handler: guard the
 * URL, apply what every response needs (request id, CORS, admission, logs), serve pre-rendered
 * files, then fall through to Astro's on-demand routes, and finally our own 404.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AppConfig } from '../config.ts';
import { cacheControlFor, freshness } from '../http/freshness.ts';
import { JSON_CONTENT_TYPE } from '../http/parse-request.ts';
import { problemBody, ProblemError, type ProblemCode } from '../http/problem.ts';
import { JSON_TYPE, jsonHead, restatedTail, sharedReadFor, storedAnswer, withFreshness } from '../http/shared-reads.ts';
import { sharedWriteFor } from '../http/shared-writes.ts';
import { AppResponse } from './app-response.ts';
import { headWithRank } from './live-responses.ts';
import { answerPreflight, applyCors } from './cors.ts';
import { openGate, type RequestGate } from './request-gate.ts';
import { guardHtmlResponses } from './security-headers.ts';
import { apiKeyFromHeaders, clientIp, headerOf, loggablePath, requestIdFor } from './request-context.ts';
import type { OffsetClock } from '../clock.ts';
import type { Services } from './services.ts';
import type { StaticFiles } from './static-files.ts';

/** @astrojs/node's middleware-mode handler: calls `next` when no on-demand route matches. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: App.Locals) => Promise<void>;

export interface BuildInfo {
  baseUrl: string;
  contentVersion: string;
  builtAt: string;
}

export interface ServerDeps {
  config: AppConfig;
  services: Services;
  staticFiles: StaticFiles;
  astro: AstroHandler;
  build: BuildInfo;
  gate?: RequestGate;
  /** Readiness beyond the process being up: content and database readable. */
  health: () => { ok: boolean; checks: Record<string, string> };
  log?: (line: Record<string, unknown>) => void;
  /** Only when the clock was pinned with CLOCK_START: lets tests move time via POST /__test/clock. */
  testClock?: OffsetClock;
}

export const MAX_BODY_BYTES = 16 * 1024;

export function createAppServer(deps: ServerDeps): Server {
  const gate = deps.gate ?? openGate;
  const log = deps.log ?? ((line) => process.stdout.write(JSON.stringify(line) + '\n'));

  function sendProblem(res: ServerResponse, requestId: string, code: ProblemCode, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    if (res.headersSent) return res.end();
    // A body we did not read would be drained after the response: close instead of reading it.
    if (hasBody(res.req) && !res.req.complete) res.setHeader('Connection', 'close');
    const now = deps.services.clock.now();
    const body = problemBody(deps.build.baseUrl, code, detail, freshness({ source: 'live', generatedAt: now, contentVersion: deps.build.contentVersion, lastModified: deps.build.builtAt, maxAgeSeconds: 0 }), { ...extra, requestId });
    const text = JSON.stringify(body);
    res.statusCode = body.status;
    res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(res.req?.method === 'HEAD' ? undefined : text);
  }

  function notFound(req: IncomingMessage, res: ServerResponse, requestId: string, pathname: string) {
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/feeds/')) {
      return sendProblem(res, requestId, 'not_found', `Nothing at ${pathname.slice(0, 200)}. The discovery index at /api/public lists every endpoint.`);
    }
    const page = deps.staticFiles.lookup('/404');
    if (page) return deps.staticFiles.send(req, res, page, { status: 404, cacheControl: 'no-store' });
    return sendProblem(res, requestId, 'not_found', 'Page not found.');
  }

  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string, parsedUrl: URL | undefined, ip: string) {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return answerPreflight(res);
    // Only POST bodies are read; any other body is not drained on a kept-alive connection.
    if (method !== 'POST' && hasBody(req)) res.setHeader('Connection', 'close');

    // Every other request passes the gate first, malformed and unsupported ones included, so every
    // response carries the rate-limit headers and no request is free to repeat.
    const gateUrl = parsedUrl ?? new URL('http://localhost/');
    // A JSON write body (at most 16 KiB) is read before the gate, so an apiKey sent the way SPEC.md
    // describes (the body's `apiKey`) identifies the agent to the limiter like a header does.
    const body = method === 'POST' && mayReadBody(req) ? await readBody(req, MAX_BODY_BYTES) : NOT_READ;
    if (body === ABORTED) return;
    const apiKey = apiKeyFromHeaders(req, parsedUrl) ?? (typeof body === 'string' ? apiKeyFromJson(body) : undefined);
    const admission = await gate.admit(req, res, { requestId, ip, method, url: gateUrl, apiKey });
    if (!admission.admitted) {
      const r = admission.refusal;
      return r ? sendProblem(res, requestId, r.code, r.detail, r.extra, r.headers) : undefined;
    }
    if (admission.release) res.once('close', admission.release);

    if (!parsedUrl) return sendProblem(res, requestId, 'bad_request', 'The request URL is malformed.');
    const url = parsedUrl;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      return sendProblem(res, requestId, 'method_not_allowed', `${method.slice(0, 20)} is not supported; use GET, HEAD, POST or OPTIONS.`, {}, { Allow: 'GET, HEAD, POST, OPTIONS' });
    }

    if (url.pathname === '/healthz') {
      const health = deps.health();
      const body = { status: health.ok ? 'ok' : 'unavailable', checks: health.checks, contentVersion: deps.build.contentVersion, uptimeSeconds: Math.round(process.uptime()) };
      const now = deps.services.clock.now();
      const text = JSON.stringify({ ...body, dataFreshness: freshness({ source: 'live', generatedAt: now, contentVersion: deps.build.contentVersion, lastModified: deps.build.builtAt, maxAgeSeconds: 0 }) });
      res.writeHead(health.ok ? 200 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(method === 'HEAD' ? undefined : text);
    }

    if (url.pathname === '/__test/clock' && method === 'POST' && deps.testClock) {
      let to = new Date(NaN);
      try {
        to = new Date(String(JSON.parse(typeof body === 'string' ? body : '{}').now));
      } catch {
        // Falls through to the 400 below.
      }
      if (Number.isNaN(to.getTime())) return sendProblem(res, requestId, 'invalid_request', 'now must be an ISO 8601 instant');
      deps.testClock.set(to);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      return res.end(JSON.stringify({ now: deps.services.clock.now().toISOString() }));
    }

    // Astro injects an on-demand image endpoint we do not use; it would fetch and transform
    // arbitrary local files per request, so it is not exposed.
    if (url.pathname === '/_image') return notFound(req, res, requestId, url.pathname);

    const toAstro = (next: () => void) => {
      guardHtmlResponses(res);
      const locals: App.Locals = {
        services: deps.services,
        requestId,
        // Read before Astro computes anything (not for files served below: it costs a query).
        dataVersion: method === 'POST' ? undefined : deps.services.responses.version(),
        body: typeof body === 'string' ? body : undefined,
      };
      return deps.astro(req, res, next, locals);
    };

    if (method === 'POST') {
      const contentLength = Number(req.headers['content-length'] ?? 0);
      if (contentLength > MAX_BODY_BYTES) {
        res.setHeader('Connection', 'close');
        return sendProblem(res, requestId, 'payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
      }
      if (!JSON_CONTENT_TYPE.test(String(req.headers['content-type'] ?? ''))) {
        return sendProblem(res, requestId, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
      }
      if (body === undefined || body === NOT_READ) {
        res.setHeader('Connection', 'close');
        return sendProblem(res, requestId, 'payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
      }
      // The earn writes are answered here, problems included (src/http/shared-writes.ts).
      const write = deps.config.directRoutes ? sharedWriteFor(url.pathname) : undefined;
      if (write) {
        const answer = await write(deps.services, (name) => headerOf(req, name), body).catch((error: unknown) => {
          if (error instanceof ProblemError) return error;
          throw error;
        });
        if (answer instanceof ProblemError) return sendProblem(res, requestId, answer.code, answer.message, answer.extra, answer.headers);
        const bytes = Buffer.from(answer.body);
        res.writeHead(answer.status, { ...answer.headers, 'Content-Length': bytes.length });
        return res.end(bytes);
      }
      // Astro reads a pre-read string body instead of the (consumed) stream.
      (req as IncomingMessage & { body?: string }).body = body;
      return toAstro(() => notFound(req, res, requestId, url.pathname));
    }

    // GET and HEAD. First, a credential-free program read answered earlier and still current
    // (src/server/live-responses.ts).
    const key = url.pathname + url.search;
    const stored = apiKey === undefined ? deps.services.responses.lookup(key) : undefined;
    // A profile's rank is looked up now; undefined while the ranks in memory reload: computed below.
    const rank = stored?.rankOf ? deps.services.rewards.currentRank(stored.rankOf) : undefined;
    if (stored && (!stored.rankOf || rank !== undefined)) {
      // The remembered body and a dataFreshness of this instant, as two chunks (Node corks the
      // socket for the first write, so they still leave in one system call).
      const lastModified = stored.restateLastModified ? deps.services.rewards.lastModified() : undefined;
      const tail = restatedTail(stored.head, stored.dataFreshness, deps.services.clock.now().getTime(), lastModified);
      const head = headWithRank(stored, rank);
      res.writeHead(stored.status, ['Content-Type', stored.contentType, 'Cache-Control', cacheControlFor(stored.dataFreshness), 'Content-Length', String(head.length + tail.length)]);
      if (method === 'HEAD') return res.end();
      res.write(head);
      return res.end(tail);
    }
    // Then the same reads computed here rather than through Astro (src/http/shared-reads.ts); a
    // problem (unknown agent, bad query) is left to the Astro endpoint, which answers it.
    const shared = apiKey === undefined && deps.config.directRoutes ? sharedReadFor(url.pathname) : undefined;
    if (shared) {
      const version = deps.services.responses.version();
      const answer = await shared(deps.services, url).catch((error: unknown) => {
        if (error instanceof ProblemError) return undefined;
        throw error;
      });
      if (answer) {
        const head = jsonHead(answer.body);
        deps.services.responses.remember(key, storedAnswer(answer, head), { version, expiresAt: answer.stableUntil, scope: answer.scope });
        const body = withFreshness(head, answer.dataFreshness);
        res.writeHead(200, ['Content-Type', JSON_TYPE, 'Cache-Control', cacheControlFor(answer.dataFreshness), 'Content-Length', String(body.length)]);
        return res.end(method === 'HEAD' ? undefined : body);
      }
    }

    // A query string on an API path means "compute this for me": the on-demand twin of a
    // pre-rendered body answers first (`/api/public/videos?limit=5`). Pages, feeds and files named
    // exactly (`/agents?name=x`, `/feeds/videos.xml?utm=1`) have no twin: Astro would match their
    // pre-rendered route and fail, so the file answers and the query is left to the page.
    const file = deps.staticFiles.lookup(url.pathname);
    const astroForRead = (next: () => void) => {
      // Astro routes HEAD to GET; Node drops the body of a HEAD response on its own.
      if (method === 'HEAD') req.method = 'GET';
      return toAstro(() => {
        req.method = method;
        next();
      });
    };
    const mayHaveTwin = file === undefined || (file.path !== url.pathname && file.path.endsWith('.json'));
    if (url.search && mayHaveTwin) {
      return astroForRead(() => (file ? deps.staticFiles.send(req, res, file) : notFound(req, res, requestId, url.pathname)));
    }
    if (file) return deps.staticFiles.send(req, res, file);
    return astroForRead(() => notFound(req, res, requestId, url.pathname));
  }

  // Responses are AppResponses: the headers every response carries are collected and written
  // with the status line (src/server/app-response.ts).
  return createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000, ServerResponse: AppResponse }, (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(req);
    res.addBaseHeader('X-Request-Id', requestId);
    res.addBaseHeader('X-Content-Type-Options', 'nosniff');
    res.addBaseHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    applyCors(res);
    const ip = clientIp(req, deps.config.trustProxy);

    let url: URL | undefined;
    try {
      url = parseRequestUrl(req.url ?? '/');
    } catch {
      url = undefined;
    }

    // No listener at all when logging is off: it is per-request work on the hottest path.
    if (deps.config.logRequests) {
      res.once('finish', () => {
        log({
          time: new Date().toISOString(),
          level: res.statusCode >= 500 ? 'error' : 'info',
          msg: 'request',
          requestId,
          method: req.method,
          path: url ? loggablePath(url) : '(malformed)',
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          bytes: Number(res.getHeader('content-length') ?? res.listedContentLength ?? 0) || undefined,
          ip,
        });
      });
    }

    handle(req, res, requestId, url, ip).catch((error: unknown) => {
      log({ time: new Date().toISOString(), level: 'error', msg: 'unhandled error', requestId, error: error instanceof Error ? error.stack : String(error) });
      sendProblem(res, requestId, 'internal_error', `Something went wrong on our side. Quote request id ${requestId} when you report it.`);
    });
  });
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

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The client went away before sending its whole body: nobody is left to answer. */
const ABORTED = Symbol('aborted');

/** The body was not read: not a POST, or one the server refuses (413 by length, 415 by type). */
const NOT_READ = Symbol('not read');

function mayReadBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) <= MAX_BODY_BYTES && JSON_CONTENT_TYPE.test(String(req.headers['content-type'] ?? ''));
}

/** The `apiKey` of a JSON object body, if it has a plausible one; never throws. */
function apiKeyFromJson(text: string): string | undefined {
  if (!text.includes('"apiKey"')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    const key = value && typeof value === 'object' && !Array.isArray(value) ? (value as { apiKey?: unknown }).apiKey : undefined;
    return typeof key === 'string' && key.length > 0 && key.length <= 256 ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads at most `limit` bytes; undefined when the body is larger (the rest is not read), ABORTED
 * when the client disconnected first.
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined | typeof ABORTED> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks).toString('utf8'));
      done = true;
    });
    req.on('error', () => {
      if (!done) resolve(ABORTED);
      done = true;
    });
    req.on('close', () => {
      if (!done && !req.complete) resolve(ABORTED);
      done = true;
    });
  });
}
