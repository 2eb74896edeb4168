// Boots the shipped main bundle (dist/main/index.cjs, built as `npm run dist` packages it) in this
// process under the Electron stand-in: `require('electron')` from the bundle answers the stand-in,
// every other require is the real one, and the bundle runs on this Node (the project's pinned one,
// Electron's major). Each boot loads the bundle afresh, as a new app process would.

import { createRequire, Module } from 'node:module';
import { join } from 'node:path';
import { root } from '../../../scripts/electronBinary.mjs';
import { createElectronStandIn, type ElectronStandIn, type StandInOptions } from './standIn';
import { CONDITION_WAIT_MS } from '../patience';

export const MAIN_BUNDLE = join(root, 'dist/main/index.cjs');

const requireFromBundle = createRequire(MAIN_BUNDLE);

export interface BootedApp {
  electron: ElectronStandIn;
  /** Quits as the tray's Quit item does, and resolves when the app has let go of everything. */
  quit(): Promise<number>;
}

/** Starts the bundle as `stint <args>` would; resolves once its tray is up (or it has exited). */
export async function bootBundle(options: StandInOptions & { args?: string[] }): Promise<BootedApp> {
  const electron = createElectronStandIn(options);
  const electronPath = requireFromBundle.resolve('electron');
  const fake = new Module(electronPath);
  fake.exports = electron.module;
  fake.loaded = true;
  requireFromBundle.cache[electronPath] = fake;
  delete requireFromBundle.cache[MAIN_BUNDLE];
  // The shell reads its command line while starting, synchronously.
  const argv = process.argv;
  process.argv = [process.execPath, MAIN_BUNDLE, ...(options.args ?? [])];
  try {
    requireFromBundle(MAIN_BUNDLE);
  } finally {
    process.argv = argv;
    delete requireFromBundle.cache[electronPath];
  }
  await until(() => electron.trays.length > 0 || electron.exitCode() !== null, 30_000, 'the tray to appear');
  return {
    electron,
    async quit() {
      electron.module.app.quit();
      return electron.exited;
    },
  };
}

/** Waits for a condition the app reaches on its own time (polling, as a user would look again). */
export async function until(
  done: () => boolean | Promise<boolean>,
  timeoutMs = CONDITION_WAIT_MS,
  what = 'the condition',
): Promise<void> {
  // performance.now(), not Date: a test may move the wall clock (a machine waking from sleep).
  const end = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
