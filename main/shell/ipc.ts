// Carries the contract over Electron IPC. Every call is checked for its sender (our window's
// main frame only) and validated by common/dispatch before a handler sees it; snapshots are
// pushed to the window on one channel, and held back until the page has loaded.

import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { channels, ipcChannel, SNAPSHOT_CHANNEL, UI_COMMAND_CHANNEL, type UiCommand } from '../../common/channels';
import { dispatch } from '../../common/dispatch';
import { fail } from '../../common/result';
import type { StintApp } from '../core/accounts/stintApp';

/** Our other windows whose main frame may call too (the settings window), while they are open. */
const otherWindows = new Set<BrowserWindow>();

/** Lets this window's main frame call the contract until it is closed. */
export function allowIpcFrom(window: BrowserWindow): void {
  otherWindows.add(window);
  window.on('closed', () => otherWindows.delete(window));
}

export function registerIpc(core: StintApp, window: BrowserWindow): () => void {
  const from = (event: IpcMainInvokeEvent, w: BrowserWindow) =>
    !w.isDestroyed() && event.sender === w.webContents && event.senderFrame === w.webContents.mainFrame;
  const fromOurWindow = (event: IpcMainInvokeEvent) =>
    from(event, window) || [...otherWindows].some((w) => from(event, w));

  for (const channel of channels) {
    ipcMain.handle(ipcChannel(channel), (event, argument: unknown) =>
      fromOurWindow(event) ? dispatch(core.handlers, channel, argument) : fail('forbidden', 'Unknown sender'),
    );
  }

  const unsubscribe = pushSnapshots(core, window);

  return () => {
    unsubscribe();
    for (const channel of channels) ipcMain.removeHandler(ipcChannel(channel));
  };
}

/**
 * Pushes every snapshot to the window's page once it has loaded (a page still loading has no
 * listener yet: it gets the snapshot when it finishes). Answers the unsubscribe function.
 */
export function pushSnapshots(core: Pick<StintApp, 'getSnapshot' | 'subscribe'>, window: BrowserWindow): () => void {
  const push = () => {
    if (!window.isDestroyed() && !window.webContents.isLoading())
      window.webContents.send(SNAPSHOT_CHANNEL, core.getSnapshot());
  };
  window.webContents.on('did-finish-load', push);
  return core.subscribe(push);
}

/** Asks the page to do something only it can (focus the quick-entry box). */
export function sendUiCommand(window: BrowserWindow, command: UiCommand): void {
  window.webContents.send(UI_COMMAND_CHANNEL, command);
}
