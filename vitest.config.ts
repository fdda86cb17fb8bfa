import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each integration file starts its own server process; two cores run two files at a time.
    pool: 'forks',
    maxWorkers: 2,
  },
});
