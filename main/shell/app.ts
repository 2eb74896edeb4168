// Electron start-up: builds the pieces and wires them. Every decision is made in main/core; this
// file only applies them to Electron's objects.
//
// The start comes in two halves so the tray is up at once: this file takes the data folder and
// draws the tray (it says Stint is starting), then loads account.ts, which opens the account (the
// embedded service, the keychain, the database: most of the start's work and memory), builds the
// window and hands the tray the core. Only light modules are imported here; account.ts and what it
// reaches are loaded by the dynamic import below, after the tray is drawn.

import { app, dialog } from 'electron';
import { join } from 'node:path';
import { DataFolderInUseError, lockDataFolder, type DataFolderLock } from '../core/accounts/dataFolderLock';
import { commandFromArgv, createCommandQueue, localPortFromArgv, type CommandName } from '../core/desktop/commands';
import type { AccountShell } from './account';
import { createGlobalShortcuts } from './shortcuts';
import { appendChromiumSwitches } from './switches';
import { createTrayPresenter, type TrayPresenter } from './tray';
import { denyAllPermissions } from './window';
import { keepYoungGenerationSmall } from './youngGeneration';

const dist = join(__dirname, '..');

export function startApp(): void {
  // Before anything else: Chromium reads its switches (the Wayland shortcut portal) only before ready.
  appendChromiumSwitches();
  // One running Stint: a second launch hands its arguments (--toggle, --quick-entry, --show) over.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  // The open account (account.ts): null until it is open.
  let account: AccountShell | null = null;
  let opening: Promise<AccountShell | null> | null = null;
  const run = (name: CommandName) => account?.run(name);
  const shortcuts = createGlobalShortcuts(run);
  const localPort = localPortFromArgv(process.argv);

  // This launch's own command and any later launch's (and the tray's, while Stint starts) wait
  // until the window and the account exist; a launch without one shows the window.
  const commands = createCommandQueue(run);
  commands.accept(commandFromArgv(process.argv) ?? 'showWindow');
  app.on('second-instance', (_event, argv) => commands.accept(commandFromArgv(argv) ?? 'showWindow'));

  // A tray app keeps running with its window closed.
  app.on('window-all-closed', () => {});

  const stops: Array<() => void> = [];
  let quitting = false;
  // What runs once the account is closed at quit, before the app goes: an update's install.
  let afterClose = (): void => {};
  // "Restart to update": the quit path below (core puts its work away first), then the install.
  const quitThen = (install: () => void) => {
    afterClose = install;
    app.quit();
  };
  app.whenReady().then(async () => {
    denyAllPermissions();
    const lock = await takeDataFolder();
    if (!lock) return;
    const tray = createAppTray(commands, () => account);
    stops.push(() => tray.destroy());
    opening = openAfterTray(lock, tray);
    account = await opening;
    if (account && !quitting) commands.open();
  });

  const openAfterTray = async (lock: DataFolderLock, tray: TrayPresenter): Promise<AccountShell | null> => {
    // The main thread back to the event loop once, where Electron hands the tray to the desktop,
    // before the account's half is loaded and run.
    await new Promise((resolve) => setImmediate(resolve));
    if (quitting) {
      await lock.release();
      return null;
    }
    keepYoungGenerationSmall(); // before the account's burst of loading and building
    const { openAccountShell } = await import('./account');
    return openAccountShell({ lock, tray, shortcuts, localPort, dist, stops, quitting: () => quitting, quitThen });
  };

  app.on('will-quit', () => {
    for (const stop of stops.splice(0)) stop();
  });

  app.on('before-quit', (event) => {
    if (quitting || !opening) return;
    // Let core put away what it holds (the outbox is already on disk) before we go; a quit while
    // the account is still opening waits for it to open, then closes it.
    event.preventDefault();
    quitting = true;
    shortcuts.unregisterAll();
    void opening
      .then((opened) => opened?.close())
      .finally(() => {
        try {
          afterClose();
        } finally {
          app.quit();
        }
      });
  });
}

/**
 * Takes the data folder before anything is shown, so a second Stint on it is refused in words
 * without a tray; null (after saying why and exiting) when it cannot be had. requestSingleInstanceLock
 * only keeps out another Electron of this app's name, not the web host on the same folder.
 */
async function takeDataFolder(): Promise<DataFolderLock | null> {
  try {
    return await lockDataFolder(app.getPath('userData'));
  } catch (error) {
    // Another Stint on this folder (the web host, or an Electron of another name): said as is.
    const message =
      error instanceof DataFolderInUseError
        ? error.message
        : `Stint could not start its local account: ${(error as Error).message}`;
    dialog.showErrorBox('Stint', message);
    app.exit(1);
    return null;
  }
}

/** The tray icon and its menu: drawn now, shown the account's state once account.ts attaches it. */
function createAppTray(
  commands: ReturnType<typeof createCommandQueue>,
  account: () => AccountShell | null,
): TrayPresenter {
  return createTrayPresenter({
    iconsDir: join(dist, 'assets'),
    platform: process.platform,
    // The window's items go through the command queue: held while the account opens.
    onOpenWindow: () => commands.accept('showWindow'),
    onQuickEntry: () => commands.accept('quickEntry'),
    onOpenWeek: () => account()?.showWeek(),
    onOpenSettings: () => account()?.openSettings(),
    onRestartToUpdate: () => account()?.restartToUpdate(),
    onQuit: () => app.quit(),
    onMenuOpened: () => account()?.refreshOtherTimers(),
  });
}
