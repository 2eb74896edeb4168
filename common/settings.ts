// The user's settings and the rules they must meet, shared by main (which stores and applies them)
// and the renderer (which checks a field as it is typed). No Node, no Electron: the renderer
// imports this.

import { checkAccelerator, sameAccelerator } from './accelerators';

export {
  acceleratorFromKeyPress,
  checkAccelerator,
  displayAccelerator,
  sameAccelerator,
  type AcceleratorCheck,
  type KeyPress,
} from './accelerators';

export type HotkeyName = 'toggleTimer' | 'quickEntry' | 'showWindow';
export const HOTKEY_NAMES: readonly HotkeyName[] = ['toggleTimer', 'quickEntry', 'showWindow'];

/** An Electron accelerator per command; null: no shortcut. */
export type Hotkeys = Record<HotkeyName, string | null>;

export type Theme = 'system' | 'light' | 'dark';
export const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

export interface Settings {
  hotkeys: Hotkeys;
  /** Minutes without input after which a running timer asks what to do with the time; null: never. */
  idleThresholdMinutes: number | null;
  launchAtLogin: boolean;
  theme: Theme;
}

/** A change of some settings; hotkeys may name only the ones that change. */
export interface SettingsPatch {
  hotkeys?: Partial<Hotkeys>;
  idleThresholdMinutes?: number | null;
  launchAtLogin?: boolean;
  theme?: Theme;
}

export const DEFAULT_HOTKEYS: Readonly<Record<HotkeyName, string>> = {
  toggleTimer: 'CommandOrControl+Alt+T',
  quickEntry: 'CommandOrControl+Alt+E',
  showWindow: 'CommandOrControl+Alt+S',
};

export const IDLE_MINUTES = { min: 1, max: 240, default: 10 } as const;

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  hotkeys: { ...DEFAULT_HOTKEYS },
  idleThresholdMinutes: IDLE_MINUTES.default,
  launchAtLogin: false,
  theme: 'system',
};

/** The words the window uses for each command. */
export const HOTKEY_LABELS: Readonly<Record<HotkeyName, string>> = {
  toggleTimer: 'Start or pause the last timer',
  quickEntry: 'Quick entry',
  showWindow: 'Show the window',
};

/** Which input an error is about, as `ActionError.field` names it: 'hotkeys.quickEntry', 'theme'. */
export type SettingsField = `hotkeys.${HotkeyName}` | Exclude<keyof Settings, 'hotkeys'>;

export interface FieldError {
  field: SettingsField;
  message: string;
}

// --- Checking a change ---------------------------------------------------------------------------

export function checkIdleMinutes(value: number | null): string | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < IDLE_MINUTES.min || value > IDLE_MINUTES.max) {
    return `Enter whole minutes from ${IDLE_MINUTES.min} to ${IDLE_MINUTES.max}, or turn idle detection off.`;
  }
  return null;
}

/**
 * The settings a patch makes of `current`: every valid field applied, every invalid one left as it
 * was and named in `errors` with a sentence for the user. Two commands may not share a shortcut:
 * `mac` says which keys Electron's names mean here (sameAccelerator); without it only spellings
 * of the same keys on every platform are caught.
 */
export function applySettingsPatch(
  current: Settings,
  patch: SettingsPatch,
  mac?: boolean,
): { settings: Settings; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const next: Settings = { ...current, hotkeys: { ...current.hotkeys } };

  const changed: HotkeyName[] = [];
  for (const name of HOTKEY_NAMES) {
    const typed = patch.hotkeys?.[name];
    if (typed === undefined) continue;
    if (typed === null || typed.trim() === '') {
      next.hotkeys[name] = null;
      continue;
    }
    const checked = checkAccelerator(typed);
    if (!checked.ok) errors.push({ field: `hotkeys.${name}`, message: checked.message });
    else {
      next.hotkeys[name] = checked.accelerator;
      changed.push(name);
    }
  }
  errors.push(...refuseSharedShortcuts(current, next, changed, mac));

  if (patch.idleThresholdMinutes !== undefined) {
    const problem = checkIdleMinutes(patch.idleThresholdMinutes);
    if (problem) errors.push({ field: 'idleThresholdMinutes', message: problem });
    else next.idleThresholdMinutes = patch.idleThresholdMinutes;
  }
  if (patch.launchAtLogin !== undefined) next.launchAtLogin = patch.launchAtLogin;
  if (patch.theme !== undefined) {
    if (THEMES.includes(patch.theme)) next.theme = patch.theme;
    else errors.push({ field: 'theme', message: 'Choose System, Light or Dark.' });
  }
  return { settings: next, errors };
}

/**
 * Checked on the result, so two shortcuts can swap in one change. Of two commands given one
 * shortcut, the one changed is refused, and of two changed the second (in the settings' order):
 * it goes back to what it was, which may meet another one, so this repeats until none do.
 */
function refuseSharedShortcuts(
  current: Settings,
  next: Settings,
  changed: HotkeyName[],
  mac: boolean | undefined,
): FieldError[] {
  const errors: FieldError[] = [];
  const accepted = new Set(changed);
  for (;;) {
    const clash = HOTKEY_NAMES.flatMap((first) =>
      HOTKEY_NAMES.filter(
        (second) =>
          HOTKEY_NAMES.indexOf(second) > HOTKEY_NAMES.indexOf(first) &&
          (accepted.has(first) || accepted.has(second)) &&
          next.hotkeys[first] !== null &&
          next.hotkeys[second] !== null &&
          sameAccelerator(next.hotkeys[first]!, next.hotkeys[second]!, mac),
      ).map((second) => [first, second] as const),
    )[0];
    if (!clash) return errors;
    const [first, second] = clash;
    const [refused, other] = accepted.has(second) ? [second, first] : [first, second];
    accepted.delete(refused);
    errors.push({
      field: `hotkeys.${refused}`,
      message: `That shortcut is already the one for “${HOTKEY_LABELS[other]}”.`,
    });
    next.hotkeys[refused] = current.hotkeys[refused];
  }
}
