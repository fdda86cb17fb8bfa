/**
 * The floor under the pre-rendered read: a node:http server that answers every GET with the
 * service's captured answer (like bench/bare-server.ts) but also does, per request, exactly the
 * duties #18 asks of the front, with the service's own modules and nothing else: a request id,
 * the security and CORS headers, the URL parsed and its path checked, the
 * admission gate awaited, the Prometheus metrics, and with `log` the request's pino line through
 * the service's logger (to stdout, which bench/front-floor.ts points at a file). No lookup, no
 * cache, no conditional GET: what a perfect implementation of those duties would still cost.
 *
 *   node --import tsx bench/front-floor-server.ts <answers-file> <port> duties|log
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { CORS_HEADERS } from '../src/schemas/api/cors.ts';
import { createLogger } from '../src/server/logger.ts';
import { Metrics } from '../src/server/metrics.ts';
import { clientIp, loggablePath, requestIdFor } from '../src/server/request-context.ts';
import { RateLimiter } from '../src/server/rate-limiter.ts';
import { EVERY_RESPONSE_HEADERS } from '../src/server/security-headers.ts';
import type { CapturedAnswer } from './bare-server.ts';

const [answersFile, port, mode] = process.argv.slice(2);
if (mode !== 'duties' && mode !== 'log') throw new Error('mode: duties or log');
const [answer] = JSON.parse(readFileSync(answersFile, 'utf8')) as CapturedAnswer[];
const body = readFileSync(answer.bodyFile);
// The captured lines less those the duties write themselves.
const own = new Set(['x-request-id', ...EVERY_RESPONSE_HEADERS.map(([name]) => name.toLowerCase()), 'access-control-allow-origin', 'access-control-expose-headers']);
const answerHeaders = answer.headers.filter(([name]) => !own.has(name.toLowerCase()));

const everyResponseHead = [...EVERY_RESPONSE_HEADERS, ...CORS_HEADERS].flat();
const log = createLogger(mode === 'log' ? 'info' : 'silent');
const metrics = new Metrics({ cache: { hits: 0, misses: 0, size: 0, bytes: 0 }, pool: () => ({ total: 1, idle: 1, waiting: 0 }) });

/** The gate with the limits off: what awaiting it costs, without counting. */
const gate = new RateLimiter({ policy: { scale: 1, enabled: false } });

const server = createServer((req, res) => {
  const started = process.hrtime.bigint();
  const requestId = requestIdFor(req);
  // The service's way: every header line collected, then written in one writeHead.
  const head = ['X-Request-Id', requestId, ...everyResponseHead];
  const ip = clientIp(req, false);
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (decodeURIComponent(url.pathname).includes('\0')) throw new Error('NUL in path');
  res.once('finish', () => {
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    metrics.request(req.method, '(static)', res.statusCode, durationMs / 1000);
    log.info({ requestId, method: req.method, path: loggablePath(url), status: res.statusCode, durationMs, bytes: body.length, ip }, 'request');
  });
  void (async () => {
    head.push(...(await gate.admit({ ip, rateClass: 'read', apiKey: undefined })).headers);
    for (const [name, value] of answerHeaders) head.push(name, value);
    head.push('Content-Length', String(body.length));
    res.writeHead(200, head);
    res.end(body);
  })();
});
server.listen(Number(port), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => log.flush(() => process.exit(0))));
