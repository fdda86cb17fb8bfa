/**
 * After `astro build`: writes dist/build-info.json (what the server needs to know about the build
 * without importing the catalog) and precompressed .br/.gz siblings of every compressible file,
 * so the server never compresses per request.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Catalog } from '../src/catalog/catalog-types.ts';

const catalog = JSON.parse(readFileSync('src/generated/catalog.json', 'utf8')) as Catalog;
writeFileSync(
  'dist/build-info.json',
  JSON.stringify({ baseUrl: catalog.site.baseUrl, contentVersion: catalog.contentVersion, builtAt: catalog.builtAt, lastModified: catalog.lastModified }),
);

const compressible = /\.(json|html|txt|xml|css|js|mjs|svg|vtt|webmanifest)$/;
let count = 0;
for (const entry of readdirSync('dist/client', { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  const body = readFileSync(file);
  if (body.length < 512) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`postbuild: build-info.json written, ${count} files precompressed`);
