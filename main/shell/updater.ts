// The app's own updates: electron-updater against the generic feed named in electron-builder.yml's
// publish settings (electron-builder writes it into the package's app-update.yml, which
// electron-updater reads from process.resourcesPath). It downloads in the background, over https
// only (updateGuards.ts), and checks the file's sha512 against the feed's latest*.yml and who
// signed it (Linux: the release key's detached signature, updateGuards.ts; Windows and macOS: the
// publisher's code signature) before it reports it downloaded; a version not newer than this one
// is refused (allowDowngrade false). This file only turns electron-updater's
// events into main/core/desktop/updates' events and shows its state; when to look, and what each
// step means, is decided there.
//
// The restart goes through the quit path (app.ts): core puts its work away first (the outbox
// journal closed, on disk), then the install runs and the app quits. Timers live on the service,
// so one that runs keeps running across the restart.

import { app } from 'electron';
import type { AppUpdater, ProgressInfo, UpdateInfo } from 'electron-updater';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Handlers } from '../../common/contract';
import { fail, ok } from '../../common/result';
import type { Snapshot, UpdateView } from '../../common/snapshot';
import type { StintApp } from '../core/accounts/stintApp';
import { RELEASE_PUBLIC_KEY } from '../core/desktop/updates/releaseKey';
import { createUpdateScheduler, type UpdateScheduler } from '../core/desktop/updates/scheduler';
import { systemClock } from '../core/types';
import { httpsOnly, requireReleaseSignature } from './updateGuards';
import { UPDATES_LOAD_DELAY_MS } from './updatesLoadDelay';

export interface AppUpdates {
  /** The update's state; undefined where this run does not update itself (not an installed package). */
  view(): UpdateView | undefined;
  /** Calls back on every change of the state; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Installs the downloaded, verified update and relaunches; call only once core has closed (app.ts's quit path). */
  install(): void;
  stop(): void;
}

/**
 * Where this run can replace itself, as electron-updater decides it: a packaged app; on Linux, an
 * AppImage (APPIMAGE, set by its runtime) or a package whose type electron-builder wrote beside it
 * (deb, rpm, pacman). Asked first so that a run that cannot never loads electron-updater.
 */
function canUpdateItself(): boolean {
  if (!app.isPackaged) return false;
  if (process.platform !== 'linux') return true;
  return process.env.APPIMAGE !== undefined || existsSync(join(process.resourcesPath, 'package-type'));
}

