// Registers the global shortcuts; a shortcut that fails (taken by another app, or not available
// on Wayland) is reported, and the others stay.

import { globalShortcut } from 'electron';
import type { CommandName, RegistrationOutcome } from '../core/commands';

export function registerShortcuts(hotkeys: Readonly<Record<CommandName, string>>, run: (name: CommandName) => void): RegistrationOutcome[] {
  return (Object.entries(hotkeys) as Array<[CommandName, string]>).map(([name, accelerator]) => {
    let ok = false;
    try {
      ok = globalShortcut.register(accelerator, () => run(name));
    } catch {
      ok = false; // an accelerator Electron cannot parse
    }
    return { name, accelerator, ok };
  });
}

export function unregisterShortcuts(): void {
  globalShortcut.unregisterAll();
}
