// The settings file's shape (a JSON schema conf checks on every read and write) and its numbered
// migrations. To change the shape: bump SETTINGS_VERSION and add the migration that brings a file
// of the previous version to it. Nothing secret has a place here: tokens live in the keychain.

import type { Schema } from 'conf';
import {
  DEFAULT_HOTKEYS,
  DEFAULT_REMINDER,
  HOTKEY_NAMES,
  IDLE_MINUTES,
  MAIN_HOTKEY_NAMES,
  OLD_DEFAULT_HOTKEYS,
  REMINDER_AFTER_MINUTES,
  sameAccelerator,
  START_PROJECT_NAMES,
  THEMES,
  type Settings,
} from '../../../common/settings';

export const SETTINGS_VERSION = 4;

const accelerator = { type: ['string', 'null'], maxLength: 100 } as const;

export const settingsSchema: Schema<Settings> = {
  hotkeys: {
    type: 'object',
    properties: Object.fromEntries(HOTKEY_NAMES.map((name) => [name, accelerator])),
    additionalProperties: false,
  },
  startProjects: {
    type: 'object',
    properties: Object.fromEntries(
      START_PROJECT_NAMES.map((name) => [name, { type: ['integer', 'null'], minimum: 1 }]),
    ),
    additionalProperties: false,
  },
  idleThresholdMinutes: { type: ['integer', 'null'], minimum: IDLE_MINUTES.min, maximum: IDLE_MINUTES.max },
  launchAtLogin: { type: 'boolean' },
  theme: { type: 'string', enum: [...THEMES] },
  // Whether from is before to is the settings' own rule (common/settings.ts), checked on open.
  reminder: {
    type: 'object',
    properties: {
      enabled: { type: 'boolean' },
      days: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 6 }, maxItems: 7 },
      from: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
      to: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
      afterMinutes: { type: 'integer', minimum: REMINDER_AFTER_MINUTES.min, maximum: REMINDER_AFTER_MINUTES.max },
    },
    additionalProperties: false,
  },
};

/** What a migration may do to the file's values (conf's store, typed loosely: old shapes are not Settings). */
export interface MigrationStore {
  has(key: string): boolean;
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/**
 * Migration n brings a file of version n-1 to version n. Each must also leave a file already in
 * the new shape as it is: conf runs them all on a file with no version (a new one).
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

/** conf numbers versions as semver: migration n runs as version n.0.0. */
export const semver = (n: number) => `${n}.0.0`;
