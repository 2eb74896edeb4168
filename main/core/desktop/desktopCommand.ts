// The command line a desktop's own shortcut runs to start or pause the timer, where Stint cannot
// register a global shortcut (Settings › Shortcuts offers it, common/desktopShortcuts.ts writes
// it into GNOME's or KDE's settings). It must work when typed by the desktop, with no terminal.

import { join } from 'node:path';

export interface LaunchContext {
  /** Electron's app.isPackaged: an installed Stint, not one run from a checkout. */
  packaged: boolean;
  /** The running program (Electron's process.execPath). */
  execPath: string;
  /** An AppImage's own file ($APPIMAGE): its execPath is a mount that changes at every start. */
  appImage: string | undefined;
  /** dist/, where the `stint` command line (cli/stint.cjs) is built. */
  dist: string;
}

/**
 * Installed: the app itself with --toggle (the deb links it as /usr/bin/stint), which hands the
 * command to the running Stint or starts it (its app.asar holds the command line, which no Node
 * outside can run). From a checkout: the `stint toggle` command line on Node, as `npm run stint`.
 */
export function toggleCommandLine(context: LaunchContext): string[] {
  if (context.packaged) return [context.appImage || context.execPath, '--toggle'];
  return ['node', join(context.dist, 'cli', 'stint.cjs'), 'toggle'];
}
