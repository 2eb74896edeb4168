import { defineConfig } from 'vitest/config';

// One runner for every suite, so the closing count covers them all (scripts/test.mjs prints it).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    // A throwaway PostgreSQL, started only when a test file asks for one (test/support/postgres.ts).
    globalSetup: ['test/support/postgresGlobalSetup.ts'],
    // expect.poll waits on a condition; its 1 s default is a wall-clock bound a loaded machine
    // misses (a discarded timer's card seen going after 1 s in a fresh-clone run).
    expect: { poll: { timeout: 10_000 } },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
