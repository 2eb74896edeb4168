// Whether a StatusNotifier host (the panel that draws tray icons on Linux: KDE's, GNOME's
// AppIndicator extension, waybar...) is there to show Stint's tray icon: asked of the session
// bus's StatusNotifierWatcher, where Electron registers its icon.

import type { DesktopBus } from './bus';

/** True or false as the watcher says; null when no watcher answers (then no host can be either). */
export async function statusNotifierHostRegistered(bus: DesktopBus): Promise<boolean | null> {
  const registered = await bus.property(
    {
      destination: 'org.kde.StatusNotifierWatcher',
      path: '/StatusNotifierWatcher',
      interface: 'org.kde.StatusNotifierWatcher',
    },
    'IsStatusNotifierHostRegistered',
  );
  return typeof registered === 'boolean' ? registered : null;
}
