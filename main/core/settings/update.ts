// What the updateSettings call does: checks the change, registers changed shortcuts with the OS
// (shortcuts.ts, through the shell's port: the OS decides whether a shortcut is free), keeps the
// previous shortcut of any the OS refused, saves, and answers the saved settings or the first
// field the user must fix.

import { fail, ok, type Result } from '../../../common/result';
import {
  applySettingsPatch,
  displayAccelerator,
  HOTKEY_NAMES,
  type Hotkeys,
  type Settings,
  type SettingsPatch,
} from '../../../common/settings';
import type { RegistrationOutcome } from '../desktop/commands';
import type { SettingsStore } from './store';

/**
 * Makes these the registered shortcuts and says how each new one went (shortcuts.ts's `apply`, on
 * the shell's port). A shortcut the OS refuses leaves the previous one of its command registered.
 */
export type ApplyHotkeys = (hotkeys: Hotkeys) => RegistrationOutcome[];

export interface SettingsUpdater {
  store: SettingsStore;
  applyHotkeys?: ApplyHotkeys;
  /** Shortcuts are named as a Mac's keyboard names them there (Cmd, Option). */
  mac: boolean;
}

export function updateSettings({ store, applyHotkeys, mac }: SettingsUpdater, patch: SettingsPatch): Result<Settings> {
  const before = store.get();
  const checked = applySettingsPatch(before, patch, mac);
  const errors = [...checked.errors];
  const hotkeys = { ...checked.settings.hotkeys };

  const changed = HOTKEY_NAMES.some((name) => hotkeys[name] !== before.hotkeys[name]);
  if (changed && applyHotkeys) {
    const refused = applyHotkeys(hotkeys).filter(
      (o) => !o.ok && o.accelerator === hotkeys[o.name] && hotkeys[o.name] !== before.hotkeys[o.name],
    );
    for (const { name, accelerator } of refused) {
      const previous = before.hotkeys[name];
      hotkeys[name] = previous;
      const kept = previous === null ? 'kept no shortcut' : `kept ${displayAccelerator(previous, mac)}`;
      const keys = displayAccelerator(accelerator, mac);
      errors.push({
        field: `hotkeys.${name}`,
        message: `${keys} is taken by another application; ${kept}.`,
        words: {
          id: 'settings-refusals.shortcut-taken',
          values: {
            keys,
            kept: previous === null ? 'none' : 'previous',
            previous: previous === null ? '' : displayAccelerator(previous, mac),
          },
        },
      });
    }
  }

  // The store checks the patch again and leaves out what was refused above.
  const saved = store.update({ ...patch, hotkeys });
  const first = errors[0];
  if (!first) return ok(saved.settings);
  // The window says the refusal in its language (first.words); logs and `--json` keep the English.
  const refused = fail('invalid_input', first.message, first.field);
  return first.words && !refused.ok ? { ok: false, error: { ...refused.error, words: first.words } } : refused;
}
