/**
 * The Node entry's request pipeline, modelled on @astrojs/node's standalone handler: guard the
 * URL, apply what every response needs (request id, CORS, admission, logs), serve pre-rendered
 * files, then fall through to Astro's on-demand routes, and finally our own 404.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AppConfig } from '../config.ts';
import { freshness } from '../http/freshness.ts';
import { problemBody, type ProblemCode } from '../http/problem.ts';
import { answerPreflight, applyCors } from './cors.ts';
import { openGate, type RequestGate } from './request-gate.ts';
import { apiKeyFromHeaders, clientIp, loggablePath, requestIdFor } from './request-context.ts';
import type { OffsetClock } from './clock.ts';
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
const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

export function createAppServer(deps: ServerDeps): Server {
  const gate = deps.gate ?? openGate;
  const log = deps.log ?? ((line) => process.stdout.write(JSON.stringify(line) + '\n'));

  function sendProblem(res: ServerResponse, requestId: string, code: ProblemCode, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    if (res.headersSent) return res.end();
    const now = deps.services.clock.now();
    const body = problemBody(deps.build.baseUrl, code, detail, freshness({ source: 'live', generatedAt: now, contentVersion: deps.build.contentVersion, lastModified: deps.build.builtAt, maxAgeSeconds: 0 }), { requestId, ...extra });
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
    if (page) {
      res.setHeader('Cache-Control', 'no-store');
      return deps.staticFiles.send(req, res, page, 404);
    }
    return sendProblem(res, requestId, 'not_found', 'Page not found.');
  }

  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string, url: URL, ip: string) {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return answerPreflight(res);
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      return sendProblem(res, requestId, 'method_not_allowed', `${method.slice(0, 20)} is not supported; use GET, HEAD, POST or OPTIONS.`, {}, { Allow: 'GET, HEAD, POST, OPTIONS' });
    }

    const admission = await gate.admit(req, res, { requestId, ip, method, url, apiKey: apiKeyFromHeaders(req, url) });
    if (!admission.admitted) return;
    if (admission.release) res.once('close', admission.release);

    if (url.pathname === '/healthz') {
      const health = deps.health();
      const body = { status: health.ok ? 'ok' : 'unavailable', checks: health.checks, contentVersion: deps.build.contentVersion, uptimeSeconds: Math.round(process.uptime()) };
      const now = deps.services.clock.now();
      const text = JSON.stringify({ ...body, dataFreshness: freshness({ source: 'live', generatedAt: now, contentVersion: deps.build.contentVersion, lastModified: deps.build.builtAt, maxAgeSeconds: 0 }) });
      res.writeHead(health.ok ? 200 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(method === 'HEAD' ? undefined : text);
    }

    if (url.pathname === '/__test/clock' && method === 'POST' && deps.testClock) {
      const body = await readBody(req, MAX_BODY_BYTES);
      const to = new Date(String(JSON.parse(body ?? '{}').now));
      if (Number.isNaN(to.getTime())) return sendProblem(res, requestId, 'invalid_request', 'now must be an ISO 8601 instant');
      deps.testClock.set(to);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      return res.end(JSON.stringify({ now: deps.services.clock.now().toISOString() }));
    }

    // Astro injects an on-demand image endpoint we do not use; it would fetch and transform
    // arbitrary local files per request, so it is not exposed.
    if (url.pathname === '/_image') return notFound(req, res, requestId, url.pathname);

    const locals: App.Locals = { services: deps.services, requestId };
    const toAstro = (next: () => void) => deps.astro(req, res, next, locals);

    if (method === 'POST') {
      const contentLength = Number(req.headers['content-length'] ?? 0);
      if (contentLength > MAX_BODY_BYTES) {
        res.setHeader('Connection', 'close');
        return sendProblem(res, requestId, 'payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
      }
      if (!JSON_CONTENT_TYPE.test(String(req.headers['content-type'] ?? ''))) {
        return sendProblem(res, requestId, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
      }
      const body = await readBody(req, MAX_BODY_BYTES);
      if (body === undefined) {
        res.setHeader('Connection', 'close');
        return sendProblem(res, requestId, 'payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
      }
      // Astro reads a pre-read string body instead of the (consumed) stream.
      (req as IncomingMessage & { body?: string }).body = body;
      return toAstro(() => notFound(req, res, requestId, url.pathname));
    }

    // GET and HEAD. A query string means "compute this for me": on-demand routes answer first.
    // Without one, the pre-rendered file answers if there is one.
    const asset = () => deps.staticFiles.lookup(url.pathname);
    const astroForRead = (next: () => void) => {
      // Astro routes HEAD to GET; Node drops the body of a HEAD response on its own.
      if (method === 'HEAD') req.method = 'GET';
      return toAstro(() => {
        req.method = method;
        next();
      });
    };
    if (url.search) {
      return astroForRead(() => {
        const file = asset();
        return file ? deps.staticFiles.send(req, res, file) : notFound(req, res, requestId, url.pathname);
      });
    }
    const file = asset();
    if (file) return deps.staticFiles.send(req, res, file);
    return astroForRead(() => notFound(req, res, requestId, url.pathname));
  }

  return createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(req);
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    applyCors(res);
    const ip = clientIp(req, deps.config.trustProxy);

    let url: URL | undefined;
    try {
      url = parseRequestUrl(req.url ?? '/');
    } catch {
      url = undefined;
    }

    res.once('finish', () => {
      if (!deps.config.logRequests) return;
      log({
        time: new Date().toISOString(),
        level: res.statusCode >= 500 ? 'error' : 'info',
        msg: 'request',
        requestId,
        method: req.method,
        path: url ? loggablePath(url) : '(malformed)',
        status: res.statusCode,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
        ip,
      });
    });

    if (!url) return sendProblem(res, requestId, 'bad_request', 'The request URL is malformed.');
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

/** Reads at most `limit` bytes; undefined when the body is larger (the rest is not read). */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
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
    });
    req.on('error', (error) => {
      if (!done) reject(error);
    });
  });
}
