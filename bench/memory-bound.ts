/**
 * Resident memory under a flood of distinct URLs: the built server (RATE_LIMITS=off, the default
 * 128 MiB response cache unless RESPONSE_CACHE_MB says otherwise) is asked for `--urls` different
 * filtered-list URLs, each answered on demand and kept in the response cache, and its VmRSS is
 * sampled as they go. The cache fills after some 20,000 of them; past that every new URL evicts
 * an old one, so a bounded server's memory levels off there instead of growing with the URLs.
 *
 *   npm run build && npx tsx bench/memory-bound.ts [--urls 200000] [--connections 16]
 *
 * Loopback only. Prints one line per sample and a Markdown summary.
 */
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, rssKb, spawnServer, stop, waitForHealthy } from './lib/processes.ts';

const { values } = parseArgs({ options: { urls: { type: 'string', default: '200000' }, connections: { type: 'string', default: '16' } } });
const URLS = Number(values.urls);
const CONNECTIONS = Number(values.connections);
const SAMPLE_EVERY = Math.max(1000, Math.round(URLS / 20));

/**
 * The i-th URL, all distinct: video lists of every size (limit 1-100, so bodies of a few hundred
 * bytes to 14 KiB, with their br and gzip variants), clip lists, and searches that match nothing.
 * A parameter the endpoint does not know is ignored but still makes its own URL, as an attacker's
 * would.
 */
function urlFor(i: number): string {
  if (i % 3 === 0) return `/api/public/videos?limit=${1 + (i % 100)}&x=${i}`;
  if (i % 3 === 1) return `/api/public/videos?search=nomatch${i}`;
  return `/api/public/clips?limit=${1 + (i % 50)}&x=${i}`;
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-memory-'));
  const origin = `http://127.0.0.1:${port}`;
  const server = spawnServer({ ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_PATH: join(dataDir, 'bench.sqlite'), RATE_LIMITS: 'off', LOG_LEVEL: 'silent' }, 'ignore' as never);
  try {
    await waitForHealthy(origin, server);
    const pid = server.pid!;
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    const idleKb = rssKb(pid);
    console.log(`idle: ${(idleKb / 1024).toFixed(0)} MiB`);
    const samples: Array<{ urls: number; rssMiB: number }> = [];
    let next = 0;
    let failures = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < URLS) {
          const i = next++;
          const status = await get(urlFor(i));
          if (status !== 200) failures++;
          if ((i + 1) % SAMPLE_EVERY === 0) {
            const rssMiB = rssKb(pid) / 1024;
            samples.push({ urls: i + 1, rssMiB });
            console.log(`${i + 1} URLs: ${rssMiB.toFixed(0)} MiB`);
          }
        }
      }),
    );
    agent.destroy();
    const peak = Math.max(...samples.map((s) => s.rssMiB));
    const secondHalf = samples.filter((s) => s.urls > URLS / 2);
    console.log(`\n| URLs | seconds | non-200 | idle MiB | peak MiB | last MiB | growth over the second half, MiB |`);
    console.log(`|---:|---:|---:|---:|---:|---:|---:|`);
    console.log(
      `| ${URLS} | ${((Date.now() - started) / 1000).toFixed(0)} | ${failures} | ${(idleKb / 1024).toFixed(0)} | ${peak.toFixed(0)} | ${samples.at(-1)!.rssMiB.toFixed(0)} | ${(secondHalf.at(-1)!.rssMiB - secondHalf[0].rssMiB).toFixed(0)} |`,
    );
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
