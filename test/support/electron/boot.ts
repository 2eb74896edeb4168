// Boots the shipped main bundle (dist/main/index.cjs, and the account.cjs it loads, built as
// `npm run dist` packages them) in this process under the Electron stand-in: `require('electron')`
// from the bundle answers the stand-in (at any time, as in Electron), every other require is the
// real one, and the bundle runs on this Node (the project's pinned one, Electron's major). Each
// boot loads the bundle afresh, as a new app process would.
import { Module } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { createRequire } from 'node:module';
import { root } from '../../../scripts/electronBinary.mjs';
import { createElectronStandIn, type ElectronStandIn, type StandInOptions } from './standIn';
import { CONDITION_WAIT_MS } from '../patience';

const require = createRequire(import.meta.url);

export const MAIN_BUNDLE = join(root, 'dist/main/index.cjs');

export interface BootedApp {
  electron: ElectronStandIn;
  /** Quits as the tray's Quit item does, and resolves when the app has let go of everything. */
  quit(): Promise<number>;
}

/**
 * Starts the bundle as `stint <args>` would; resolves once its account is open (its window made,
 * the tray showing the account), or with `upTo: 'tray'` as soon as the tray is drawn (the app
 * draws it before it opens the account), or when it has exited.
 */
export async function bootBundle(
  options: StandInOptions & {
    args?: string[];
    upTo?: 'tray' | 'account';
    /** process.resourcesPath, where a package's app-update.yml is; by default a folder that does not exist. */
    resourcesPath?: string;
    /** The main bundle to boot: dist/'s unless a test built its own (the update tests, with their release key). */
    bundle?: string;
  },
): Promise<BootedApp> {
  const electron = createElectronStandIn(options);
  answerElectronEverywhere(electron);
  (process as { resourcesPath?: string }).resourcesPath =
    options.resourcesPath ?? join(options.userData, '..', 'no-resources');
  const load = bundleLoader(electron);
  // The shell reads its command line while starting, synchronously.
  const argv = process.argv;
  const bundle = options.bundle ?? MAIN_BUNDLE;
  process.argv = [process.execPath, bundle, ...(options.args ?? [])];
  try {
    load(bundle);
  } finally {
    process.argv = argv;
  }
  await until(() => electron.trays.length > 0 || electron.exitCode() !== null, 30_000, 'the tray to appear');
  if (options.upTo !== 'tray') await accountOpen(electron);
  return {
    electron,
    async quit() {
      electron.module.app.quit();
      return electron.exited;
    },
  };
}

/**
 * Loads the bundle's files (index.cjs, and account.cjs when it asks for it) as modules of this
 * boot's own, whose require answers 'electron' with this boot's stand-in for as long as the app
 * runs (account.cjs loads after the tray is drawn, and Electron's require('electron') answers at
 * any time), a file of dist/main/ with this boot's copy of it, and every other id as the real
 * require does.
 */
function bundleLoader(electron: ElectronStandIn): (filename: string) => Module {
  const loaded = new Map<string, Module>();
  const load = (filename: string): Module => {
    const known = loaded.get(filename);
    if (known) return known;
    const bundle = new Module(filename) as Module & { load(filename: string): void };
    bundle.filename = filename;
    bundle.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(
      dirname(filename),
    );
    const realRequire = bundle.require.bind(bundle);
    bundle.require = ((id: string) => {
      if (id === 'electron') return electron.module;
      if (id.startsWith('./')) return load(join(dirname(filename), id)).exports;
      return realRequire(id);
    }) as NodeJS.Require;
    loaded.set(filename, bundle);
    bundle.load(filename);
    return bundle;
  };
  return load;
}

/** The stand-in that `require('electron')` answers from any module, as Electron's does (the latest boot's). */
let electronNow: ElectronStandIn | null = null;

/**
 * In Electron, 'electron' is a module every module can require, not only the app's bundle:
 * electron-updater (loaded from node_modules) requires it for app, net, session and autoUpdater. So
 * Node's loader answers it with the latest boot's stand-in, and electron-updater, which keeps its
 * updater (bound to one app) in its module, is loaded afresh for each boot, as a new process would.
 */
function answerElectronEverywhere(electron: ElectronStandIn): void {
  electronNow = electron;
  for (const file of Object.keys(require.cache))
    if (file.includes(`${sep}node_modules${sep}electron-updater${sep}`)) delete require.cache[file];
  const loader = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
  if ((loader._load as { standIn?: true }).standIn) return;
  const load = loader._load;
  loader._load = Object.assign(
    function (this: unknown, request: string, parent: unknown, isMain: boolean) {
      if (request === 'electron' && electronNow) return electronNow.module;
      return load.call(this, request, parent, isMain);
    },
    { standIn: true as const },
  );
}

/** Waits until the app has opened its account (it makes its window then) or has exited. */
export function accountOpen(electron: ElectronStandIn): Promise<void> {
  return until(() => electron.windows.length > 0 || electron.exitCode() !== null, 30_000, 'the account to open');
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