/** Starts looking for updates (soon after the start, then every 6 hours), where this run can update itself. */
export function startAppUpdates(): AppUpdates {
  const listeners = new Set<() => void>();
  let running: { updater: AppUpdater; scheduler: UpdateScheduler } | null = null;
  let stopped = false;
  const load = setTimeout(() => {
    void import('electron-updater')
      .then(({ autoUpdater }) => {
        if (stopped || !autoUpdater.isUpdaterActive()) return;
        running = { updater: autoUpdater, scheduler: followUpdater(autoUpdater) };
        running.scheduler.subscribe(() => {
          for (const listener of [...listeners]) listener();
        });
        running.scheduler.start();
      })
      // Not loadable (a broken install), or not guardable (an electron-updater whose methods
      // updateGuards.ts wraps are gone): no updates, as where none are possible.
      .catch(() => {});
  }, UPDATES_LOAD_DELAY_MS);
  if (!canUpdateItself()) clearTimeout(load);

  return {
    view: () => running?.scheduler.state(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    install: () => {
      if (running) installAndRelaunch(running.updater);
    },
    stop() {
      stopped = true;
      clearTimeout(load);
      running?.scheduler.stop();
    },
  };
}

/**
 * Installs silently where the platform asks (Windows' installer) and starts Stint again. An AppImage
 * is started by electron-updater at once, while this app still holds its single-instance lock: the
 * new one may find it held and quit. So Electron is also asked to start it once this app has
 * exited (a second start that finds the first running only shows its window).
 */
function installAndRelaunch(updater: AppUpdater): void {
  // electron-updater renames an AppImage whose name carries a version, and says so.
  let appImage = process.env.APPIMAGE;
  const renamed = (path: string) => {
    appImage = path;
  };
  updater.on('appimage-filename-updated', renamed);
  try {
    updater.quitAndInstall(true, true);
  } finally {
    updater.off('appimage-filename-updated', renamed);
  }
  if (appImage) app.relaunch({ execPath: appImage, args: [] });
}

/** Sets electron-updater up and turns its events into the state machine's (main/core/desktop/updates/). */
function followUpdater(updater: AppUpdater): UpdateScheduler {
  // The app logs nothing; what went wrong is the state's reason, in words.
  updater.logger = null;
  updater.autoDownload = true;
  updater.allowDowngrade = false;
  // Whole files only: the differential downloaders follow redirects themselves (Chromium's
  // followRedirect, any scheme), past httpsOnly's guard; Windows' web installer is not signed.
  updater.disableDifferentialDownload = true;
  updater.disableWebInstaller = true;
  httpsOnly(updater);
  if (process.platform === 'linux') requireReleaseSignature(updater, RELEASE_PUBLIC_KEY);
  // A verified download is installed at the next quit too (after the same quit path), except an
  // AppImage: electron-updater installs one at quit by running the new AppImage and waiting for it
  // to exit (APPIMAGE_EXIT_AFTER_INSTALL, which only AppImageLauncher honours), so the quit would
  // hang with the old file already gone (getpaseo/paseo#1485). There only "Restart to update" installs.
  updater.autoInstallOnAppQuit = process.env.APPIMAGE === undefined;

  const scheduler = createUpdateScheduler({
    clock: systemClock,
    // Each failure also comes as an 'error' event (reported below); the promises are only caught so
    // that none is left unhandled (the download's is its own, and would otherwise crash the app).
    check: () =>
      void updater.checkForUpdates().then(
        (result) => result?.downloadPromise?.catch(() => {}),
        () => {},
      ),
  });
  updater.on('checking-for-update', () => scheduler.report({ kind: 'checking' }));
  updater.on('update-not-available', () => scheduler.report({ kind: 'none' }));
  updater.on('update-available', (info: UpdateInfo) => scheduler.report({ kind: 'available', version: info.version }));
  updater.on('download-progress', (progress: ProgressInfo) =>
    scheduler.report({ kind: 'progress', percent: progress.percent }),
  );
  updater.on('update-downloaded', (info: UpdateInfo) =>
    scheduler.report({ kind: 'downloaded', version: info.version }),
  );
  updater.on('error', (error: Error & { code?: string }) =>
    scheduler.report({ kind: 'error', message: error.message, ...(error.code ? { code: error.code } : {}) }),
  );
  return scheduler;
}

/**
 * The app as the window and the tray see it, with the update laid over its snapshot and the
 * window's "Restart to update" answered (only once an update is ready).
 */
export function withAppUpdates(core: StintApp, updates: AppUpdates, restart: () => void): StintApp {
  // The same object until the core's snapshot or the update changed, as the app's own snapshot
  // is (accounts/appSnapshot.ts), rather than a new copy for each of the tray's ticks.
  let laid: { base: Snapshot; update: UpdateView; snapshot: Snapshot } | null = null;
  const getSnapshot = (): Snapshot => {
    const base = core.getSnapshot();
    const update = updates.view();
    if (!update) return base;
    if (laid?.base !== base || laid.update !== update) laid = { base, update, snapshot: { ...base, update } };
    return laid.snapshot;
  };
  const handlers: Handlers = {
    ...core.handlers,
    getSnapshot: async () => ok(getSnapshot()),
    restartToUpdate: async () => {
      if (updates.view()?.state !== 'ready') return fail('not_found', 'No update is ready to install.');
      restart();
      return ok(null);
    },
  };
  return {
    ...core,
    handlers,
    getSnapshot,
    subscribe(listener) {
      const tell = () => listener(getSnapshot());
      const fromCore = core.subscribe(tell);
      const fromUpdates = updates.subscribe(tell);
      return () => {
        fromCore();
        fromUpdates();
      };
    },
  };
}
