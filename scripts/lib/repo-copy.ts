/**
 * A copy of this repository in a temporary folder, for a test or benchmark that edits content and
 * builds it the way an editor would, without touching the working tree: every file git tracks or
 * would track, as it is on disk (uncommitted edits included), and node_modules linked rather than
 * copied. Built output (dist/, src/generated/) is not copied: the copy builds its own.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface RepositoryCopy {
  dir: string;
  remove(): void;
}

export function copyRepository(from: string, prefix = 'canopy-copy-'): RepositoryCopy {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: from, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const source = join(from, file);
    // A tracked file deleted in the working tree is gone for the copy too.
    if (!existsSync(source)) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(source, join(dir, file));
  }
  symlinkSync(join(from, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
