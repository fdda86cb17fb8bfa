/**
 * After `astro build`: writes dist/build-info.json (what the server needs to know about the build
 * without importing the catalog), precompressed .br/.gz siblings of every compressible file, so
 * the server never compresses per request, and the edge's deploy configuration (dist/edge/nginx.conf,
 * dist/client/_headers and _redirects; scripts/lib/edge/) from the server's own route tables.
 *
 * Compression runs on libuv's thread pool (zlib's async API), a few files at a time, so every
 * core works on it: at 10,000 videos there are tens of thousands of files to compress. Brotli 6
 * and gzip 6 rather than the maximum levels: on these small JSON files the top levels cost
 * several times the CPU for a few percent of size (brotli 9 made the 10,000-video build's
 * compression step 50 s on two cores).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Catalog } from '../src/catalog/catalog-types.ts';
import { loadEdgeConfig } from '../src/config.ts';
import { originFromEnv } from '../src/public-origin.ts';
import { writeBuildInfo } from '../src/build-info.ts';
import { writeEdgeConfig } from './lib/edge/write-edge-config.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const catalog = JSON.parse(readFileSync('src/generated/catalog.json', 'utf8')) as Catalog;
const { origin, explicit } = originFromEnv(process.env);
writeBuildInfo('dist', { origin, originExplicit: explicit, brandUrl: catalog.site.baseUrl, contentVersion: catalog.contentVersion, builtAt: catalog.builtAt });

const compressible = /\.(json|html|txt|xml|css|js|mjs|svg|vtt|webmanifest)$/;
const files = readdirSync('dist/client', { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && compressible.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name));

let count = 0;
async function compress(file: string): Promise<void> {
  const body = await readFile(file);
  if (body.length < 512) return;
  const [br, gzipped] = await Promise.all([brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }), gz(body, { level: 6 })]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  // A variant has its file's mtime, so a static server that dates what it sends by the file it
  // sends (nginx) gives the same Last-Modified as the origin, whichever variant it serves.
  const { atime, mtime } = await stat(file);
  await Promise.all([utimes(`${file}.br`, atime, mtime), utimes(`${file}.gz`, atime, mtime)]);
  count++;
}

// Enough files in flight to keep the thread pool busy, few enough to bound memory.
const IN_FLIGHT = 16;
let next = 0;
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < files.length) await compress(files[next++]);
  }),
);
const edge = await writeEdgeConfig('dist', loadEdgeConfig().originUrl);
console.log(
  `postbuild: build-info.json written, ${count} files precompressed, edge configuration for ${edge.routes} files (${edge.paths} paths) and ${edge.onDemand} on-demand routes in dist/edge and dist/client/_headers, _redirects`,
);
