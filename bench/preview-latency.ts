/**
 * How long an editor waits between saving a content file and seeing the change in
 * `npm run preview`: the preview runs on a copy of the repository (scripts/lib/repo-copy.ts), a
 * video's title is saved, alternately as a plain write and as a rename over the file (as `sed -i`
 * and many editors save), and the clock runs until both the API (/api/public/videos/cc-001) and the
 * page (/videos/cc-001) answer the new title through the preview. Each round is one full rebuild
 * (content, astro build, postbuild) and a restart of the server.
 *
 *   npx tsx bench/preview-latency.ts [--rounds 3]
 *
 * Loopback only. Prints the builds' own output, one line per round, and a JSON summary line
 * (`{"previewLatency": ...}`) for a report to pick up.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startPreview } from '../scripts/lib/preview.ts';
import { copyRepository } from '../scripts/lib/repo-copy.ts';
import { serveArgs } from '../scripts/lib/serve-command.ts';
import { median } from './lib/stats.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const ROUNDS = Number(values.rounds);
/** Gives up on a round after this long: something is broken, not slow. */
const ROUND_LIMIT_MS = 10 * 60_000;

const copy = copyRepository(resolve('.'), 'canopy-preview-bench-');
const videoFile = join(copy.dir, 'content', 'videos', 'cc-001.yaml');
const log = (line: string) => console.log(`[preview] ${line}`);

/** The title the API and the page give cc-001 now, or undefined while the preview rebuilds. */
async function shown(url: string): Promise<{ api?: string; page?: string }> {
  const api = await fetch(`${url}/api/public/videos/cc-001`).catch(() => undefined);
  const page = await fetch(`${url}/videos/cc-001`).catch(() => undefined);
  return {
    api: api?.ok ? ((await api.json()) as { video: { title: string } }).video.title : undefined,
    page: page?.ok ? await page.text() : undefined,
  };
}

/** Saves the video with a new title, as a plain write or by renaming a new file over it. */
function save(title: string, byRename: boolean): void {
  const text = readFileSync(videoFile, 'utf8').replace(/^title: .*$/m, `title: "${title}"`);
  if (!byRename) {
    writeFileSync(videoFile, text);
    return;
  }
  writeFileSync(`${videoFile}.new`, text);
  renameSync(`${videoFile}.new`, videoFile);
}

try {
  const firstStarted = performance.now();
  const preview = await startPreview({ root: copy.dir, port: 0, host: '127.0.0.1', serveArgs: serveArgs(join(copy.dir, 'package.json')), log });
  const firstBuild = (performance.now() - firstStarted) / 1000;
  const rounds: Array<{ round: number; save: string; apiSeconds: number; pageSeconds: number }> = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const title = `Preview latency round ${round}`;
      const byRename = round % 2 === 0;
      const started = performance.now();
      save(title, byRename);
      let apiAt: number | undefined;
      let pageAt: number | undefined;
      while (apiAt === undefined || pageAt === undefined) {
        if (performance.now() - started > ROUND_LIMIT_MS) throw new Error(`round ${round}: the new title was not shown within ${ROUND_LIMIT_MS / 60_000} minutes`);
        await new Promise((r) => setTimeout(r, 100));
        const now = await shown(preview.url);
        if (apiAt === undefined && now.api === title) apiAt = performance.now();
        if (pageAt === undefined && now.page?.includes(title)) pageAt = performance.now();
      }
      const result = { round, save: byRename ? 'rename' : 'write', apiSeconds: (apiAt - started) / 1000, pageSeconds: (pageAt - started) / 1000 };
      rounds.push(result);
      console.log(`round ${round} (${result.save}): API after ${result.apiSeconds.toFixed(1)} s, page after ${result.pageSeconds.toFixed(1)} s`);
    }
  } finally {
    await preview.close();
  }
  const visible = rounds.map((r) => Math.max(r.apiSeconds, r.pageSeconds));
  const summary = {
    firstBuildSeconds: Number(firstBuild.toFixed(1)),
    rounds: rounds.length,
    editToVisibleSeconds: { median: Number(median(visible).toFixed(1)), min: Number(Math.min(...visible).toFixed(1)), max: Number(Math.max(...visible).toFixed(1)) },
  };
  console.log(
    `edit to visible: median ${summary.editToVisibleSeconds.median} s (min ${summary.editToVisibleSeconds.min}, max ${summary.editToVisibleSeconds.max}) over ${rounds.length} saves; first build ${summary.firstBuildSeconds} s`,
  );
  console.log(JSON.stringify({ previewLatency: summary }));
} finally {
  copy.remove();
}
