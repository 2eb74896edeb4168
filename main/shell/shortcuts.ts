// Registers the global shortcuts of the settings, and re-registers them when they change. A
// shortcut the OS refuses (taken by another app, or none on Wayland) is reported and its
// command keeps the previous one; the others are not disturbed.

import { globalShortcut } from 'electron';
import type { CommandName, RegistrationOutcome } from '../core/commands';
import { HOTKEY_NAMES, type Hotkeys } from '../../common/settings';

export interface Shortcuts {
  /**
   * Makes these the registered shortcuts: a command whose accelerator changed gives up its old one
   * and takes the new one, or, refused, takes its old one back. Answers the outcome of each new
   * registration (core's applyHotkeys).
   */
  apply(hotkeys: Hotkeys): RegistrationOutcome[];
  unregisterAll(): void;
}

export function createShortcuts(run: (name: CommandName) => void): Shortcuts {
  const registered: Partial<Record<CommandName, string>> = {};

  const register = (name: CommandName, accelerator: string): boolean => {
    try {
      return globalShortcut.register(accelerator, () => run(name));
    } catch {
      return false; // an accelerator Electron cannot parse
    }
  };

  return {
    apply(hotkeys) {
      const changed = HOTKEY_NAMES.filter((name) => registered[name] !== (hotkeys[name] ?? undefined));
      const previous = { ...registered };
      // All given up first, so two commands can swap their shortcuts.
      for (const name of changed) {
        if (previous[name] !== undefined) globalShortcut.unregister(previous[name]);
        delete registered[name];
      }
      const outcomes: RegistrationOutcome[] = [];
      for (const name of changed) {
        const next = hotkeys[name];
        if (next === null) continue;
        const ok = register(name, next);
        outcomes.push({ name, accelerator: next, ok });
        const old = previous[name];
        if (ok) registered[name] = next;
        else if (old !== undefined && register(name, old)) registered[name] = old;
      }
      return outcomes;
    },
    unregisterAll() {
      globalShortcut.unregisterAll();
      for (const name of HOTKEY_NAMES) delete registered[name];
    },
  };
}
