/**
 * The peer a user would pick instead of our front: Fastify 5 with its logger on, as its docs set
 * it up (pino; two lines per request, "incoming request" and "request completed"), written
 * asynchronously (`pino.destination({ sync: false })`) to stdout, which the bench points at a
 * file as it does the service's log. Each GET is answered from memory with the bytes the service
 * sends for the same URL, body and header lines alike (the answers bench/run.ts captured; see
 * bench/bare-server.ts), through a route of its own: Fastify's router, hooks, reply and logger are
 * what the row measures.
 *
 *   node --import tsx bench/fastify-peer.ts <answers-file> <port>   (GET /healthz answers when ready)
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pino from 'pino';
import type { CapturedAnswer } from './bare-server.ts';

const [answersFile, port] = process.argv.slice(2);
const captured = JSON.parse(readFileSync(answersFile, 'utf8')) as CapturedAnswer[];

const app = Fastify({ logger: { level: 'info', stream: pino.destination({ sync: false }) } });

/** Every captured answer by its whole URL; the prefix ones (a profile standing for every agent) by route. */
const byUrl = new Map<string, { body: Buffer; headers: Record<string, string> }>();
const routes = new Set<string>();
for (const c of captured) {
  const answer = { body: readFileSync(c.bodyFile), headers: Object.fromEntries(c.headers) };
  if (c.prefix) {
    app.get(`${c.url}:name`, (_request, reply) => reply.headers(answer.headers).send(answer.body));
    continue;
  }
  byUrl.set(c.url, answer);
  routes.add(new URL(c.url, 'http://localhost').pathname);
}
for (const route of routes) {
  app.get(route, (request, reply) => {
    const answer = byUrl.get(request.url);
    if (!answer) return reply.code(404).send();
    return reply.headers(answer.headers).send(answer.body);
  });
}
app.get('/healthz', () => ({ ok: true }));

await app.listen({ host: '127.0.0.1', port: Number(port) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
