// Applies the settings that belong to the OS: launch at login and the theme of native parts
// (nativeTheme.themeSource: menus, dialogs, the window frame; the page follows the same setting
// itself). Applied at start and whenever they change in core's snapshot.

import { app, nativeTheme } from 'electron';
import type { Settings } from '../../common/settings';
import type { Core } from '../core/types';

export function applySystemSettings(core: Core): () => void {
  let applied: Pick<Settings, 'launchAtLogin' | 'theme'> | null = null;
  const apply = () => {
    const { launchAtLogin, theme } = core.getSnapshot().settings;
    if (applied?.launchAtLogin !== launchAtLogin) {
      // Linux has no login items in Electron; the setting is kept but nothing happens there.
      if (process.platform !== 'linux') app.setLoginItemSettings({ openAtLogin: launchAtLogin });
    }
    if (applied?.theme !== theme) nativeTheme.themeSource = theme;
    applied = { launchAtLogin, theme };
  };
  apply();
  return core.subscribe(apply);
}
