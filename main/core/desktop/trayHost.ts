// What Stint does at start where no tray can show (GNOME without the AppIndicator extension: no
// StatusNotifier host on the session bus, solidtime-desktop #64, Hamster #243). The tray icon would
// be silently missing, with the window closed and no way to reach or quit the app; instead the
// window shows at start, closing it quits (nothing else could bring it back but launching again),
// and the user is told once how to get the tray and where its actions are meanwhile.

export interface TrayStart {
  /** Show the window whatever the launch's own command (`stint --toggle` would leave nothing visible). */
  showWindow: boolean;
  /** Closing the window quits Stint instead of hiding it. */
  closeQuits: boolean;
  /** Said once, in the window's notices; null where the tray shows. */
  notice: string | null;
}

export const NO_TRAY_NOTICE =
  'No tray here: this desktop shows no tray icons (GNOME needs the “AppIndicator and KStatusNotifierItem Support” extension, package gnome-shell-extension-appindicator; then restart Stint). Meanwhile everything the tray does is in this window and the command line (stint start, pause, toggle, log, status), and closing the window quits Stint.';

/**
 * `hostRegistered`: the session bus's org.kde.StatusNotifierWatcher says a host is registered;
 * false when it says none is; null when no watcher answers (no host either).
 */
export function trayStart(platform: string, hostRegistered: boolean | null): TrayStart {
  // macOS and Windows always have their menu bar and notification area.
  if (platform !== 'linux' || hostRegistered === true) return { showWindow: false, closeQuits: false, notice: null };
  return { showWindow: true, closeQuits: true, notice: NO_TRAY_NOTICE };
}
