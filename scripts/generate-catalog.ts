/**
 * Writes a large generated content folder for the build benchmark (default: 10,000 published
 * videos and 2,000 clips in bench/out/content). Build it with
 * `CONTENT_DIR=bench/out/content npm run build`.
 *
 *   tsx scripts/generate-catalog.ts [--out DIR] [--videos N] [--clips N] [--seed N]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCatalog } from './lib/generate-catalog.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'bench/out/content' },
    source: { type: 'string', default: 'content' },
    videos: { type: 'string', default: '10000' },
    clips: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '20261122' },
  },
});

const started = performance.now();
const result = generateCatalog({
  sourceDir: resolve(values.source),
  outDir: resolve(values.out),
  videos: Number(values.videos),
  clips: Number(values.clips),
  seed: Number(values.seed),
});
console.log(
  `generated ${values.out}: ${result.publishedVideos} published videos (${result.videoFiles} files, ${result.generatedVideos} generated), ` +
    `${result.clipFiles} clips (${result.generatedClips} generated) in ${Math.round(performance.now() - started)} ms`,
);
