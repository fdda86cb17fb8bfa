/** Reads every content file under a folder into the `ContentFile` list that `buildCatalog` takes. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ContentFile } from '../../src/catalog/load-content.ts';

export function readContentDir(root: string): ContentFile[] {
  const files: ContentFile[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ya?ml|md)$/.test(entry.name) || entry.name === 'README.md') continue;
    const full = join(entry.parentPath, entry.name);
    // Paths always read `content/...` so messages look the same wherever the folder lives.
    const rel = join('content', relative(root, full)).split(sep).join('/');
    files.push({ path: rel, text: readFileSync(full, 'utf8') });
  }
  return files;
}
