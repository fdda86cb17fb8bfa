/** The pure parts of `npm run preview`: the reload script tag and the save debouncing. */
import { describe, expect, it, vi } from 'vitest';
import { debounce, injectReload, RELOAD_SCRIPT_PATH } from './preview.ts';

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
