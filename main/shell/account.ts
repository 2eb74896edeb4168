// The second half of the start (app.ts draws the tray first and loads this file after it): opens
// the default account's core on the data folder app.ts has taken, then builds the window and wires
// the core to the OS and to the tray. Everything heavy (the API client, the embedded service, the
// settings file, the keychain, the request schemas) is reached from here only, so none of it is
// loaded, let alone run, before the tray is up.

import { app, type BrowserWindow, dialog, Notification, shell } from 'electron';
import { join } from 'node:path';
import { dispatch } from '../../common/dispatch';
import { openStintAppHolding, type StintApp } from '../core/accounts/app';
import { DataFolderInUseError, type DataFolderLock } from '../core/accounts/dataFolderLock';
import { startCliSocket } from '../core/cliSocket/server';
import { commandAction, describeFailedShortcuts, type CommandName } from '../core/desktop/commands';
import { toggleCommandLine } from '../core/desktop/desktopCommand';
import { isSafeExternalUrl } from '../core/desktop/externalLinks';
import { createKeychain, KeychainUnavailableError } from '../../platform/keychain';
import type { createGlobalShortcuts } from './shortcuts';
import { watchIdle } from './idle';
import { registerIpc, sendUiCommand } from './ipc';
import { showNotifications } from './notifications';
import { placeNearTray } from './placement';
import { forwardPowerEvents } from './power';
import { watchReminder } from './reminder';
import { applySystemSettings } from './settings';
import { createSettingsWindowOpener } from './settingsWindow';
import type { TrayPresenter } from './tray';
import { checkTrayHost } from './trayHost';
import { startAppUpdates, withAppUpdates } from './updater';
import { keepWasmAtBaseline } from './wasmTiering';
import { createMainWindow } from './window';

export interface AccountShellOptions {
  /** The data folder, taken by app.ts before it drew the tray; released when the app stops. */
  lock: DataFolderLock;
  tray: TrayPresenter;
  shortcuts: ReturnType<typeof createGlobalShortcuts>;
  localPort: number | undefined;
  /** dist/, where the preload, the page and the icons are. */
  dist: string;
  /** What runs on timers or subscriptions, stopped at quit after core has put its work away. */
  stops: Array<() => void>;
  quitting(): boolean;
  /** Quits as the tray's Quit does (core puts its work away first), then runs install before the app goes. */
  quitThen(install: () => void): void;
}

/** The open account as app.ts drives it: the commands, the tray's own items, and the stop. */
export interface AccountShell {
  run(name: CommandName): void;
  showWeek(): void;
  openSettings(): void;
  refreshOtherTimers(): void;
  /** "Restart to update" (the tray's item): once an update is ready, quits and installs it. */
  restartToUpdate(): void;
  close(): Promise<void>;
}

/** Opens the account and wires it; null (after saying why and exiting) when it cannot start. */
export async function openAccountShell(options: AccountShellOptions): Promise<AccountShell | null> {
  const { tray, dist, stops } = options;
  keepWasmAtBaseline(); // before the API client's first connection instantiates undici's parser
  const opened = await openDefaultAccount(options);
  if (!opened) return null;
  // Quit while the account opened (from the tray's menu): nothing more is started, only closed.
  if (options.quitting())
    return {
      run() {},
      showWeek() {},
      openSettings() {},
      refreshOtherTimers() {},
      restartToUpdate() {},
      close: () => opened.stop(),
    };
  startCommandLine(opened, stops);
  // The app's own updates, looked for now and every 6 hours; the window and the tray see them in the snapshot.
  const updates = startAppUpdates();
  stops.push(() => updates.stop());
  const restartToUpdate = () => {
    if (updates.view()?.state === 'ready') options.quitThen(() => updates.install());
  };
  const core = withAppUpdates(opened, updates, restartToUpdate);

  const paths = { preload: join(dist, 'preload/index.cjs'), html: join(dist, 'renderer/index.html') };
  const window = createMainWindow(paths);
  // Asked of the session bus beside the wiring, which must not wait on it; applied once known.
  const trayHere = { closeQuits: false };
  const trayChecked = checkTrayHost();
  hideOnClose(window, core, options.quitting, () => trayHere.closeQuits);
  const showWindow = (focusQuickEntry: boolean) => {
    placeNearTray(window, tray.tray);
    window.show();
    window.focus();
    core.notify('window-shown');
    if (focusQuickEntry) sendUiCommand(window, 'focus-quick-entry');
  };
  stops.push(...watchCore(core, window, () => showWindow(false)));
  tray.attach({
    getSnapshot: () => core.getSnapshot(),
    subscribe: (listener) => core.subscribe(listener),
    act: (action) => void dispatch(core.handlers, action.channel, action.request),
  });

  // No tray on this desktop: the window is the app's only face, shown whatever the launch asked.
  void trayChecked.then((start) => {
    if (options.quitting()) return;
    trayHere.closeQuits = start.closeQuits;
    if (start.notice) core.notify({ kind: 'tell', message: start.notice });
    if (start.showWindow) showWindow(false);
  });

  const problem = describeFailedShortcuts(core.applyShortcuts());
  if (problem && Notification.isSupported()) new Notification({ title: 'Stint', body: problem }).show();

  return {
    run(name) {
      const action = commandAction(name, core.getSnapshot().settings.startProjects);
      if (action.kind === 'show-window') showWindow(action.focus === 'quick-entry');
      else void dispatch(core.handlers, action.channel, action.request);
    },
    showWeek() {
      showWindow(false);
      sendUiCommand(window, 'show-week');
    },
    openSettings: createSettingsWindowOpener(core, paths),
    // A look at the menu is a moment to know what runs on the other accounts.
    refreshOtherTimers: () => void core.refreshOtherTimers(),
    restartToUpdate,
    close: () => core.stop(),
  };
}

