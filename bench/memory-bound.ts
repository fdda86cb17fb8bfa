/**
 * Resident memory under many client addresses and distinct URLs, with the defaults a user runs:
 * rate limits on at their published numbers, request logging on (LOG_LEVEL=info, to a file). The
 * i-th request comes from its own loopback address (127.1.0.0 onwards, each a new connection
 * bound to it with `localAddress`, so the server sees a different client, no proxy header
 * involved) and asks for the i-th of `--urls` distinct filtered-list URLs, each answered on demand
 * and kept in the response cache (past `--urls` they repeat). The limiter keeps each address's
 * windows for the day and the cache fills after some 20,000 URLs: the worst day for memory the
 * defaults allow.
 *
 * The bound it checks is the one docs/limits-and-hardening.md#memory states: the idle size plus
 * RESPONSE_CACHE_MB (128 unless set) plus about 160 MiB of working memory, plus 2 KiB for each
 * client address the rate limiter remembers (at most REMEMBERED_IDENTITIES).
 *
 *   npm run build && npx tsx bench/memory-bound.ts [--addresses 100000] [--urls 25000] [--connections 16]
 *
 * Loopback only (Linux routes all of 127.0.0.0/8 to it). Prints one line per sample and a summary.
 */
import { request } from 'node:http';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REMEMBERED_IDENTITIES } from '../src/server/rate-counts.ts';
import { freePort, rssKb, spawnServer, stop, waitForHealthy } from './lib/processes.ts';

/** The working memory the documented bound allows beyond the idle size and the response cache. */
const WORKING_MIB = 160;
/** What the documented bound allows for each client address the limiter remembers. */
const PER_ADDRESS_KIB = 2;

export interface MemoryBound {
  addresses: number;
  urls: number;
  seconds: number;
  /** Answers other than 200 (a 429 would mean the limiter refused a client it should not have). */
  failures: number;
  idleMiB: number;
  peakMiB: number;
  lastMiB: number;
  cacheMiB: number;
  /** idle + cache + working memory + the remembered addresses. */
  boundMiB: number;
  samples: Array<{ requests: number; rssMiB: number }>;
}

/**
 * The i-th URL, all distinct: video lists of every size (limit 1-100, so bodies of a few hundred
 * bytes to 14 KiB), clip lists, and searches that match nothing. A parameter the endpoint does not
 * know is ignored but still makes its own URL, as an attacker's would.
 */
function urlFor(i: number): string {
  if (i % 3 === 0) return `/api/public/videos?limit=${1 + (i % 100)}&x=${i}`;
  if (i % 3 === 1) return `/api/public/videos?search=nomatch${i}`;
  return `/api/public/clips?limit=${1 + (i % 50)}&x=${i}`;
}

/** The i-th client address: 127.1.0.0, 127.1.0.1, ... (16 million before it leaves 127/8). */
const addressFor = (i: number) => `127.${1 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;

export async function memoryBound(options: { addresses: number; urls: number; connections: number; logFile?: string; distDir?: string; log?: (line: string) => void }): Promise<MemoryBound> {
  const say = options.log ?? (() => {});
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-memory-'));
  const origin = `http://127.0.0.1:${port}`;
  const cacheMiB = 128;
  // Every default: nothing of the limiter's set, so its published numbers apply.
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_PATH: join(dataDir, 'bench.sqlite'), LOG_LEVEL: 'info', NODE_ENV: 'production' };
  for (const name of ['RATE_LIMITS', 'RATE_LIMIT_SCALE', 'TRUST_PROXY', 'RESPONSE_CACHE_MB']) delete env[name];
  const server = spawnServer(env, options.logFile ? openSync(options.logFile, 'w') : 'ignore', options.distDir);
  try {
    await waitForHealthy(origin, server);
    await new Promise((ok) => setTimeout(ok, 1000));
    const pid = server.pid!;
    const get = (path: string, localAddress: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, localAddress, agent: false, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    const idleMiB = rssKb(pid) / 1024;
    say(`idle: ${idleMiB.toFixed(0)} MiB`);
    const total = Math.max(options.addresses, options.urls);
    const sampleEvery = Math.max(1000, Math.round(total / 20));
    const samples: MemoryBound['samples'] = [];
    let next = 0;
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (next < total) {
          const i = next++;
          if ((await get(urlFor(i % options.urls), addressFor(i % options.addresses))) !== 200) failures++;
          if ((i + 1) % sampleEvery === 0) {
            const rssMiB = rssKb(pid) / 1024;
            samples.push({ requests: i + 1, rssMiB });
            say(`${i + 1} requests: ${rssMiB.toFixed(0)} MiB`);
          }
        }
      }),
    );
    const lastMiB = rssKb(pid) / 1024;
    return {
      addresses: options.addresses,
      urls: options.urls,
      seconds: (performance.now() - started) / 1000,
      failures,
      idleMiB,
      peakMiB: Math.max(lastMiB, ...samples.map((s) => s.rssMiB)),
      lastMiB,
      cacheMiB,
      boundMiB: idleMiB + cacheMiB + WORKING_MIB + (Math.min(options.addresses, REMEMBERED_IDENTITIES) * PER_ADDRESS_KIB) / 1024,
      samples,
    };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { addresses: { type: 'string', default: '100000' }, urls: { type: 'string', default: '25000' }, connections: { type: 'string', default: '16' } } });
  const m = await memoryBound({ addresses: Number(values.addresses), urls: Number(values.urls), connections: Number(values.connections), log: console.log });
  console.log('\n| addresses | URLs | seconds | non-200 | idle MiB | peak MiB | last MiB | bound MiB (idle + cache + 160) | within |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  const row = [m.addresses, m.urls, m.seconds.toFixed(0), m.failures, m.idleMiB.toFixed(0), m.peakMiB.toFixed(0), m.lastMiB.toFixed(0), m.boundMiB.toFixed(0), m.peakMiB <= m.boundMiB ? 'yes' : 'no'];
  console.log(`| ${row.join(' | ')} |`);
}
