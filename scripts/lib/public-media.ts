/** The build's view of public/: the size of the file a site path names, if the site ships it. */
import { statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

export function publicMedia(publicDir: string): (sitePath: string) => { bytes: number } | undefined {
  const root = resolve(publicDir);
  return (sitePath) => {
    const file = resolve(join(root, decodeURIComponent(sitePath.split(/[?#]/)[0])));
    if (!file.startsWith(root + sep)) return undefined;
    try {
      const stat = statSync(file);
      return stat.isFile() ? { bytes: stat.size } : undefined;
    } catch {
      return undefined;
    }
  };
}
