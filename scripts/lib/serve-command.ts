/**
 * How the built server is started, read from the one place it is written down: package.json's
 * `serve` script (`node <flags> dist/server/main.mjs`). The tests, the benchmark and
 * `npm run cluster` spawn the server with these arguments, so they run it with the same V8 flags
 * an operator's `npm run serve` does. A leading `exec` (which makes npm's child the server itself,
 * so a signal npm forwards reaches it rather than a shell: docs/operators.md) is read the same.
 *
 * The flags, and why:
 * - `--enable-source-maps`: stack traces in the log name the TypeScript source, not the bundle.
 *
 * V8's default young generation is kept: a larger one (`--max-semi-space-size=64`) made fewer
 * scavenges under load, but it grows while the catalog loads at start and stays grown, about
 * 30 MiB of idle memory at 10,000 videos, for no measurable gain in request rate.
 */
import { readFileSync } from 'node:fs';

/** The arguments to give `node` (process.execPath) to start the built server, entry included. */
export function serveArgs(packageJsonPath: string | URL = new URL('../../package.json', import.meta.url)): string[] {
  const serve: unknown = JSON.parse(readFileSync(packageJsonPath, 'utf8')).scripts?.serve;
  const words = typeof serve === 'string' ? serve.trim().split(/\s+/) : [];
  if (words[0] === 'exec') words.shift();
  if (words[0] !== 'node' || words.length < 2) throw new Error(`package.json's serve script should be "exec node [flags] <entry>", not ${JSON.stringify(serve)}`);
  return words.slice(1);
}
