/**
 * The parts of `npm run preview` short of a build: the reload script tag, the save debouncing,
 * and the watcher, on real files saved the ways editors save them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { debounce, injectReload, RELOAD_SCRIPT_PATH, watchSources } from './preview.ts';

describe('injectReload', () => {
  it('adds one same-origin script (allowed by the pages’ script-src self) before </body>', () => {
    const tag = `<script src="${RELOAD_SCRIPT_PATH}" defer></script>`;
    expect(injectReload('<html><body><p>x</p></body></html>')).toBe(`<html><body><p>x</p>${tag}</body></html>`);
    expect(injectReload('<p>fragment</p>')).toBe(`<p>fragment</p>${tag}`);
  });
});

describe('debounce', () => {
  it('runs once after a burst of saves, with every path the burst named', () => {
    vi.useFakeTimers();
    const calls: string[][] = [];
    const saved = debounce<string>(300, (batch) => calls.push([...batch]));
    saved('content/videos/cc-001.yaml');
    vi.advanceTimersByTime(200);
    saved('content/videos/cc-001.yaml');
    saved('public/media/x.svg');
    vi.advanceTimersByTime(299);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([['content/videos/cc-001.yaml', 'public/media/x.svg']]);
    vi.useRealTimers();
  });
});

describe('watchSources', () => {
  it('sees plain saves, saves that replace the file by rename (sed -i), the saves after those, and not what the build writes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'preview-watch-'));
    const video = join(root, 'content', 'videos', 'cc-001.yaml');
    mkdirSync(join(root, 'content', 'videos'), { recursive: true });
    mkdirSync(join(root, 'content', 'schemas'), { recursive: true });
    mkdirSync(join(root, 'src', 'generated'), { recursive: true });
    mkdirSync(join(root, 'public'), { recursive: true });
    writeFileSync(video, 'title: One\n');
    const saved: string[] = [];
    const watcher = await watchSources(root, (path) => saved.push(path));
    /** Waits until the watcher has reported `count` saves in all (vi.waitFor gives up after 5 s). */
    // Then lets a moment pass, as between a person's saves: chokidar folds changes to one file
    // that come within 50 ms of each other into one event.
    const reported = async (count: number) => {
      await vi.waitFor(() => expect(saved.length).toBeGreaterThanOrEqual(count), { timeout: 5000, interval: 20 });
      await new Promise((resolve) => setTimeout(resolve, 200));
    };
    try {
      // The build's own output first: if it were reported, it would arrive before the saves below.
      writeFileSync(join(root, 'src', 'generated', 'catalog.json'), '{}');
      writeFileSync(join(root, 'content', 'schemas', 'video.schema.json'), '{}');
      writeFileSync(video, 'title: Two\n');
      await reported(1);
      execFileSync('sed', ['-i', 's/Two/Three/', video]);
      await reported(2);
      writeFileSync(`${video}.swp`, 'title: Four\n');
      renameSync(`${video}.swp`, video);
      await reported(3);
      writeFileSync(video, 'title: Five\n');
      await reported(4);
      expect(new Set(saved)).toEqual(new Set(['content/videos/cc-001.yaml']));
      expect(saved.some((path) => path.startsWith('src/generated/') || path.startsWith('content/schemas/'))).toBe(false);
    } finally {
      await watcher.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
