// The user's settings and the rules they must meet, shared by main (which stores and applies them)
// and the renderer (which checks a field as it is typed). No Node, no Electron: the renderer
// imports this.

import { checkAccelerator, sameAccelerator } from './accelerators';
import { PSEUDO_LOCALE, SHIPPED_LOCALES, type ShippedLocale } from './i18n/locales';
import type { MessageRef } from './result';

export {
  acceleratorFromKeyPress,
  checkAccelerator,
  displayAccelerator,
  sameAccelerator,
  type AcceleratorCheck,
  type KeyPress,
} from './accelerators';

/** Slots 1..9 of the "start project N" shortcuts (Toggl #4912): each starts the project chosen for it. */
export const PROJECT_SLOTS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type ProjectSlot = (typeof PROJECT_SLOTS)[number];
export type StartProjectName = `startProject${ProjectSlot}`;
export const START_PROJECT_NAMES: readonly StartProjectName[] = PROJECT_SLOTS.map((n) => `startProject${n}` as const);

export type MainHotkeyName = 'toggleTimer' | 'quickEntry' | 'showWindow';
export const MAIN_HOTKEY_NAMES: readonly MainHotkeyName[] = ['toggleTimer', 'quickEntry', 'showWindow'];
export type HotkeyName = MainHotkeyName | StartProjectName;
export const HOTKEY_NAMES: readonly HotkeyName[] = [...MAIN_HOTKEY_NAMES, ...START_PROJECT_NAMES];

/** An Electron accelerator per command; null: no shortcut. */
export type Hotkeys = Record<HotkeyName, string | null>;

/** The project each "start project N" shortcut starts (an id of the open account's); null: none chosen. */
export type StartProjects = Record<StartProjectName, number | null>;

export type Theme = 'system' | 'light' | 'dark';
export const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

/**
 * The language Stint speaks: the system's (its preferred languages, in order), or one chosen in
 * Settings. The pseudo-locale is valid (tests choose it) but Settings never offers it.
 */
export type LanguageSetting = 'system' | ShippedLocale | typeof PSEUDO_LOCALE;
export const LANGUAGE_SETTINGS: readonly LanguageSetting[] = ['system', ...SHIPPED_LOCALES, PSEUDO_LOCALE];

/** The clock times are written with: the language's own (de 24-hour, en 12-hour), or one chosen. */
export type ClockSetting = 'locale' | '12' | '24';
export const CLOCK_SETTINGS: readonly ClockSetting[] = ['locale', '12', '24'];

export interface Settings {
  hotkeys: Hotkeys;
  startProjects: StartProjects;
  /** Minutes without input after which a running timer asks what to do with the time; null: never. */
  idleThresholdMinutes: number | null;
  launchAtLogin: boolean;
  theme: Theme;
  /** A reminder when no timer runs during working hours (main/core/desktop/reminder/); off by default. */
  reminder: ReminderSettings;
  /** The language of the window, tray, notifications (Snapshot.locale resolves 'system'). */
  language: LanguageSetting;
  /** 12- or 24-hour clock times; 'locale': the language's own. */
  clock: ClockSetting;
}

/** Working hours: on these days (0 = Sunday … 6 = Saturday), from–to in local time ('HH:MM', from before to). */
export interface ReminderSettings {
  enabled: boolean;
  days: number[];
  from: string;
  to: string;
  /** Minutes without a timer after one stopped before the reminder (a short break goes unremarked); 0: at once. */
  afterMinutes: number;
}

export const REMINDER_AFTER_MINUTES = { min: 0, max: 240, default: 10 } as const;

/** A change of some settings; hotkeys may name only the ones that change. */
export interface SettingsPatch {
  hotkeys?: Partial<Hotkeys>;
  startProjects?: Partial<StartProjects>;
  idleThresholdMinutes?: number | null;
  launchAtLogin?: boolean;
  theme?: Theme;
  reminder?: Partial<ReminderSettings>;
  language?: LanguageSetting;
  clock?: ClockSetting;
}

// No major desktop takes these. Ctrl+Alt+T (the default until version 4 of the settings) opens a
// terminal on GNOME and KDE; and Windows reads Ctrl+Alt as AltGr, so Ctrl+Alt+E and Ctrl+Alt+S
// would have taken € and ś from German and Polish typists everywhere. With Shift added: GNOME, KDE
// and Windows bind no Ctrl+Alt+Shift+letter of these, macOS no ⇧⌥⌘T, ⇧⌥⌘E or ⇧⌥⌘W (W, not S:
// ⇧⌥⌘S is "Save As…" in Apple's apps, and a global shortcut takes the keys from every app).
export const DEFAULT_HOTKEYS: Readonly<Record<MainHotkeyName, string>> = {
  toggleTimer: 'CommandOrControl+Alt+Shift+T',
  quickEntry: 'CommandOrControl+Alt+Shift+E',
  showWindow: 'CommandOrControl+Alt+Shift+W',
};

