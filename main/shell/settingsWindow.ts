// The settings window: the same page and the same lock-down as the main window (window.ts), opened
// on its #settings route. One at a time: asked again, the open one comes to the front. Closing it
// closes it (unlike the main window, nothing in it needs to stay).

import type { BrowserWindow } from 'electron';
import type { StintApp } from '../core/accounts/stintApp';
import { allowIpcFrom, pushSnapshots } from './ipc';
import { createMainWindow, type WindowPaths } from './window';

export function createSettingsWindowOpener(core: StintApp, paths: Omit<WindowPaths, 'hash' | 'title'>): () => void {
  let open: BrowserWindow | null = null;
  return () => {
    if (open && !open.isDestroyed()) {
      open.show();
      open.focus();
      return;
    }
    const window = createMainWindow({ ...paths, hash: 'settings', title: 'Stint Settings' });
    open = window;
    allowIpcFrom(window);
    // Its page gets every snapshot too, once it has loaded.
    const unsubscribe = pushSnapshots(core, window);
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      unsubscribe();
      if (open === window) open = null;
    });
  };
}
