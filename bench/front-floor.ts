/**
 * How close any front could come to the bare server and to Fastify on the pre-rendered read: the
 * bare ceiling (bench/bare-server.ts), the floor server doing the front's per-request duties
 * without and with the pino request line (bench/front-floor-server.ts), the built service as
 * `npm run serve` runs it (rate limits and logging on), and Fastify 5 with its logger on
 * (bench/fastify-peer.ts), all answering `GET /api/public/videos` with the same bytes, in rounds
 * that alternate between them. Each row shows its rate as a share of the bare server's and of
 * Fastify's in the same round (median over rounds), the CPU it spent per request, and the load
 * generator's CPU: on two cores a server cheaper than the generator is held back by it, so read
 * the CPU per request. The floor with its log line is the most any front doing these duties could
 * reach on this machine, whatever its lookup and cache.
 *
 *   npm run build && npx tsx bench/front-floor.ts [--rounds N] [--duration S] [--connections N]
 *
 * Loopback only; its files go to bench/out/floor/. Prints a Markdown table.
 */
import { mkdirSync, openSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CapturedAnswer } from './bare-server.ts';
import { captureAnswer, firstJsonLine, freePort, measureGetRound, spawnServer, spawnTs, startFastifyPeer, stop, waitForHealthy } from './lib/processes.ts';
import { median } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '64' },
  },
});
const PATH = '/api/public/videos';
const OUT = resolve('bench/out/floor');
mkdirSync(OUT, { recursive: true });
const log = (message: string) => process.stderr.write(`[floor] ${message}\n`);

// The service, as a user runs it: rate limits on (scaled only so that the one load generator is
// never refused) and logging on, to a file.
const servicePort = await freePort();
const serviceOrigin = `http://127.0.0.1:${servicePort}`;
const service = spawnServer(
  { ...process.env, HOST: '127.0.0.1', PORT: String(servicePort), RATE_LIMIT_SCALE: '10000', LOG_LEVEL: 'info', DATABASE_PATH: resolve(OUT, 'floor.sqlite'), NODE_ENV: 'production' },
  openSync(resolve(OUT, 'service.log'), 'w'),
);
await waitForHealthy(serviceOrigin, service);

const { body, headers } = await captureAnswer(serviceOrigin + PATH);
const bodyFile = resolve(OUT, 'videos.body');
writeFileSync(bodyFile, body);
const answersFile = resolve(OUT, 'answers.json');
writeFileSync(answersFile, JSON.stringify([{ url: PATH, bodyFile, headers }] satisfies CapturedAnswer[]));

const bare = spawnTs('bench/bare-server.ts', [answersFile]);
const { port: barePort } = await firstJsonLine<{ port: number }>(bare);
async function floorServer(mode: 'duties' | 'log') {
  const port = await freePort();
  const child = spawnTs('bench/front-floor-server.ts', [answersFile, String(port), mode], process.env, openSync(resolve(OUT, `floor-${mode}.log`), 'w'));
  await waitForHealthy(`http://127.0.0.1:${port}`, child);
  return { child, origin: `http://127.0.0.1:${port}` };
}
const duties = await floorServer('duties');
const dutiesLog = await floorServer('log');
const { child: fastify, origin: fastifyOrigin } = await startFastifyPeer(answersFile, resolve(OUT, 'fastify.log'));

const servers = [
  { name: 'bare node:http (the ceiling)', does: 'writes the captured answer from memory', pid: bare.pid!, origin: `http://127.0.0.1:${barePort}` },
  { name: 'floor: the duties', does: 'request id, security and CORS headers, URL check, awaited gate, metrics', pid: duties.child.pid!, origin: duties.origin },
  { name: 'floor: the duties + pino line', does: "the same, and the service's request log line to a file", pid: dutiesLog.child.pid!, origin: dutiesLog.origin },
  {
    name: 'the service (`npm run serve`)',
    does: 'all of it, through the one path, rate limits on: file lookup, response cache, conditional GET, negotiation',
    pid: service.pid!,
    origin: serviceOrigin,
  },
  { name: 'Fastify 5, logger on (the peer)', does: 'its router, hooks and reply, two pino lines to a file (bench/fastify-peer.ts)', pid: fastify.pid!, origin: fastifyOrigin },
];

interface Round {
  rps: number;
  cpuMicros: number;
  /** The load generator's share of a core: near 100% it, not the server, sets the rate. */
  loadGenCpu: number;
}
const rounds = new Map<string, Round[]>(servers.map((s) => [s.name, []]));
const roundCount = Number(args.rounds);
for (let round = 1; round <= roundCount; round++) {
  for (const server of servers) {
    const { rps, cpuMicros, loadGenCpu } = await measureGetRound(server.pid, {
      name: server.name,
      origin: server.origin,
      path: PATH,
      connections: Number(args.connections),
      seconds: Number(args.duration),
      runTag: 'floor',
    });
    rounds.get(server.name)!.push({ rps, cpuMicros, loadGenCpu });
    log(`round ${round}: ${server.name} ${Math.round(rps)} req/s, ${cpuMicros.toFixed(1)} µs CPU per request`);
  }
}
await Promise.all([stop(bare), stop(duties.child), stop(dutiesLog.child), stop(service), stop(fastify)]);

const bareRounds = rounds.get(servers[0].name)!;
const fastifyRounds = rounds.get(servers[servers.length - 1].name)!;
console.log(`\n\`GET ${PATH}\`, ${roundCount} alternating rounds of ${args.duration} s at ${args.connections} connections, Node ${process.version}; medians.\n`);
console.log('| Server | What it does per request | Requests/s | % of bare | % of Fastify | Server CPU per request | Load-gen CPU |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const server of servers) {
  const own = rounds.get(server.name)!;
  const share = (of: Round[]) => Math.round(median(own.map((r, i) => r.rps / of[i].rps)) * 100);
  console.log(
    `| ${server.name} | ${server.does} | ${Math.round(median(own.map((r) => r.rps))).toLocaleString('en-US')} | ${share(bareRounds)}% | ${share(fastifyRounds)}% | ${median(own.map((r) => r.cpuMicros)).toFixed(1)} µs | ${Math.round(median(own.map((r) => r.loadGenCpu)) * 100)}% |`,
  );
}
