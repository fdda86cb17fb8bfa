/**
 * How the built server is started, read from the one place it is written down: package.json's
 * `serve` script (`node <flags> dist/server/main.mjs`). The tests and the benchmark spawn the server
 * with these arguments, so they run it with the same V8 flags an operator's `npm run serve` does.
 *
 * The flags, and why:
 * - `--enable-source-maps`: stack traces in the log name the TypeScript source, not the bundle.
 * - `--max-semi-space-size=64` (MiB; V8's default is 16): the young generation, where each
 *   request's short-lived objects live, is collected four times less often. Measured on repeat
 *   profile views at 64 connections (BENCHMARKS.md, fix 23): scavenge pauses 245-250 ms -> 150 ms
 *   per 10 s of load, for up to 96 MiB more resident memory.
 */
import { readFileSync } from 'node:fs';

/** The arguments to give `node` (process.execPath) to start the built server, entry included. */
export function serveArgs(packageJsonPath: string | URL = new URL('../../package.json', import.meta.url)): string[] {
  const serve: unknown = JSON.parse(readFileSync(packageJsonPath, 'utf8')).scripts?.serve;
  const words = typeof serve === 'string' ? serve.trim().split(/\s+/) : [];
  if (words[0] !== 'node' || words.length < 2) throw new Error(`package.json's serve script should be "node [flags] <entry>", not ${JSON.stringify(serve)}`);
  return words.slice(1);
}