/** The defaults before version 4 of the settings file: a file still holding one was never changed there (settings/schema.ts). */
export const OLD_DEFAULT_HOTKEYS: Readonly<Record<MainHotkeyName, string>> = {
  toggleTimer: 'CommandOrControl+Alt+T',
  quickEntry: 'CommandOrControl+Alt+E',
  showWindow: 'CommandOrControl+Alt+S',
};

const noneForEachSlot = () =>
  Object.fromEntries(START_PROJECT_NAMES.map((n) => [n, null])) as Record<StartProjectName, null>;

/** Off; Monday to Friday, 09:00–17:00; 10 minutes after a timer stopped. */
export const DEFAULT_REMINDER: Readonly<ReminderSettings> = Object.freeze({
  enabled: false,
  days: [1, 2, 3, 4, 5],
  from: '09:00',
  to: '17:00',
  afterMinutes: REMINDER_AFTER_MINUTES.default,
});

export const IDLE_MINUTES = { min: 1, max: 240, default: 10 } as const;

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  // The "start project N" shortcuts are off until the user gives one keys and a project.
  hotkeys: { ...DEFAULT_HOTKEYS, ...noneForEachSlot() },
  startProjects: noneForEachSlot(),
  idleThresholdMinutes: IDLE_MINUTES.default,
  launchAtLogin: false,
  theme: 'system',
  reminder: DEFAULT_REMINDER,
  language: 'system',
  clock: 'locale',
};

/** The words the window uses for each command. */
export const HOTKEY_LABELS: Readonly<Record<HotkeyName, string>> = {
  toggleTimer: 'Start or pause the last timer',
  quickEntry: 'Quick entry',
  showWindow: 'Show the window',
  ...(Object.fromEntries(PROJECT_SLOTS.map((n) => [`startProject${n}`, `Start project ${n}`])) as Record<
    StartProjectName,
    string
  >),
};

/** A command as a catalog's select takes it: a main command's name, or `startProject` with its slot (slotOf). */
export const commandOf = (name: HotkeyName): MainHotkeyName | 'startProject' =>
  name.startsWith('startProject') ? 'startProject' : (name as MainHotkeyName);

/** The slot of a "start project N" command; 0 for the main commands. */
export const slotOf = (name: HotkeyName): number => (name.startsWith('startProject') ? Number(name.slice(12)) : 0);

/** Which input an error is about, as `ActionError.field` names it: 'hotkeys.quickEntry', 'theme'. */
export type SettingsField =
  | `hotkeys.${HotkeyName}`
  | `startProjects.${StartProjectName}`
  | `reminder.${Exclude<keyof ReminderSettings, 'enabled'>}`
  | Exclude<keyof Settings, 'hotkeys' | 'startProjects'>;

export interface FieldError {
  field: SettingsField;
  /** In English, for logs and `--json`. */
  message: string;
  /** The same as a catalog message (common/i18n/catalogs/settings-refusals/): what the window shows. */
  words?: MessageRef;
}

/** A refusal in English with its catalog message. */
export interface Refusal {
  message: string;
  words: MessageRef;
}

const refusal = (message: string, id: string, values?: MessageRef['values']): Refusal => ({
  message,
  words: values ? { id, values } : { id },
});

/** A field's refusal: where, in English, and as a catalog message. */
const at = (field: SettingsField, refused: Refusal): FieldError => ({ field, ...refused });

// --- Checking a change ---------------------------------------------------------------------------

export function checkIdleMinutes(value: number | null): Refusal | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < IDLE_MINUTES.min || value > IDLE_MINUTES.max) {
    const { min, max } = IDLE_MINUTES;
    return refusal(
      `Enter whole minutes from ${min} to ${max}, or turn idle detection off.`,
      'settings-refusals.idle-minutes',
      { min, max },
    );
  }
  return null;
}

