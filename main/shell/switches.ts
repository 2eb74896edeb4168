// Appends the Chromium switches core decides (core/desktop/chromiumSwitches.ts) to this process's
// command line. Electron reads them only before it is ready, so app.ts calls this first of all.

import { app } from 'electron';
import { chromiumSwitches } from '../core/desktop/chromiumSwitches';

export function appendChromiumSwitches(): void {
  for (const { name, value } of chromiumSwitches({ platform: process.platform, argv: process.argv })) {
    if (value === undefined) app.commandLine.appendSwitch(name);
    else app.commandLine.appendSwitch(name, value);
  }
}
