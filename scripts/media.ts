/**
 * Regenerates the demo media under public/media from content/ (videos and clips with their SVG
 * posters, podcast episodes and their transcripts) and writes what each file says of itself
 * (length, picture size, byte length) back into content. Videos and clips need ffmpeg; episodes
 * need espeak-ng and ffmpeg (Debian: `apt-get install -y ffmpeg espeak-ng`). The results are
 * committed, so building and serving need neither.
 *
 *   npm run media                   every video, clip and episode
 *   npm run media -- cc-029 ep-009  only these ids
 */
import { resolve } from 'node:path';
import { generateMedia, missingTools, planMedia, toolsFor } from './lib/media.ts';

const options = { contentDir: resolve('content'), publicDir: resolve('public'), only: process.argv.slice(2) };
const { jobs, unknown } = planMedia(options);
if (unknown.length) {
  console.error(`npm run media: no video, clip or episode in content/ has the id ${unknown.join(', ')} (the file name is the id, e.g. content/videos/${unknown[0]}.yaml)`);
  process.exit(1);
}
const missing = missingTools(toolsFor(jobs));
if (missing.length) {
  console.error(
    `npm run media needs ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} not installed here (videos and clips need ffmpeg; episodes need espeak-ng and ffmpeg). ` +
      `On Debian or Ubuntu: apt-get update && apt-get install -y ${missing.join(' ')}`,
  );
  process.exit(1);
}
const reports = await generateMedia({ ...options, jobs, log: (line) => console.log(line) });
const total = reports.reduce((sum, r) => sum + r.bytes, 0);
console.log(`media: ${reports.length} audio and video files, ${(total / 1024 / 1024).toFixed(2)} MiB; lengths and sizes written to content/`);
