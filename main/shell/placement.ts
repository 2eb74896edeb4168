// Puts the main window near the tray icon, or centred on the display under the cursor where the
// OS gives no tray position (Linux: Tray.getBounds() answers all zeros there,
// https://github.com/electron/electron/issues/15003). The decision is core's
// (windowPlacement.ts); this only reads Electron's screen geometry and moves the window.

import { screen, type BrowserWindow, type Tray } from 'electron';
import { windowPosition } from '../core/desktop/windowPlacement';

export function placeNearTray(window: BrowserWindow, tray: Tray | null | undefined): void {
  // Only a window about to appear moves; one already on screen stays where the user has it.
  if (window.isVisible()) return;
  const [width = 0, height = 0] = window.getSize();
  const platform = process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux';
  const { x, y } = windowPosition({
    tray: tray && !tray.isDestroyed() ? tray.getBounds() : null,
    displays: screen.getAllDisplays().map(({ bounds, workArea }) => ({ bounds, workArea })),
    cursor: screen.getCursorScreenPoint(),
    window: { width, height },
    platform,
  });
  window.setPosition(x, y);
}
