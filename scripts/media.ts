/**
 * Regenerates the demo media under public/media from content/ (videos, clips, podcast episodes
 * and their transcripts) and writes each file's real duration and byte length back into content.
 * Needs ffmpeg, ffprobe, espeak-ng and fc-match (Debian: `apt-get install -y ffmpeg espeak-ng`);
 * the results are committed, so building and serving need none of them.
 *
 *   npm run media                 every media file the content names
 *   npm run media -- cc-001 ep-002  only these ids
 */
import { resolve } from 'node:path';
import { generateMedia, missingTools } from './lib/media.ts';

const missing = missingTools();
if (missing.length) {
  console.error(`npm run media needs ${missing.join(', ')}: apt-get update && apt-get install -y ffmpeg espeak-ng`);
  process.exit(1);
}
const only = process.argv.slice(2);
const reports = generateMedia({ contentDir: resolve('content'), publicDir: resolve('public'), only, log: (line) => console.log(line) });
const total = reports.reduce((sum, r) => sum + r.bytes, 0);
console.log(`media: ${reports.length} files, ${(total / 1024 / 1024).toFixed(2)} MiB of video and audio; durations and lengths written to content/`);
