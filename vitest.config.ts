import { defineConfig } from 'vitest/config';
import { catalogModule } from './scripts/lib/catalog-module.mjs';

/**
 * `npm test` runs the suite on SQLite, and, when TEST_DATABASE_URL is set (.ci/run sets it), the
 * HTTP tests of everything that touches the database once more on PostgreSQL (TEST_BACKEND=postgres,
 * test/support/backend.ts) with Redis for the shared limits (TEST_REDIS_URL). Tests of the static
 * site alone (pages, feeds, media, the edge, the content API) never reach the database and run once.
 */
const staticOnly = [
  'test/catalog-api.test.ts',
  'test/e2e-pages.test.ts',
  'test/e2e-layout.test.ts',
  'test/prerendered-html.test.ts',
  'test/editors-walk.test.ts',
  'test/edge.test.ts',
  'test/feeds.test.ts',
  'test/llms-txt.test.ts',
  'test/media.test.ts',
  'test/openapi-contract.test.ts',
  'test/concierge-eval.test.ts',
  // Drives the inbox CLI over a SQLite file it writes itself; messages.test.ts runs the CLI on both.
  'test/inbox.test.ts',
];
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) console.warn('TEST_DATABASE_URL is not set: the PostgreSQL half of the suite is NOT run (only SQLite).');

export default defineConfig({
  plugins: [catalogModule()],
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each integration file starts its own server process; two cores run two files at a time.
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/support/global-setup.ts'],
    projects: [
      { extends: true as const, test: { name: 'sqlite', include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'], env: { TEST_BACKEND: 'sqlite' } } },
      ...(postgres ? [{ extends: true as const, test: { name: 'postgres', include: ['test/**/*.test.ts'], exclude: staticOnly, env: { TEST_BACKEND: 'postgres' } } }] : []),
    ],
  },
});
