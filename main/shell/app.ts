// Electron start-up: builds the pieces and wires them. Every decision is made in main/core; this
// file only applies them to Electron's objects.

import { app, type BrowserWindow, dialog, Notification, shell } from 'electron';
import { join } from 'node:path';
import {
  commandAction,
  commandFromArgv,
  createCommandQueue,
  describeFailedShortcuts,
  localPortFromArgv,
  type CommandName,
} from '../core/desktop/commands';
import { openStintApp, type StintApp } from '../core/accounts/app';
import { startCliSocket } from '../core/cliSocket/server';
import { DataFolderInUseError } from '../core/accounts/dataFolderLock';
import { isSafeExternalUrl } from '../core/desktop/externalLinks';
import { createKeychain, KeychainUnavailableError } from '../core/embedded/keychain';
import { dispatch } from '../../common/dispatch';
import { registerIpc, sendUiCommand } from './ipc';
import { showNotifications } from './notifications';
import { watchIdle } from './idle';
import { watchReminder } from './reminder';
import { forwardPowerEvents } from './power';
import { applySystemSettings } from './settings';
import { createSettingsWindowOpener } from './settingsWindow';
import { createGlobalShortcuts } from './shortcuts';
import { createTrayPresenter } from './tray';
import { placeNearTray } from './placement';
import { createMainWindow, denyAllPermissions } from './window';

const dist = join(__dirname, '..');

export function startApp(): void {
  // One running Stint: a second launch hands its arguments (--toggle, --quick-entry, --show) over.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  // The app layer (core/accounts/app.ts): the default account's core, swapped when it changes.
  let account: { core: StintApp; close(): Promise<void> } | null = null;
  let window: BrowserWindow | null = null;
  let tray: ReturnType<typeof createTrayPresenter> | null = null;

  const showWindow = (focusQuickEntry: boolean) => {
    if (!window) return;
    placeNearTray(window, tray?.tray);
    window.show();
    window.focus();
    account?.core.notify('window-shown');
    if (focusQuickEntry) sendUiCommand(window, 'focus-quick-entry');
  };

  const run = (name: CommandName) => {
    const action = commandAction(name);
    if (action.kind === 'show-window') showWindow(action.focus === 'quick-entry');
    else if (account) void dispatch(account.core.handlers, action.channel, action.request);
  };

  const shortcuts = createGlobalShortcuts(run);
  const localPort = localPortFromArgv(process.argv);

  // This launch's own command and any later launch's wait until the window and the account exist;
  // a launch without one shows the window.
  const commands = createCommandQueue(run);
  commands.accept(commandFromArgv(process.argv) ?? 'showWindow');
  app.on('second-instance', (_event, argv) => commands.accept(commandFromArgv(argv) ?? 'showWindow'));

  // A tray app keeps running with its window closed.
  app.on('window-all-closed', () => {});

  app.whenReady().then(async () => {
    denyAllPermissions();
    const stint = await openDefaultAccount(shortcuts.apply, localPort);
    if (!stint) return;
    account = { core: stint, close: () => stint.stop() };
    const core = account.core;
    startCommandLine(core, stops);

    window = createMainWindow({ preload: join(dist, 'preload/index.cjs'), html: join(dist, 'renderer/index.html') });
    hideOnClose(window, core, () => quitting);
    // What runs on timers or subscriptions is stopped at quit, after core has put its work away.
    stops.push(...watchCore(core, window, () => showWindow(false)));

    tray = createAppTray(core, showWindow, () => {
      showWindow(false);
      if (window) sendUiCommand(window, 'show-week');
    });
    stops.push(() => tray?.destroy());

    const problem = describeFailedShortcuts(shortcuts.apply(core.getSnapshot().settings.hotkeys));
    if (problem && Notification.isSupported()) new Notification({ title: 'Stint', body: problem }).show();

    commands.open();
  });

  const stops: Array<() => void> = [];
  app.on('will-quit', () => {
    for (const stop of stops.splice(0)) stop();
  });

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting || !account) return;
    // Let core put away what it holds (the outbox is already on disk) before we go.
    event.preventDefault();
    quitting = true;
    shortcuts.unregisterAll();
    void account.close().finally(() => app.quit());
  });
}

/**
 * Opens the default account's core; null (after saying why and exiting) when it cannot start.
 * Where no keychain answers, the app keeps tokens in memory for this session and says so.
 * The data folder is taken first, inside openStintApp: requestSingleInstanceLock only keeps out
 * another Electron of this app's name, not the web host on the same folder.
 */
async function openDefaultAccount(
  applyHotkeys: ReturnType<typeof createGlobalShortcuts>['apply'],
  localPort: ReturnType<typeof localPortFromArgv>,
): Promise<StintApp | null> {
  try {
    return await openStintApp({
      dataDir: app.getPath('userData'),
      secrets: createKeychain(),
      localPort,
      applyHotkeys,
      downloadsDir: app.getPath('downloads'),
      // Browser sign-in: only validated http(s) addresses reach the OS.
      openExternal: async (url) => {
        if (!isSafeExternalUrl(url)) throw new Error('Stint opens only http(s) addresses.');
        await shell.openExternal(url); // checked on the line above
      },
    });
  } catch (error) {
    // Another Stint on this folder (the web host, or an Electron of another name): said as is.
    const message =
      error instanceof KeychainUnavailableError || error instanceof DataFolderInUseError
        ? error.message
        : `Stint could not start its local account: ${(error as Error).message}`;
    dialog.showErrorBox('Stint', message);
    app.exit(1);
    return null;
  }
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

/** The tray icon and its menu. */
function createAppTray(core: StintApp, showWindow: (focusQuickEntry: boolean) => void, showWeek: () => void) {
  const openSettings = createSettingsWindowOpener(core, {
    preload: join(dist, 'preload/index.cjs'),
    html: join(dist, 'renderer/index.html'),
  });
  return createTrayPresenter({
    core,
    iconsDir: join(dist, 'assets'),
    platform: process.platform,
    onOpenWindow: () => showWindow(false),
    onQuickEntry: () => showWindow(true),
    onOpenWeek: showWeek,
    onOpenSettings: openSettings,
    onQuit: () => app.quit(),
    // A look at the menu is a moment to know what runs on the other accounts.
    onMenuOpened: () => void core.refreshOtherTimers(),
  });
}

/** Closing the window hides it (a tray app keeps running), until Stint is quitting. */
function hideOnClose(window: BrowserWindow, core: StintApp, quitting: () => boolean): void {
  window.on('close', (event) => {
    if (!quitting()) {
      event.preventDefault();
      window.hide();
      core.notify('window-hidden');
    }
  });
}
