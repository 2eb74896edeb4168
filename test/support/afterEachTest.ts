// A helper module's own clean-up after each test, for test files that share their worker's module
// cache (isolate: false in vitest.config.ts). A module's top-level afterEach registers once, in the
// first file that imports it, and the files after that one would never close what they started;
// afterEachTest keeps the clean-up here instead, and afterEachTestSetup.ts (a setup file, which
// vitest runs again for every file) runs them after each test of every file. In an isolated file
// it behaves as a top-level afterEach did.
const cleanups: Array<() => unknown> = [];

/** Runs `cleanup` after every test of every file (once per module: call it at its top level). */
export function afterEachTest(cleanup: () => unknown): void {
  if (!cleanups.includes(cleanup)) cleanups.push(cleanup);
}

/** The clean-ups, the last registered first (as vitest runs a file's afterEach hooks). */
export async function runAfterEachTest(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) await cleanup();
}
