// Where the app keeps its data on each platform, for the web host (its default folder) and the
// command line (which looks for a running app there). Electron's own userData is Electron's to
// name: appData plus the app's name, "Stint" once packaged (electron-builder's productName) and
// "stint" when run from this repository (package.json's name).

import { homedir } from 'node:os';
import { join } from 'node:path';

/** What Electron calls appData: the platform's folder for applications' data. */
export function appDataDir(platform: NodeJS.Platform = process.platform, env = process.env): string {
  const home = homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Application Support');
  if (platform === 'win32') return env.APPDATA ?? join(home, 'AppData', 'Roaming');
  return env.XDG_CONFIG_HOME ?? join(home, '.config');
}

/** The web host's default folder: not the desktop app's own, since both running at once would share one database. */
export function webHostDataDir(): string {
  return join(appDataDir(), 'Stint', 'web-host');
}

/** The desktop app's userData folders, packaged first, then as run from the repository (the same folder where names ignore case). */
export function desktopDataDirs(): string[] {
  const base = appDataDir();
  const dirs = [join(base, 'Stint'), join(base, 'stint')];
  return process.platform === 'linux' ? dirs : dirs.slice(0, 1);
}
