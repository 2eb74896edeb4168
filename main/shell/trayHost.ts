// Whether the tray can show here (main/core/desktop/trayHost.ts decides what to do where it cannot):
// on Linux, asked of the session bus's StatusNotifierWatcher (main/desktopBus/trayHost.ts).

import { trayStart, type TrayStart } from '../core/desktop/trayHost';
import { openBus } from '../desktopBus/bus';
import { statusNotifierHostRegistered } from '../desktopBus/trayHost';

export async function checkTrayHost(): Promise<TrayStart> {
  if (process.platform !== 'linux') return trayStart(process.platform, null);
  const bus = openBus('session');
  try {
    return trayStart('linux', await statusNotifierHostRegistered(bus));
  } finally {
    bus.close();
  }
}
