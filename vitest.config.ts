import { defineConfig } from 'vitest/config';

// One runner for every suite, so the closing count covers them all (scripts/test.mjs prints it).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    // The run's temporary files in memory where there is room (test/support/memoryTempGlobalSetup.ts:
    // TMPDIR, set before the next one makes its folder), and a throwaway PostgreSQL, started only
    // when a test file asks for one (test/support/postgres.ts).
    globalSetup: ['test/support/memoryTempGlobalSetup.ts', 'test/support/postgresGlobalSetup.ts'],
    // expect.poll waits on a condition; its 1 s default is a wall-clock bound a loaded machine
    // misses (a discarded timer's card seen going after 1 s in a fresh-clone run).
    expect: { poll: { timeout: 10_000 } },
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // which leaves a core idle while most tests wait on sockets, fsync, PostgreSQL or Chromium.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Some unit tests read the whole tree (function lengths, the packager's checks): vitest's 5 s
        // default is a wall-clock bound a loaded machine misses, so it guards against hangs only.
        test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 },
      },
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
        // The service's integration suite again, every service on a fresh PostgreSQL database of the
        // run's throwaway cluster (test/support/postgresService.ts): both stores pass the same tests.
        test: {
          name: 'service on postgres',
          include: ['test/integration/service/**/*.test.ts'],
          // These choose their store themselves (the service command's files: SQLite with --data,
          // PostgreSQL with DATABASE_URL; the multi-instance ones always PostgreSQL; robustness
          // its own SQLite files), so a second run would repeat the same thing.
          exclude: [
            'test/integration/service/whole/cli.test.ts',
            'test/integration/service/whole/serviceCommandOperations.test.ts',
            'test/integration/service/whole/multiInstance*.test.ts',
            'test/integration/service/whole/robustness.test.ts',
          ],
          env: { STINT_TEST_STORE: 'postgres' },
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
          // Two files at a time, as every other project: each starts what it needs on its own (a temp
          // data folder, its own session bus and Secret Service, Chromium, a free port) and builds
          // the bundle it boots into a folder of its own (test/support/bundle.ts), never dist/. Run
          // one after another after everything else, the e2e files were a serial tail of 285 s.
        },
      },
    ],
  },
});
