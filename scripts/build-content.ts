/**
 * Validates content/ and writes the catalog every page, endpoint and feed is built from
 * (src/generated/catalog.json). Exits 1 with one line per problem when content is invalid.
 *
 * Every local media file the content names must be in public/, and each podcast enclosure's
 * declared length must be its file's size (`npm run media` regenerates both).
 *
 * It also writes the JSON Schemas of every content file type to content/schemas/ (generated from
 * the zod schemas; `.vscode/settings.json` maps them for the YAML language server).
 *
 * CONTENT_DIR points at another folder (the benchmark's generated 10,000-video catalog).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildCatalog, ContentValidationError } from '../src/catalog/load-content.ts';
import { contentJsonSchemaFiles } from './lib/content-json-schemas.ts';
import { publicMedia } from './lib/public-media.ts';
import { readContentDir } from './lib/read-content-dir.ts';

const contentDir = resolve(process.env.CONTENT_DIR ?? 'content');
const outFile = resolve('src/generated/catalog.json');

// JSON Schemas for editors' IDEs (content/schemas/), written first so they help fix the very
// content that fails below. A file is rewritten only when its text changes.
const schemaDir = join(contentDir, 'schemas');
mkdirSync(schemaDir, { recursive: true });
let schemasWritten = 0;
for (const [name, text] of contentJsonSchemaFiles(contentDir)) {
  const file = join(schemaDir, name);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
  writeFileSync(file, text);
  schemasWritten++;
}
if (schemasWritten) console.log(`content: ${schemasWritten} JSON Schema file(s) updated in ${schemaDir}`);

try {
  // Media paths are checked against public/, what the site ships (and serves under /media).
  const catalog = buildCatalog(readContentDir(contentDir), { builtAt: new Date(), media: await publicMedia(resolve('public')) });
  mkdirSync(resolve('src/generated'), { recursive: true });
  writeFileSync(outFile, JSON.stringify(catalog));
  console.log(
    `content ok: ${catalog.videos.length} published videos, ${catalog.podcast.episodes.length} episodes, ` +
      `${catalog.products.length} products, ${catalog.clips.length} clips, ${catalog.knowledge.entries.length} knowledge entries ` +
      `(version ${catalog.contentVersion}) -> ${outFile}`,
  );
} catch (error) {
  if (error instanceof ContentValidationError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
