import { defineConfig } from 'vitest/config';

/**
 * Unit tests that need a process of their own: notices.test.ts replaces core's worker module
 * (vi.mock), which would leak into the files after it; the calendar files set TZ and read ical.js,
 * whose time zones are kept module-wide (shared, recurrence.test.ts's bounded cases failed).
 */
const UNIT_IN_THEIR_OWN_PROCESS = ['test/unit/core/notices.test.ts', 'test/unit/core/calendars/**/*.test.ts'];

/**
 * Integration folders whose files share their worker's module cache (isolate: false, the project
 * 'integration'): each file built the service, core and the client from the same modules again,
 * and the imports cost a file more than most of its tests did. Audited for process state: none
 * of their files replaces a module (vi.mock), sets the environment, a global, the umask or a
 * process handler, or fakes the timers; a module-level counter read across files is read
 * relative to its value (operations.test.ts's lease steals). What a helper module closes after
 * each test it registers with afterEachTest (test/support/afterEachTest.ts): a top-level afterEach
 * would run in the first file that imports the module only.
 */
const SHARED_FOLDERS = ['service', 'api', 'broadcasts', 'cli', 'core', 'deploy', 'outbox', 'storage', 'stores'];
const SHARED = SHARED_FOLDERS.map((folder) => `test/integration/${folder}/**/*.test.ts`);

/**
 * Service files that choose their store themselves (the service command's files: SQLite with
 * --data, PostgreSQL with DATABASE_URL; the multi-instance ones always PostgreSQL; robustness its
 * own SQLite files), so a second run on PostgreSQL would repeat the same thing.
 */
const SERVICE_CHOOSE_THEIR_STORE = [
  'test/integration/service/whole/cli.test.ts',
  'test/integration/service/whole/serviceCommandOperations.test.ts',
  'test/integration/service/whole/multiInstance*.test.ts',
  'test/integration/service/whole/robustness.test.ts',
];

// One runner for every suite, so the closing count covers them all (scripts/test.mjs prints it).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    // The run's temporary files in memory where there is room (test/support/memoryTempGlobalSetup.ts:
    // TMPDIR, set before the next one makes its folder), and a throwaway PostgreSQL, started only
    // when a test file asks for one (test/support/postgres.ts).
    globalSetup: ['test/support/memoryTempGlobalSetup.ts', 'test/support/postgresGlobalSetup.ts'],
    // A helper module's clean-up after each test (afterEachTest), in the files that share a module
    // cache as in those that do not.
    setupFiles: ['test/support/afterEachTestSetup.ts'],
    // expect.poll waits on a condition; its 1 s default is a wall-clock bound a loaded machine
    // misses (a discarded timer's card seen going after 1 s in a fresh-clone run).
    expect: { poll: { timeout: 10_000 } },
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // which leaves a core idle while most tests wait on sockets, PostgreSQL or Chromium. Even two
    // left the cores half idle (a fresh-clone run: 906 s of CPU in 813 s of wall, 111 %); three
    // took the same run from 13 min 33 s to 9 min 49 s (150 %).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // Some unit tests read the whole tree (function lengths, the packager's checks): vitest's 5 s
        // default is a wall-clock bound a loaded machine misses, so it guards against hangs only.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          // The window's words in English, as main hands them over before the first paint.
          setupFiles: ['test/support/englishWords.ts'],
          exclude: UNIT_IN_THEIR_OWN_PROCESS,
          environment: 'node',
          testTimeout: 30_000,
          // The files of a worker share one module cache instead of importing the tree again each
          // (per file, the imports cost more than the tests: 59 files of renderer/, common/ and api/
          // took 49.5 s of CPU isolated and 23 s shared, same minutes). Each file still gets its own
          // environment (happy-dom or node); the files below cannot share and keep their own process.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit, isolated',
          include: UNIT_IN_THEIR_OWN_PROCESS,
          setupFiles: ['test/support/englishWords.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: SHARED,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        // The other integration folders keep a process per file: they set the session bus's address
        // (a Secret Service of their own, which the keychain's native module may keep connected
        // to), TZ, the umask, or a process-wide handler for unhandled rejections.
        test: {
          name: 'integration, own process',
          include: ['test/integration/**/*.test.ts'],
          exclude: SHARED,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        // The service's integration suite again, every service on a fresh PostgreSQL database of the
        // run's throwaway cluster (test/support/postgresService.ts): both stores pass the same tests.
        // Its files share a module cache, as in 'integration'.
        test: {
          name: 'service on postgres',
          include: ['test/integration/service/**/*.test.ts'],
          exclude: SERVICE_CHOOSE_THEIR_STORE,
          isolate: false,
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