/**
 * Opens the default account's core; null (after saying why and exiting) when it cannot start.
 * Where no keychain answers, the app keeps tokens in memory for this session and says so.
 */
async function openDefaultAccount(options: AccountShellOptions): Promise<StintApp | null> {
  try {
    return await openStintAppHolding(options.lock, {
      dataDir: app.getPath('userData'),
      secrets: createKeychain(),
      localPort: options.localPort,
      applyHotkeys: options.shortcuts.apply,
      shortcuts: {
        registered: options.shortcuts.registered,
        // The desktop's own shortcut Settings offers is GNOME's or KDE's: Linux only.
        toggleCommand:
          process.platform === 'linux'
            ? toggleCommandLine({
                packaged: app.isPackaged,
                execPath: process.execPath,
                appImage: process.env.APPIMAGE,
                dist: options.dist,
              })
            : null,
      },
      downloadsDir: app.getPath('downloads'),
      // The OS's languages in the user's order (macOS, Windows; LANGUAGE/LANG on Linux); STINT_LOCALE first for tests.
      systemLanguages: [
        ...(process.env.STINT_LOCALE ? [process.env.STINT_LOCALE] : []),
        ...app.getPreferredSystemLanguages(),
      ],
      // Browser sign-in: only validated http(s) addresses reach the OS.
      openExternal: async (url) => {
        if (!isSafeExternalUrl(url)) throw new Error('Stint opens only http(s) addresses.');
        await shell.openExternal(url); // checked on the line above
      },
    });
  } catch (error) {
    dialog.showErrorBox('Stint', startFailure(error));
    app.exit(1);
    return null;
  }
}

/** Why the start failed, in words: the keychain's and the data folder's problems as they are. */
function startFailure(error: unknown): string {
  return error instanceof KeychainUnavailableError || error instanceof DataFolderInUseError
    ? error.message
    : `Stint could not start its local account: ${(error as Error).message}`;
}

/** The `stint` command line's socket; without it the app still runs (the reason is logged). */
function startCommandLine(core: StintApp, stops: Array<() => void>): void {
  startCliSocket({ handlers: core.handlers, exportCsv: core.exportCsv, dataDir: app.getPath('userData') }).then(
    (cli) => stops.push(() => void cli.close()),
    (error: unknown) => console.error(`Stint's command line is unavailable: ${(error as Error).message}`),
  );
}

/** What follows the core for the window and the OS (IPC, power, idle, notifications, reminders, settings); their stops. */
function watchCore(core: StintApp, window: BrowserWindow, showWindow: () => void): Array<() => void> {
  return [
    registerIpc(core, window),
    forwardPowerEvents(core),
    watchIdle(core, showWindow),
    showNotifications(core, showWindow),
    watchReminder(core, showWindow),
    applySystemSettings(core),
  ];
}

/**
 * Closing the window hides it (a tray app keeps running), until Stint is quitting; where no tray
 * shows (`closeQuits`), closing it quits, since nothing else could bring it back.
 */
function hideOnClose(window: BrowserWindow, core: StintApp, quitting: () => boolean, closeQuits: () => boolean): void {
  window.on('close', (event) => {
    if (closeQuits() && !quitting()) {
      event.preventDefault();
      app.quit();
      return;
    }
    if (!quitting()) {
      event.preventDefault();
      window.hide();
      core.notify('window-hidden');
    }
  });
}
