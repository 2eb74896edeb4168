// The settings file on disk: written by settings/file.ts in a real temp folder, migrated by number, checked
// against its schema, and never in the way of starting Stint when it is damaged.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../common/settings';
import { openSettingsStore, SETTINGS_FILE } from '../../../../main/core/settings/file';
import { SETTINGS_VERSION } from '../../../../main/core/settings/schema';
import { tempDir } from '../../../support/tempDir';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const file = () => join(dir.path, SETTINGS_FILE);
const onDisk = () => JSON.parse(readFileSync(file(), 'utf8')) as Record<string, unknown>;
const v1File = (values: Record<string, unknown>) =>
  writeFileSync(file(), JSON.stringify({ ...values, __internal__: { migrations: { version: '1.0.0' } } }));

describe('the settings file', () => {
  it('starts with the defaults, and keeps a change across a reopen', () => {
    const store = openSettingsStore(dir.path);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.problem).toBeNull();

    const seen: unknown[] = [];
    store.subscribe((s) => seen.push(s.theme));
    const { errors } = store.update({
      theme: 'dark',
      idleThresholdMinutes: null,
      hotkeys: { quickEntry: 'Alt+Shift+Q' },
    });
    expect(errors).toEqual([]);
    expect(seen).toEqual(['dark']);

    const again = openSettingsStore(dir.path);
    expect(again.get()).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      idleThresholdMinutes: null,
      hotkeys: { ...DEFAULT_SETTINGS.hotkeys, quickEntry: 'Alt+Shift+Q' },
    });
    expect(onDisk().__internal__).toEqual({ migrations: { version: `${SETTINGS_VERSION}.0.0` } });
  });

  it('does not write or notify when nothing changes', () => {
    const store = openSettingsStore(dir.path);
    let calls = 0;
    store.subscribe(() => calls++);
    store.update({ theme: 'system' });
    expect(calls).toBe(0);
  });

  it('migrates a version 1 file: idleMinutes becomes idleThresholdMinutes, 0 becoming off', () => {
    v1File({ idleMinutes: 25, theme: 'light' });
    const store = openSettingsStore(dir.path);
    expect(store.problem).toBeNull();
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, idleThresholdMinutes: 25, theme: 'light' });
    const migrated = onDisk();
    expect(migrated.idleMinutes).toBeUndefined();
    expect(migrated.idleThresholdMinutes).toBe(25);
    expect(migrated.__internal__).toEqual({ migrations: { version: `${SETTINGS_VERSION}.0.0` } });

    dir.remove();
    dir = tempDir();
    v1File({ idleMinutes: 0 });
    expect(openSettingsStore(dir.path).get().idleThresholdMinutes).toBeNull();
  });

  it('migrates a version 2 file: the reminder is written out, off, with the other values kept', () => {
    writeFileSync(
      file(),
      JSON.stringify({ theme: 'dark', idleThresholdMinutes: 20, __internal__: { migrations: { version: '2.0.0' } } }),
    );
    const store = openSettingsStore(dir.path);
    expect(store.problem).toBeNull();
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', idleThresholdMinutes: 20 });
    expect(onDisk().reminder).toEqual({
      enabled: false,
      days: [1, 2, 3, 4, 5],
      from: '09:00',
      to: '17:00',
      afterMinutes: 10,
    });
    expect(onDisk().__internal__).toEqual({ migrations: { version: `${SETTINGS_VERSION}.0.0` } });

    store.update({ reminder: { enabled: true, days: [1, 3], to: '18:30' } });
    expect(openSettingsStore(dir.path).get().reminder).toEqual({
      enabled: true,
      days: [1, 3],
      from: '09:00',
      to: '18:30',
      afterMinutes: 10,
    });
  });

  it('moves shortcuts still on the old defaults (Ctrl+Alt+T is GNOME’s terminal) to the new ones, and keeps those the user changed', () => {
    const v3 = (hotkeys: Record<string, string | null>) =>
      writeFileSync(
        file(),
        JSON.stringify({ hotkeys, theme: 'dark', __internal__: { migrations: { version: '3.0.0' } } }),
      );
    v3({ toggleTimer: 'CommandOrControl+Alt+T', quickEntry: 'Control+Shift+K', showWindow: 'CommandOrControl+Alt+S' });
    const store = openSettingsStore(dir.path);
    expect(store.problem).toBeNull();
    expect(store.get().hotkeys).toEqual({
      ...DEFAULT_SETTINGS.hotkeys,
      toggleTimer: 'CommandOrControl+Alt+Shift+T',
      quickEntry: 'Control+Shift+K',
      showWindow: 'CommandOrControl+Alt+Shift+W',
    });
    expect(store.get().theme).toBe('dark');
    expect((onDisk().hotkeys as Record<string, unknown>).toggleTimer).toBe('CommandOrControl+Alt+Shift+T');

    // A new default the user already gave another command stays theirs: the old one is kept.
    dir.remove();
    dir = tempDir();
    v3({ toggleTimer: 'CommandOrControl+Alt+T', quickEntry: 'Control+Alt+Shift+T', showWindow: null });
    expect(openSettingsStore(dir.path).get().hotkeys).toMatchObject({
      toggleTimer: 'CommandOrControl+Alt+T',
      quickEntry: 'Control+Alt+Shift+T',
      showWindow: null,
    });
  });

  it('puts hand-edited reminder hours that end before they start back to the defaults, and names them', () => {
    writeFileSync(
      file(),
      JSON.stringify({
        reminder: { enabled: true, days: [1], from: '18:00', to: '08:00' },
        __internal__: { migrations: { version: '3.0.0' } },
      }),
    );
    const store = openSettingsStore(dir.path);
    expect(store.get().reminder).toEqual({ ...DEFAULT_SETTINGS.reminder, enabled: true, days: [1] });
    expect(store.problem).toMatch(/back to their defaults: The hours must end after they start/);
  });

  it('moves a file that is not JSON aside, starts on the defaults and says so', () => {
    writeFileSync(file(), '{"theme": "dark", "hotk');
    const store = openSettingsStore(dir.path);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.problem).toMatch(
      /could not read its settings .* using the defaults; the old file is kept as settings.json.damaged/,
    );
    expect(readFileSync(`${file()}.damaged`, 'utf8')).toBe('{"theme": "dark", "hotk');
    // The fresh file works.
    store.update({ theme: 'light' });
    expect(openSettingsStore(dir.path).get().theme).toBe('light');
  });

  it('treats a file against the schema as damaged too', () => {
    writeFileSync(
      file(),
      JSON.stringify({ theme: 'purple', launchAtLogin: 'yes', __internal__: { migrations: { version: '2.0.0' } } }),
    );
    const store = openSettingsStore(dir.path);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.problem).toMatch(/theme/);
    expect(existsSync(`${file()}.damaged`)).toBe(true);
  });

  it('puts a hand-edited shortcut Electron cannot read back to its default, and names it', () => {
    writeFileSync(
      file(),
      JSON.stringify({
        hotkeys: { toggleTimer: 'Ctrl+Banana' },
        theme: 'dark',
        __internal__: { migrations: { version: '2.0.0' } },
      }),
    );
    const store = openSettingsStore(dir.path);
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(store.problem).toMatch(/back to their defaults: “Banana” is not a key/);
  });

  it('refuses to write a value outside the schema (nothing but settings goes in the file)', () => {
    const store = openSettingsStore(dir.path);
    expect(() => store.update({ theme: 'dark', ...({ token: 'secret' } as object) })).not.toThrow();
    expect(Object.keys(onDisk()).sort()).toEqual([
      '__internal__',
      'clock',
      'hotkeys',
      'idleThresholdMinutes',
      'language',
      'launchAtLogin',
      'reminder',
      'startProjects',
      'theme',
    ]);
  });
});
