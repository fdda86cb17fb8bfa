/**
 * Whether a site-relative media file ships with the site (is in public/). The demo content
 * names transcripts and media that are not in the repository; a page links a file only when it
 * exists, so no visitor follows a link to a 404. Build-time only (reads the disk).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export function ships(sitePath: string): boolean {
  if (!sitePath.startsWith('/') || sitePath.includes('..')) return false;
  return existsSync(join(process.cwd(), 'public', sitePath));
}
