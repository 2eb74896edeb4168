// The Chromium switches the app adds to its own command line, decided here whole; the shell
// (main/shell/switches.ts) only appends them, before Electron is ready. Chromium reads
// `--enable-features` once and honours only the LAST one on the command line, so every feature
// must go into a single switch, the user's own ones (`stint --enable-features=X`) merged in, or a
// second append would silently undo the first.
//
// Why these features (Electron 45, Chromium 14x):
// - Native Wayland needs no switch: since Electron 38 the ozone platform follows XDG_SESSION_TYPE
//   (ELECTRON_OZONE_PLATFORM_HINT was removed, electron/electron #48301), so on a Wayland session
//   Electron already runs as a Wayland client, where X11 key grabs do not exist.
// - GlobalShortcutsPortal: globalShortcut through xdg-desktop-portal's GlobalShortcuts on Wayland.
//   Electron 35 added it behind this flag (#45171); later Chromium turned it on by default, but
//   naming it costs nothing and keeps it on whichever Electron 4x runs us.
// - GlobalShortcutsPortalPreferredTrigger: hands the portal the accelerator we ask for (without it
//   GNOME's portal listener is not created and every register() fails); Electron turns it on by
//   default only from #52221 (July 2026), which we cannot check here: named for the same reason.

export interface ChromiumSwitch {
  name: string;
  value?: string;
}

/** The features the global shortcuts need on Linux (see above). */
export const SHORTCUT_FEATURES: readonly string[] = ['GlobalShortcutsPortal', 'GlobalShortcutsPortalPreferredTrigger'];

export interface SwitchContext {
  platform: NodeJS.Platform;
  /** The app's own command line (process.argv): features the user enabled or disabled there are kept. */
  argv: readonly string[];
}

/** Every switch the shell appends, in order; at most one `enable-features`. */
export function chromiumSwitches({ platform, argv }: SwitchContext): ChromiumSwitch[] {
  // The portals are Linux's; elsewhere the user's own command line is left as it is.
  if (platform !== 'linux') return [];
  const disabled = new Set(featuresOf(argv, 'disable-features'));
  // The user's own first, then ours, each once; a feature the user disabled stays disabled.
  const features = [...new Set([...featuresOf(argv, 'enable-features'), ...SHORTCUT_FEATURES])].filter(
    (f) => !disabled.has(f),
  );
  return features.length === 0 ? [] : [{ name: 'enable-features', value: features.join(',') }];
}

/** The features named by every `--name=A,B` on the command line, in order. */
function featuresOf(argv: readonly string[], name: string): string[] {
  const prefix = `--${name}=`;
  return argv
    .filter((arg) => arg.startsWith(prefix))
    .flatMap((arg) => arg.slice(prefix.length).split(','))
    .map((f) => f.trim())
    .filter((f) => f !== '');
}
