// The app's own updates: electron-updater against the generic feed named in electron-builder.yml's
// publish settings (electron-builder writes it into the package's app-update.yml, which
// electron-updater reads from process.resourcesPath). It downloads in the background and checks
// the file's sha512 against the feed's latest*.yml before it reports it downloaded; a version not
// newer than this one is refused (allowDowngrade false). This file only turns electron-updater's
// events into main/core/desktop/updates' events and shows its state; when to look, and what each
// step means, is decided there.
//
// The restart goes through the quit path (app.ts): core puts its work away first (the outbox
// journal closed, on disk), then the install runs and the app quits. Timers live on the service,
// so one that runs keeps running across the restart.

import { autoUpdater, type AppUpdater, type ProgressInfo, type UpdateInfo } from 'electron-updater';
import type { Handlers } from '../../common/contract';
import { fail, ok } from '../../common/result';
import type { Snapshot, UpdateView } from '../../common/snapshot';
import { systemClock } from '../core/types';
import type { StintApp } from '../core/accounts/stintApp';
import { createUpdateScheduler } from '../core/desktop/updates/scheduler';

export interface AppUpdates {
  /** The update's state; undefined where this run does not update itself (not an installed package). */
  view(): UpdateView | undefined;
  /** Calls back on every change of the state; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Installs the downloaded, verified update and relaunches; call only once core has closed (app.ts's quit path). */
  install(): void;
  stop(): void;
}

/** Starts looking for updates (now, then every 6 hours), where this run can update itself. */
export function startAppUpdates(updater: AppUpdater = autoUpdater): AppUpdates {
  // An unpackaged run (npm start) and a Linux package the updater cannot replace have no updates.
  if (!updater.isUpdaterActive()) return { view: () => undefined, subscribe: () => () => {}, install() {}, stop() {} };
  // The app logs nothing; what went wrong is the state's reason, in words.
  updater.logger = null;
  updater.autoDownload = true;
  updater.allowDowngrade = false;
  // A verified download is installed at the next quit too, through the same quit path.
  updater.autoInstallOnAppQuit = true;

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
  scheduler.start();

  return {
    view: () => scheduler.state(),
    subscribe: (listener) => scheduler.subscribe(listener),
    // Silent where the platform asks (Windows' installer), and Stint started again afterwards.
    install: () => updater.quitAndInstall(true, true),
    stop: () => scheduler.stop(),
  };
}

/**
 * The app as the window and the tray see it, with the update laid over its snapshot and the
 * window's "Restart to update" answered (only once an update is ready).
 */
export function withAppUpdates(core: StintApp, updates: AppUpdates, restart: () => void): StintApp {
  const getSnapshot = (): Snapshot => {
    const update = updates.view();
    return update ? { ...core.getSnapshot(), update } : core.getSnapshot();
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
