/**
 * The build's view of public/: for the file a site path names, if the site ships it, its size and,
 * for audio and video, what the file itself says of its length and picture size
 * (scripts/lib/media-facts.ts). Media files are read once, up front, so the lookup the build
 * calls is synchronous; a file that cannot be read carries the reason instead of facts.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { MediaFile } from '../../src/catalog/load-content.ts';
import { isReadableMedia, readMediaFacts } from './media-facts.ts';

export async function publicMedia(publicDir: string): Promise<(sitePath: string) => MediaFile | undefined> {
  const root = resolve(publicDir);
  const facts = new Map<string, Omit<MediaFile, 'bytes'>>();
  const media = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && isReadableMedia(entry.name));
  for (const entry of media) {
    const file = join(entry.parentPath, entry.name);
    try {
      facts.set(file, await readMediaFacts(file));
    } catch (error) {
      facts.set(file, { unreadable: (error as Error).message });
    }
  }
  return (sitePath) => {
    const file = resolve(join(root, decodeURIComponent(sitePath.split(/[?#]/)[0])));
    if (!file.startsWith(root + sep)) return undefined;
    try {
      const stat = statSync(file);
      return stat.isFile() ? { bytes: stat.size, ...facts.get(file) } : undefined;
    } catch {
      return undefined;
    }
  };
}
