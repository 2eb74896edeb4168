// The OS side of global shortcuts: Electron's globalShortcut as core's port. Which shortcuts end up
// registered, and what a refused one keeps, is decided in core/settings/shortcuts.ts.

import { globalShortcut } from 'electron';
import type { CommandName } from '../core/desktop/commands';
import { createShortcuts, type Shortcuts } from '../core/settings/shortcuts';

export function createGlobalShortcuts(run: (name: CommandName) => void): Shortcuts {
  return createShortcuts({
    // Throws for an accelerator Electron cannot parse; core counts that as a refusal.
    register: (accelerator, name) => globalShortcut.register(accelerator, () => run(name)),
    unregister: (accelerator) => globalShortcut.unregister(accelerator),
  });
}