/** Minutes since midnight of an 'HH:MM' time (00:00–23:59), or null when it is not one. */
export function minutesOfDay(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const TIME_REFUSAL = refusal('Enter a time of day as HH:MM, like 09:00.', 'settings-refusals.time-of-day');

/**
 * The reminder a patch makes of `current`, with an error at each field left as it was. `clockOf`
 * writes a kept "HH:MM" in its messages as the asker shows times (the window: "9:00 AM").
 */
export function applyReminderPatch(
  current: ReminderSettings,
  patch: Partial<ReminderSettings>,
  clockOf: (hhmm: string) => string = (hhmm) => hhmm,
): { reminder: ReminderSettings; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const next: ReminderSettings = { ...current, days: [...current.days] };
  if (patch.enabled !== undefined) next.enabled = patch.enabled === true;
  if (patch.days !== undefined) {
    const days = Array.isArray(patch.days) ? patch.days : [];
    if (!days.every((d) => Number.isInteger(d) && d >= 0 && d <= 6)) {
      errors.push(
        at('reminder.days', refusal('Days are numbered 0 (Sunday) to 6 (Saturday).', 'settings-refusals.day-numbers')),
      );
    } else if (days.length === 0) {
      errors.push(at('reminder.days', refusal('Choose at least one day.', 'settings-refusals.no-days')));
    } else next.days = [...new Set(days)].sort((a, b) => a - b);
  }
  if (patch.afterMinutes !== undefined) {
    const minutes = patch.afterMinutes;
    const { min, max } = REMINDER_AFTER_MINUTES;
    if (Number.isInteger(minutes) && minutes >= min && minutes <= max) next.afterMinutes = minutes;
    else
      errors.push(
        at(
          'reminder.afterMinutes',
          refusal(`Enter whole minutes from ${min} to ${max}.`, 'settings-refusals.reminder-minutes', { min, max }),
        ),
      );
  }
  for (const field of ['from', 'to'] as const) {
    const typed = patch[field];
    if (typed === undefined) continue;
    if (typeof typed === 'string' && minutesOfDay(typed) !== null) next[field] = typed;
    else errors.push(at(`reminder.${field}`, TIME_REFUSAL));
  }
  // The order is checked on the result, so both ends can move in one change.
  if (minutesOfDay(next.from)! >= minutesOfDay(next.to)!) {
    const field = patch.to !== undefined && next.to !== current.to ? 'to' : 'from';
    errors.push(
      at(
        `reminder.${field}`,
        field === 'to'
          ? refusal(
              `The hours must end after they start: choose a time later than ${clockOf(next.from)}.`,
              'settings-refusals.hours-end-after',
              { time: clockOf(next.from) },
            )
          : refusal(
              `The hours must start before they end: choose a time earlier than ${clockOf(next.to)}.`,
              'settings-refusals.hours-start-before',
              { time: clockOf(next.to) },
            ),
      ),
    );
    next.from = current.from;
    next.to = current.to;
  }
  return { reminder: next, errors };
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
  const next: Settings = {
    ...current,
    hotkeys: { ...current.hotkeys },
    startProjects: { ...current.startProjects },
    reminder: current.reminder,
  };

  const changed: HotkeyName[] = [];
  for (const name of HOTKEY_NAMES) {
    const typed = patch.hotkeys?.[name];
    if (typed === undefined) continue;
    if (typed === null || typed.trim() === '') {
      next.hotkeys[name] = null;
      continue;
    }
    const checked = checkAccelerator(typed);
    if (!checked.ok) errors.push({ field: `hotkeys.${name}`, message: checked.message, words: checked.words });
    else {
      next.hotkeys[name] = checked.accelerator;
      changed.push(name);
    }
  }
  errors.push(...refuseSharedShortcuts(current, next, changed, mac));
  errors.push(...applyStartProjects(next.startProjects, patch.startProjects));

  if (patch.idleThresholdMinutes !== undefined) {
    const problem = checkIdleMinutes(patch.idleThresholdMinutes);
    if (problem) errors.push(at('idleThresholdMinutes', problem));
    else next.idleThresholdMinutes = patch.idleThresholdMinutes;
  }
  if (patch.launchAtLogin !== undefined) next.launchAtLogin = patch.launchAtLogin;
  if (patch.theme !== undefined) {
    if (THEMES.includes(patch.theme)) next.theme = patch.theme;
    else errors.push(at('theme', refusal('Choose System, Light or Dark.', 'settings-refusals.theme')));
  }
  if (patch.language !== undefined) {
    if (LANGUAGE_SETTINGS.includes(patch.language)) next.language = patch.language;
    else errors.push({ field: 'language', message: 'Choose the system language or one Stint speaks.' });
  }
  if (patch.clock !== undefined) {
    if (CLOCK_SETTINGS.includes(patch.clock)) next.clock = patch.clock;
    else errors.push({ field: 'clock', message: "Choose the language's clock, 12-hour or 24-hour." });
  }
  if (patch.reminder !== undefined) {
    const checked = applyReminderPatch(current.reminder, patch.reminder);
    next.reminder = checked.reminder;
    errors.push(...checked.errors);
  }
  return { settings: next, errors };
}

/** Each slot's project: a project id (whole, positive) or null; anything else is refused at its slot. */
function applyStartProjects(next: StartProjects, patch: Partial<StartProjects> | undefined): FieldError[] {
  const errors: FieldError[] = [];
  for (const name of START_PROJECT_NAMES) {
    const id = patch?.[name];
    if (id === undefined) continue;
    if (id === null || (Number.isInteger(id) && id > 0)) next[name] = id;
    else
      errors.push(
        at(
          `startProjects.${name}`,
          refusal('Choose one of your projects, or none.', 'settings-refusals.start-project'),
        ),
      );
  }
  return errors;
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
    errors.push(
      at(
        `hotkeys.${refused}`,
        refusal(
          `That shortcut is already the one for “${HOTKEY_LABELS[other]}”.`,
          'settings-refusals.shortcut-shared',
          {
            command: commandOf(other),
            slot: slotOf(other),
          },
        ),
      ),
    );
    next.hotkeys[refused] = current.hotkeys[refused];
  }
}
