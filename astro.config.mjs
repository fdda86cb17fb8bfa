// @ts-check
import { defineConfig, passthroughImageService } from 'astro/config';
import node from '@astrojs/node';
import { fileURLToPath } from 'node:url';
import { catalogModule } from './scripts/lib/catalog-module.mjs';

/**
 * The Node entry in front (src/server/main.ts) is built by the same server build as the
 * endpoints, as a second entry beside Astro's: both import the same chunks, so the server and
 * the endpoints share one copy of every module (one ProblemError class, one database handle).
 */
/** @type {import('astro').AstroIntegration} */
const serverEntry = {
  name: 'canopy-cove-server-entry',
  hooks: {
    'astro:build:setup': ({ vite, target }) => {
      if (target !== 'server') return;
      vite.plugins ??= [];
      vite.plugins.push({
        name: 'canopy-cove-server-entry',
        /** @param {import('rollup').InputOptions} options */
        options(options) {
          const input = Array.isArray(options.input) ? options.input : typeof options.input === 'string' ? [options.input] : [];
          return { ...options, input: [...input, fileURLToPath(new URL('./src/server/main.ts', import.meta.url))] };
        },
      });
    },
  },
};

/**
 * @astrojs/node in middleware mode, with our server entry (src/server/astro-entry.ts) in place of
 * the adapter's own: the same NodeApp, rendered without the AsyncLocalStorage the adapter wraps
 * each render in (that file says why).
 */
function nodeMiddleware() {
  const adapter = node({ mode: 'middleware' });
  const configDone = adapter.hooks['astro:config:done'];
  /** @type {import('astro').AstroIntegration['hooks']['astro:config:done']} */
  const withOurEntry = (params) =>
    configDone?.({
      ...params,
      setAdapter: (settings) => params.setAdapter({ ...settings, serverEntrypoint: fileURLToPath(new URL('./src/server/astro-entry.ts', import.meta.url)), exports: ['handler'] }),
    });
  return { ...adapter, hooks: { ...adapter.hooks, 'astro:config:done': withOurEntry } };
}

/**
 * Static-first: every route pre-renders unless it says `export const prerender = false`.
 * The Node adapter runs in middleware mode because our own server (src/server) owns what every
 * response needs (static files, CORS, limits, logs) and hands only on-demand routes to Astro.
 */
export default defineConfig({
  output: 'static',
  adapter: nodeMiddleware(),
  integrations: [serverEntry],
  // Extension-less paths map to `.json` files by our server, so keep Astro's file names exact.
  trailingSlash: 'never',
  // Eight pages render at a time: Astro awaits each page's directory and file write, and one page
  // at a time leaves the thread waiting on each hand-off to libuv's thread pool. Same files, byte
  // for byte; the 10,000-video build's page generation took 24-34 s instead of 34-48 s, and 38 s
  // of CPU instead of 54 (BENCHMARKS.md, fix 33).
  // Every page's CSS is inlined (7-11 KB, compressed with the page), so no stylesheet blocks rendering.
  build: { format: 'file', concurrency: 8, inlineStylesheets: 'always' },
  // Nothing phones home: no telemetry, no dev toolbar, no prefetch of remote assets.
  devToolbar: { enabled: false },
  // Our server rejects non-JSON POST bodies with 415 before Astro sees them.
  security: { checkOrigin: false },
  // Images are plain files in public/; no on-demand image transformation (and no sharp). The image
  // endpoint Astro adds to every server build is routed to the operations' route, where no
  // operation has its path: it answers 404 like any unknown path.
  image: { service: passthroughImageService(), endpoint: { route: '/_image', entrypoint: './src/pages/[...path].ts' } },
  vite: { plugins: [catalogModule()], build: { assetsInlineLimit: 0 } },
});
