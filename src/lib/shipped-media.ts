/**
 * Whether a site-relative media file ships with the site (is in public/). `npm run content`
 * already refuses content that names a missing file; pages check again so that a link never
 * leads a visitor to a 404. Build-time only (reads the disk).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export function ships(sitePath: string): boolean {
  if (!sitePath.startsWith('/') || sitePath.includes('..')) return false;
  return existsSync(join(process.cwd(), 'public', sitePath));
}
