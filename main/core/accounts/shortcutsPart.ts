// The global shortcuts' part of the app's snapshot: which shortcuts set in Settings the OS did not
// register (from the shell's registry), and the command line a desktop's own shortcut can run
// instead. Settings are the app's, whichever account is open, so this is laid over every core's.

import type { ShortcutsView } from '../../../common/snapshot';
import { refusedShortcuts, type RegisteredShortcuts } from '../settings/shortcuts';
import type { RegistrationOutcome } from '../desktop/commands';
import type { SettingsStore } from '../settings/store';
import type { ApplyHotkeys } from '../settings/update';

/** What the shell tells the app about global shortcuts (the web host has none). */
export interface AppShortcuts {
  /** What the OS holds now (settings/shortcuts.ts's registry). */
  registered(): RegisteredShortcuts;
  /** The command that starts or pauses the timer from outside (core/desktop/desktopCommand.ts); null where Settings offers none (off Linux). */
  toggleCommand: string[] | null;
}

export function shortcutsPart(settings: SettingsStore, shortcuts: AppShortcuts | undefined): ShortcutsView {
  if (!shortcuts) return { refused: [], toggleCommand: null };
  return {
    refused: refusedShortcuts(settings.get().hotkeys, shortcuts.registered()),
    toggleCommand: shortcuts.toggleCommand && [...shortcuts.toggleCommand],
  };
}

/**
 * The shell's first registration, once the app is open: the settings' shortcuts given to the OS,
 * then the snapshot made again, so that Settings says at once what the OS refused.
 */
export function applyAppShortcuts(
  settings: SettingsStore,
  applyHotkeys: ApplyHotkeys | undefined,
  publish: () => void,
): RegistrationOutcome[] {
  const outcomes = applyHotkeys?.(settings.get().hotkeys) ?? [];
  publish();
  return outcomes;
}
