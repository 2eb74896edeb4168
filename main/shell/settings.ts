// Applies the settings that belong to the OS: launch at login (a login item; on Linux an XDG
// autostart entry) and the theme of native parts (nativeTheme.themeSource: menus, dialogs, the
// window frame; the page follows the same setting itself). Applied at start and whenever they
// change in core's snapshot.

import { app, nativeTheme } from 'electron';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../../common/settings';
import { AUTOSTART_FILE, linuxAutostartEntry } from '../core/settings/autostart';
import type { StintApp } from '../core/accounts/stintApp';

export function applySystemSettings(core: StintApp): () => void {
  let applied: Pick<Settings, 'launchAtLogin' | 'theme'> | null = null;
  const apply = () => {
    const { launchAtLogin, theme } = core.getSnapshot().settings;
    if (applied?.launchAtLogin !== launchAtLogin) {
      if (process.platform === 'linux') setLinuxAutostart(launchAtLogin);
      else app.setLoginItemSettings({ openAtLogin: launchAtLogin });
    }
    if (applied?.theme !== theme) nativeTheme.themeSource = theme;
    applied = { launchAtLogin, theme };
  };
  apply();
  return core.subscribe(apply);
}

/**
 * Electron's login items do nothing on Linux (app.setLoginItemSettings is macOS and Windows only;
 * https://github.com/electron/electron/pull/42727 would add it, still open): an XDG autostart
 * entry does it there.
 */
function setLinuxAutostart(on: boolean): void {
  const dir = join(app.getPath('appData'), 'autostart');
  const file = join(dir, AUTOSTART_FILE);
  try {
    if (!on) {
      rmSync(file, { force: true });
      return;
    }
    mkdirSync(dir, { recursive: true });
    // Under an AppImage, process.execPath is inside its squashfs mount (/tmp/.mount_<random>), gone
    // once the app exits and named anew on every start; $APPIMAGE is the AppImage file itself.
    writeFileSync(file, linuxAutostartEntry(process.env.APPIMAGE ?? process.execPath));
  } catch (error) {
    console.warn(`Stint could not ${on ? 'add' : 'remove'} its autostart entry ${file}: ${(error as Error).message}`);
  }
}
