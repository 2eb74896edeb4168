// The settings file's shape (checked on every open, with zod, which the contract loads anyway) and
// its numbered migrations. To change the shape: bump SETTINGS_VERSION and add the migration that
// brings a file of the previous version to it. Nothing secret has a place here: tokens live in the
// keychain. The shape is the JSON schema conf checked until it was replaced (settingsFile.ts):
// each key may be missing, unknown ones are let through (__internal__ among them), and a value
// against it makes the whole file damaged (file.ts).

import { z } from 'zod';
import {
  CLOCK_SETTINGS,
  DEFAULT_HOTKEYS,
  DEFAULT_REMINDER,
  HOTKEY_NAMES,
  IDLE_MINUTES,
  LANGUAGE_SETTINGS,
  MAIN_HOTKEY_NAMES,
  OLD_DEFAULT_HOTKEYS,
  REMINDER_AFTER_MINUTES,
  sameAccelerator,
  START_PROJECT_NAMES,
  THEMES,
} from '../../../common/settings';

export const SETTINGS_VERSION = 4;

const accelerator = z.string().max(100).nullable().optional();
const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .optional();

const settingsShape = z.looseObject({
  hotkeys: z.strictObject(Object.fromEntries(HOTKEY_NAMES.map((name) => [name, accelerator]))).optional(),
  startProjects: z
    .strictObject(Object.fromEntries(START_PROJECT_NAMES.map((name) => [name, z.int().min(1).nullable().optional()])))
    .optional(),
  idleThresholdMinutes: z.int().min(IDLE_MINUTES.min).max(IDLE_MINUTES.max).nullable().optional(),
  launchAtLogin: z.boolean().optional(),
  theme: z.enum(THEMES).optional(),
  // The language and the clock (issue 31) need no migration: missing means the defaults, which are
  // what Stint did before them (the system's language and its clock), so a version 4 file stays
  // valid and unchanged, and an older Stint reads a file with them (it lets unknown keys through).
  language: z.enum(LANGUAGE_SETTINGS).optional(),
  clock: z.enum(CLOCK_SETTINGS).optional(),
  // Whether from is before to is the settings' own rule (common/settings.ts), checked on open.
  reminder: z
    .strictObject({
      enabled: z.boolean().optional(),
      days: z.array(z.int().min(0).max(6)).max(7).optional(),
      from: time,
      to: time,
      afterMinutes: z.int().min(REMINDER_AFTER_MINUTES.min).max(REMINDER_AFTER_MINUTES.max).optional(),
    })
    .optional(),
});

/** Throws, naming each value against the file's shape; the values are not changed. */
export function checkSettingsShape(values: Record<string, unknown>): void {
  const checked = settingsShape.safeParse(values);
  if (checked.success) return;
  const problems = checked.error.issues.map((issue) => `\`${issue.path.join('.')}\` ${issue.message}`);
  throw new Error(`Config schema violation: ${problems.join('; ')}`);
}

/** What a migration may do to the file's values (typed loosely: old shapes are not Settings). */
export interface MigrationStore {
  has(key: string): boolean;
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/**
 * Migration n brings a file of version n-1 to version n. Each must also leave a file already in
 * the new shape as it is: they all run on a file with no version (a new one).
 */
export const MIGRATIONS: Readonly<Record<number, (store: MigrationStore) => void>> = {
  // Version 1 kept `idleMinutes`, with 0 for "off". Version 2: `idleThresholdMinutes`, null for off.
  2(store) {
    if (!store.has('idleMinutes')) return;
    const minutes = store.get('idleMinutes');
    store.delete('idleMinutes');
    if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return;
    store.set(
      'idleThresholdMinutes',
      minutes <= 0 ? null : Math.min(IDLE_MINUTES.max, Math.max(IDLE_MINUTES.min, Math.round(minutes))),
    );
  },
  // Version 3 adds the working-hours reminder, off: written out so the file shows what can be set.
  3(store) {
    if (!store.has('reminder')) store.set('reminder', { ...DEFAULT_REMINDER, days: [...DEFAULT_REMINDER.days] });
  },
  // Version 4: new default shortcuts (common/settings.ts says why). A shortcut still the old default
  // was never changed (Settings sends only a changed field, and the old default written again is no
  // change), so it moves to the new default, unless the user gave that one to another command.
  4(store) {
    const hotkeys = store.get('hotkeys');
    if (typeof hotkeys !== 'object' || hotkeys === null) return;
    const next = { ...(hotkeys as Record<string, unknown>) };
    for (const name of MAIN_HOTKEY_NAMES) {
      if (next[name] !== OLD_DEFAULT_HOTKEYS[name]) continue;
      const taken = Object.values(next).some(
        (other) =>
          typeof other === 'string' && sameAccelerator(other, DEFAULT_HOTKEYS[name], process.platform === 'darwin'),
      );
      if (!taken) next[name] = DEFAULT_HOTKEYS[name];
    }
    store.set('hotkeys', next);
  },
};

/** Versions are written as semver, as conf wrote them: migration n runs as version n.0.0. */
export const semver = (n: number) => `${n}.0.0`;
