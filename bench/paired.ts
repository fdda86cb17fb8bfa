/**
 * Two or more builds of the service (or one build with different LOG_LEVELs) under the same load
 * at the same time, to tell whether a change made a path cheaper. Each round loads every server at
 * once, each with its own load generator, so all of them see the same noise from whatever else the
 * machine runs; the CPU each spent per request is compared with the first's in the same round, and
 * the median of those ratios is printed. The same build against itself stayed within about 2%,
 * where rounds that alternate in time swung 15% while other work shared the machine; a difference
 * of a few percent is real only if it holds with the order of the builds reversed. Use it between
 * changes; `npm run bench` is the record, as users run the service.
 *
 *   npm run build && cp -r dist bench/out/before   (then change, build again)
 *   npx tsx bench/paired.ts --dist bench/out/before --dist dist [--path /api/public/ai/leaderboard]
 *     [--rounds 6] [--duration 4] [--connections 32] [--fastify]
 *
 * A `--dist` may end in `:LEVEL` (`dist:silent`) to run that build with another LOG_LEVEL;
 * `--fastify` adds the Fastify peer (bench/fastify-peer.ts) answering the first server's bytes.
 * Servers run as `npm run serve` does, rate limits on (scaled so the load is never refused),
 * logging to files under bench/out/paired/, each on a copy of one seeded database.
 */
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchDatabase } from './lib/bench-database.ts';
import type { CapturedAnswer } from './bare-server.ts';
import { captureAnswer, freePort, measureGetRound, spawnServer, startFastifyPeer, stop, waitForHealthy } from './lib/processes.ts';
import { median } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true, default: [] },
    path: { type: 'string', default: '/api/public/videos' },
    rounds: { type: 'string', default: '6' },
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '32' },
    fastify: { type: 'boolean', default: false },
  },
});
if (!args.dist.length) throw new Error('name at least one build: --dist dist');
const OUT = resolve('bench/out/paired');
mkdirSync(OUT, { recursive: true });
const seeded = resolve(OUT, 'seed.sqlite');
if (!existsSync(seeded)) await benchDatabase(seeded).seed(resolve(OUT, 'agents.json'));

interface Server {
  name: string;
  child: ChildProcess;
  origin: string;
}
const servers: Server[] = [];
for (const [i, spec] of args.dist.entries()) {
  const [dist, level = 'info'] = spec.split(':');
  const port = await freePort();
  const database = resolve(OUT, `server-${i}.sqlite`);
  copyFileSync(seeded, database);
  const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), RATE_LIMIT_SCALE: '10000', LOG_LEVEL: level, DATABASE_PATH: database, NODE_ENV: 'production' };
  const child = spawnServer(env, openSync(resolve(OUT, `server-${i}.log`), 'w'), resolve(dist));
  await waitForHealthy(`http://127.0.0.1:${port}`, child);
  servers.push({ name: spec, child, origin: `http://127.0.0.1:${port}` });
}
if (args.fastify) {
  const { body, headers } = await captureAnswer(servers[0].origin + args.path);
  const bodyFile = resolve(OUT, 'body');
  writeFileSync(bodyFile, body);
  const answersFile = resolve(OUT, 'answers.json');
  writeFileSync(answersFile, JSON.stringify([{ url: args.path, bodyFile, headers }] satisfies CapturedAnswer[]));
  const { child, origin } = await startFastifyPeer(answersFile, resolve(OUT, 'fastify.log'));
  servers.push({ name: 'Fastify 5, logger on', child, origin });
}

const micros = servers.map(() => [] as number[]);
for (let round = 1; round <= Number(args.rounds); round++) {
  const measured = await Promise.all(
    servers.map((s) => measureGetRound(s.child.pid!, { name: s.name, origin: s.origin, path: args.path, connections: Number(args.connections), seconds: Number(args.duration), runTag: 'paired' })),
  );
  const line = measured.map(({ cpuMicros }, i) => {
    micros[i].push(cpuMicros);
    return `${servers[i].name} ${cpuMicros.toFixed(1)} µs`;
  });
  process.stderr.write(`round ${round}: ${line.join(' | ')}\n`);
}
await Promise.all(servers.map((s) => stop(s.child)));

console.log(`\n\`GET ${args.path}\`, ${args.rounds} rounds of ${args.duration} s, every server loaded at once (${args.connections} connections each); medians.\n`);
console.log('| Server | CPU per request | / the first, per round |');
console.log('|---|---:|---:|');
for (const [i, s] of servers.entries()) {
  console.log(`| ${s.name} | ${median(micros[i]).toFixed(1)} µs | ${median(micros[i].map((m, r) => m / micros[0][r])).toFixed(3)} |`);
}
