// Which global shortcuts end up registered, decided here; the OS is a port the shell fills with
// Electron's globalShortcut. A command whose shortcut changed gives up its old one and takes the
// new one; refused by the OS (taken by another app, an accelerator it cannot parse, none at all on
// Wayland), it takes its old one back and the refusal is reported. Commands whose shortcut did not
// change are not touched. A shortcut turned off is given up.

import { HOTKEY_NAMES, type Hotkeys } from '../../../common/settings';
import type { CommandName, RegistrationOutcome } from '../desktop/commands';

/** The OS's shortcut registry. */
export interface ShortcutPort {
  /** Binds the accelerator to the command; false, or a throw, when the OS refuses it. */
  register(accelerator: string, name: CommandName): boolean;
  unregister(accelerator: string): void;
}

/** The accelerator each command holds in the OS now; a command without one is absent. */
export type RegisteredShortcuts = Partial<Record<CommandName, string>>;

export interface ShortcutChange {
  registered: RegisteredShortcuts;
  /** One per new registration asked for, in the order of HOTKEY_NAMES. */
  outcomes: RegistrationOutcome[];
}

/** Makes `wanted` the registered shortcuts, as far as the OS allows, starting from `current`. */
export function applyShortcuts(current: RegisteredShortcuts, wanted: Hotkeys, port: ShortcutPort): ShortcutChange {
  const register = (accelerator: string, name: CommandName): boolean => {
    try {
      return port.register(accelerator, name);
    } catch {
      return false;
    }
  };
  const changed = HOTKEY_NAMES.filter((name) => current[name] !== (wanted[name] ?? undefined));
  const registered: RegisteredShortcuts = { ...current };
  // All given up first, so two commands can swap their shortcuts in one change.
  for (const name of changed) {
    const old = current[name];
    if (old !== undefined) port.unregister(old);
    delete registered[name];
  }
  const outcomes: RegistrationOutcome[] = [];
  for (const name of changed) {
    const next = wanted[name];
    if (next === null) continue;
    const ok = register(next, name);
    outcomes.push({ name, accelerator: next, ok });
    const old = current[name];
    if (ok) registered[name] = next;
    else if (old !== undefined && register(old, name)) registered[name] = old;
  }
  return { registered, outcomes };
}

/**
 * The shortcuts set in Settings that the OS does not hold, in the settings' order: what Settings
 * says it could not register (and offers the desktop's own shortcut for).
 */
export function refusedShortcuts(
  wanted: Hotkeys,
  registered: RegisteredShortcuts,
): Array<{ name: CommandName; accelerator: string }> {
  return HOTKEY_NAMES.flatMap((name) => {
    const accelerator = wanted[name];
    return accelerator !== null && registered[name] !== accelerator ? [{ name, accelerator }] : [];
  });
}

export interface Shortcuts {
  /** applyShortcuts from what is registered now: core's applyHotkeys. */
  apply(hotkeys: Hotkeys): RegistrationOutcome[];
  registered(): RegisteredShortcuts;
  /** Gives every shortcut up (the app is quitting). */
  unregisterAll(): void;
}

/** Keeps what is registered between changes, for the shell to hand its port to once. */
export function createShortcuts(port: ShortcutPort): Shortcuts {
  let registered: RegisteredShortcuts = {};
  return {
    apply(hotkeys) {
      const change = applyShortcuts(registered, hotkeys, port);
      registered = change.registered;
      return change.outcomes;
    },
    registered: () => ({ ...registered }),
    unregisterAll() {
      for (const name of HOTKEY_NAMES) {
        const accelerator = registered[name];
        if (accelerator !== undefined) port.unregister(accelerator);
      }
      registered = {};
    },
  };
}
