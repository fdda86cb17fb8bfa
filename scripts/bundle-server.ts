/**
 * Part of `npm run build`: bundles the Node entry (scripts/serve.ts and the src/ modules it
 * imports) into dist/serve.mjs, so the service runs on plain `node` without a TypeScript loader.
 *
 * Why: under `node --import tsx` every dynamic import() is resolved through the loader's hooks on
 * a worker thread, and Astro imports the matched page module on every on-demand request. That
 * round trip was about 6% of the server's CPU under the earn and profile benchmarks.
 * Packages stay external (resolved from node_modules at run time), so native modules such as
 * better-sqlite3 load as usual.
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['scripts/serve.ts'],
  outfile: 'dist/serve.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  banner: { js: '// Built by scripts/bundle-server.ts from scripts/serve.ts; do not edit.' },
});
