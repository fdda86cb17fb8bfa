import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveArgs } from './serve-command.ts';

function packageWith(serve: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'serve-command-')), 'package.json');
  writeFileSync(path, JSON.stringify({ scripts: { serve } }));
  return path;
}

describe('serveArgs', () => {
  it("reads the flags and entry of package.json's serve script", () => {
    const args = serveArgs();
    expect(args.at(-1)).toBe('dist/server/main.mjs');
    expect(args).toContain('--enable-source-maps');
  });

  it('splits any flags before the entry, with or without exec', () => {
    expect(serveArgs(packageWith('node  --a=1 --b   x.mjs'))).toEqual(['--a=1', '--b', 'x.mjs']);
    expect(serveArgs(packageWith('exec node --a=1 x.mjs'))).toEqual(['--a=1', 'x.mjs']);
  });

  it('refuses a serve script that is not a plain node command', () => {
    expect(() => serveArgs(packageWith('tsx scripts/serve.ts'))).toThrow(/serve script/);
    expect(() => serveArgs(packageWith('node'))).toThrow(/serve script/);
    expect(() => serveArgs(packageWith('exec tsx x.ts'))).toThrow(/serve script/);
    expect(() => serveArgs(packageWith(undefined))).toThrow(/serve script/);
  });
});
