// The settings file: <dir>/settings.json, written by conf (atomically, checked against the schema,
// migrated by number on open). A file that cannot be read, parsed, migrated or checked never stops
// Stint from starting: it is moved aside as settings.json.damaged, the defaults are used, and the
// store's `problem` says so for core to tell the user.

import Conf from 'conf';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { applySettingsPatch, DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../../common/settings';
import { MIGRATIONS, semver, SETTINGS_VERSION, settingsSchema, type MigrationStore } from './schema';
import { createMemorySettingsStore, createSettingsStore, type SettingsStore } from './store';

export const SETTINGS_FILE = 'settings.json';

export function openSettingsStore(dir: string): SettingsStore {
  let conf: Conf<Settings>;
  let problem: string | null = null;
  try {
    conf = openConf(dir);
  } catch (error) {
    const path = join(dir, SETTINGS_FILE);
    try {
      // Kept for the user (or a bug report), not deleted.
      renameSync(path, `${path}.damaged`);
      conf = openConf(dir);
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
  const { settings, errors } = applySettingsPatch(DEFAULT_SETTINGS, stored(conf));
  if (errors.length > 0 && !problem) {
    problem = `Some settings in ${SETTINGS_FILE} were not valid and are back to their defaults: ${errors.map((e) => e.message).join(' ')}`;
  }
  return createSettingsStore(
    settings,
    {
      save: (next) =>
        (conf.store = {
          ...next,
          hotkeys: { ...next.hotkeys },
          startProjects: { ...next.startProjects },
          reminder: { ...next.reminder },
        }),
    },
    problem,
  );
}

function openConf(dir: string): Conf<Settings> {
  return new Conf<Settings>({
    cwd: dir,
    configName: 'settings',
    // Only this user may read it (the folder is 0700 too: accounts/app.ts).
    configFileMode: 0o600,
    schema: settingsSchema,
    // The schema is ours and fixed; checking it against JSON Schema's meta-schema at every start
    // (ajv compiles the meta-schema to do it) cost ~70 ms of CPU in opening the account.
    // test/unit/core/settingsSchema.test.ts checks it once instead.
    ajvOptions: { validateSchema: false },
    projectVersion: semver(SETTINGS_VERSION),
    migrations: Object.fromEntries(
      Object.entries(MIGRATIONS).map(([n, migrate]) => [
        semver(Number(n)),
        (store: Conf<Settings>) => migrate(store as unknown as MigrationStore),
      ]),
    ),
  });
}

/** The file's values as a patch on the defaults; reserved keys and unknown ones are left out. */
function stored(conf: Conf<Settings>): SettingsPatch {
  const raw = conf.store as Partial<Settings>;
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
