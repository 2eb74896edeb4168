// The settings file: <dir>/settings.json, written atomically (settingsFile.ts), checked against its
// shape and migrated by number on open (schema.ts). A file that cannot be read, parsed, migrated
// or checked never stops Stint from starting: it is moved aside as settings.json.damaged, the
// defaults are used, and the store's `problem` says so for core to tell the user.

import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { applySettingsPatch, DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../../common/settings';
import { checkSettingsShape, MIGRATIONS, semver, SETTINGS_VERSION } from './schema';
import { readSettingsFile, type StoredValues, writeSettingsFile } from './settingsFile';
import { createMemorySettingsStore, createSettingsStore, type SettingsStore } from './store';

export const SETTINGS_FILE = 'settings.json';

export function openSettingsStore(dir: string): SettingsStore {
  const path = join(dir, SETTINGS_FILE);
  let file: StoredValues;
  let problem: string | null = null;
  try {
    file = openFile(path);
  } catch (error) {
    try {
      // Kept for the user (or a bug report), not deleted.
      renameSync(path, `${path}.damaged`);
      file = openFile(path);
    } catch {
      // Not the file's fault (a folder Stint may not write): the defaults, for this run only.
      return createMemorySettingsStore(
        DEFAULT_SETTINGS,
        `Stint cannot use its settings file (${reason(error)}); changes last until Stint quits.`,
      );
    }
    problem = `Stint could not read its settings (${reason(error)}) and is using the defaults; the old file is kept as ${SETTINGS_FILE}.damaged.`;
  }

  // Values the schema lets through but the settings' own rules do not (a hand-edited shortcut
  // Electron cannot parse) fall back to their defaults, each named.
  const { settings, errors } = applySettingsPatch(DEFAULT_SETTINGS, stored(file));
  if (errors.length > 0 && !problem) {
    problem = `Some settings in ${SETTINGS_FILE} were not valid and are back to their defaults: ${errors.map((e) => e.message).join(' ')}`;
  }
  return createSettingsStore(
    settings,
    {
      // The whole file, the migration's version kept last as conf kept it.
      save: (next) => writeSettingsFile(path, { ...next, [INTERNAL_KEY]: file[INTERNAL_KEY] }),
    },
    problem,
  );
}

const INTERNAL_KEY = '__internal__';

/**
 * The file's values, migrated to SETTINGS_VERSION and checked against its shape; a migrated file
 * is written back. Throws when the file cannot be read, parsed, migrated or checked.
 */
function openFile(path: string): StoredValues {
  const values = readSettingsFile(path);
  const from = storedVersion(values);
  let version = from;
  for (const [n, migrate] of Object.entries(MIGRATIONS)) {
    const number = Number(n);
    if (number <= version.major || number > SETTINGS_VERSION) continue;
    migrate({
      has: (key) => Object.hasOwn(values, key),
      get: (key) => values[key],
      set: (key, value) => {
        values[key] = value;
      },
      delete: (key) => {
        delete values[key];
      },
    });
    // Set after each step, as conf did: a new file's version comes before the values it adds.
    values[INTERNAL_KEY] = { migrations: { version: semver(number) } };
    version = { text: semver(number), major: number };
  }
  checkSettingsShape(values);
  if (from.text !== semver(SETTINGS_VERSION)) {
    // conf's rule, a newer Stint's file included: the version written is this one's.
    values[INTERNAL_KEY] = { migrations: { version: semver(SETTINGS_VERSION) } };
    writeSettingsFile(path, values);
  }
  return values;
}

/** The version the file was last migrated to: none is 0.0.0; one that is not semver is damage. */
function storedVersion(values: StoredValues): { text: string; major: number } {
  const internal = values[INTERNAL_KEY] as { migrations?: { version?: unknown } } | undefined;
  const text = internal?.migrations?.version ?? '0.0.0';
  const parts = typeof text === 'string' ? /^(\d+)\.(\d+)\.(\d+)$/.exec(text) : null;
  if (!parts) throw new Error(`Invalid Version: ${String(text)}`);
  // n.0.0 runs when it is after the file's version: after 2.0.0 or 2.1.0 alike, migration 3 first.
  return { text: text as string, major: Number(parts[1]) };
}

/** The file's values as a patch on the defaults; reserved keys and unknown ones are left out. */
function stored(file: StoredValues): SettingsPatch {
  const raw = file as Partial<Settings>;
  const patch: SettingsPatch = {};
  if (raw.hotkeys) patch.hotkeys = raw.hotkeys;
  if (raw.startProjects) patch.startProjects = raw.startProjects;
  if (raw.idleThresholdMinutes !== undefined) patch.idleThresholdMinutes = raw.idleThresholdMinutes;
  if (raw.launchAtLogin !== undefined) patch.launchAtLogin = raw.launchAtLogin;
  if (raw.theme !== undefined) patch.theme = raw.theme;
  if (raw.reminder !== undefined) patch.reminder = raw.reminder;
  return patch;
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}
