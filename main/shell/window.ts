// The one app window, locked down: isolated, sandboxed, no Node, no navigation, no new windows,
// no webviews, no permissions. It is shown from the tray and hidden (not closed) by its close box.

import { BrowserWindow, session, shell } from 'electron';
import { isSafeExternalUrl } from '../core/desktop/externalLinks';

export interface WindowPaths {
  preload: string;
  html: string;
  /** The page's route: 'settings' opens the settings view (main/shell/settingsWindow.ts). */
  hash?: string;
  title?: string;
}

export function createMainWindow(paths: WindowPaths): BrowserWindow {
  const window = new BrowserWindow({
    width: 420,
    height: 640,
    show: false,
    title: paths.title ?? 'Stint',
    webPreferences: {
      preload: paths.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      spellcheck: false,
      // A middle click (auxclick) on a link would ask for a new window
      // (https://github.com/electron/electron/issues/10315); none is ever wanted. The window open
      // handler below denies it too (called for middle clicks since electron/electron#28498).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  const contents = window.webContents;
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Links open in the system browser, and only http(s) ones, checked here in main.
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  void window.loadFile(paths.html, paths.hash ? { hash: paths.hash } : undefined);
  return window;
}

/** Refuses every permission request (camera, notifications from the page, geolocation...). */
export function denyAllPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}
