// The settings file's bytes (main/core/settings/settingsFile.ts, which replaced conf): a file conf
// wrote reads back the same, one written now is byte for byte what conf wrote (so an older Stint
// reads it), a crash mid-write leaves a whole file, and only this user may open it.
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type SettingsPatch } from '../../../../common/settings';
import { openSettingsStore, SETTINGS_FILE } from '../../../../main/core/settings/file';
import { RENAME_TRIES, renameOver, writeSettingsFile } from '../../../../main/core/settings/settingsFile';
import { tempDir } from '../../../support/tempDir';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const file = () => join(dir.path, SETTINGS_FILE);
const posix = process.platform !== 'win32';

// The exact bytes conf 15.1.0 wrote (Stint before settingsFile.ts): on the first open of a folder,
// then after CHANGE.
const CONF_FIRST_OPEN =
  '{\n\t"__internal__": {\n\t\t"migrations": {\n\t\t\t"version": "4.0.0"\n\t\t}\n\t},\n\t"reminder": {\n\t\t"enabled": false,\n\t\t"days": [\n\t\t\t1,\n\t\t\t2,\n\t\t\t3,\n\t\t\t4,\n\t\t\t5\n\t\t],\n\t\t"from": "09:00",\n\t\t"to": "17:00",\n\t\t"afterMinutes": 10\n\t}\n}';
const CONF_AFTER_CHANGE =
  '{\n\t"hotkeys": {\n\t\t"toggleTimer": "CommandOrControl+Alt+Shift+T",\n\t\t"quickEntry": "Alt+Shift+Q",\n\t\t"showWindow": "CommandOrControl+Alt+Shift+W",\n\t\t"startProject1": null,\n\t\t"startProject2": "Control+Alt+2",\n\t\t"startProject3": null,\n\t\t"startProject4": null,\n\t\t"startProject5": null,\n\t\t"startProject6": null,\n\t\t"startProject7": null,\n\t\t"startProject8": null,\n\t\t"startProject9": null\n\t},\n\t"startProjects": {\n\t\t"startProject1": null,\n\t\t"startProject2": 42,\n\t\t"startProject3": null,\n\t\t"startProject4": null,\n\t\t"startProject5": null,\n\t\t"startProject6": null,\n\t\t"startProject7": null,\n\t\t"startProject8": null,\n\t\t"startProject9": null\n\t},\n\t"idleThresholdMinutes": null,\n\t"launchAtLogin": true,\n\t"theme": "dark",\n\t"reminder": {\n\t\t"enabled": true,\n\t\t"days": [\n\t\t\t1,\n\t\t\t3\n\t\t],\n\t\t"from": "09:00",\n\t\t"to": "18:30",\n\t\t"afterMinutes": 10\n\t},\n\t"__internal__": {\n\t\t"migrations": {\n\t\t\t"version": "4.0.0"\n\t\t}\n\t}\n}';
// What this Stint writes after CHANGE: conf's bytes, with the language and the clock (issue 31)
// after the reminder, where the settings' order puts them; an older Stint lets them through.
const AFTER_CHANGE_NOW = CONF_AFTER_CHANGE.replace(
  '\n\t},\n\t"__internal__"',
  '\n\t},\n\t"language": "system",\n\t"clock": "locale",\n\t"__internal__"',
);
const CHANGE: SettingsPatch = {
  theme: 'dark',
  idleThresholdMinutes: null,
  hotkeys: { quickEntry: 'Alt+Shift+Q', startProject2: 'Control+Alt+2' },
  startProjects: { startProject2: 42 },
  reminder: { enabled: true, days: [1, 3], to: '18:30' },
  launchAtLogin: true,
};
const CHANGED = {
  ...DEFAULT_SETTINGS,
  theme: 'dark',
  idleThresholdMinutes: null,
  hotkeys: { ...DEFAULT_SETTINGS.hotkeys, quickEntry: 'Alt+Shift+Q', startProject2: 'Control+Alt+2' },
  startProjects: { ...DEFAULT_SETTINGS.startProjects, startProject2: 42 },
  reminder: { ...DEFAULT_SETTINGS.reminder, enabled: true, days: [1, 3], to: '18:30' },
  launchAtLogin: true,
};

describe('the settings file on disk', () => {
  it('reads a file conf wrote as the same settings, and leaves it as it is', () => {
    writeFileSync(file(), CONF_AFTER_CHANGE);
    const store = openSettingsStore(dir.path);
    expect(store.problem).toBeNull();
    expect(store.get()).toEqual(CHANGED);
    expect(readFileSync(file(), 'utf8')).toBe(CONF_AFTER_CHANGE);
  });

  it('writes the bytes conf wrote, so an older Stint reads the file the same', () => {
    const store = openSettingsStore(dir.path);
    expect(readFileSync(file(), 'utf8')).toBe(CONF_FIRST_OPEN);
    store.update(CHANGE);
    expect(readFileSync(file(), 'utf8')).toBe(AFTER_CHANGE_NOW);
  });

  it('reads the old file when a crash left a half-written temp file beside it, and writes over both', () => {
    openSettingsStore(dir.path).update({ theme: 'dark' });
    const before = readFileSync(file(), 'utf8');
    const leftover = join(dir.path, `.${SETTINGS_FILE}.4242.crashed.tmp`);
    writeFileSync(leftover, before.slice(0, before.length / 2).replace('dark', 'light'));

    const store = openSettingsStore(dir.path);
    expect(store.problem).toBeNull();
    expect(store.get().theme).toBe('dark');
    store.update({ theme: 'light' });
    expect(openSettingsStore(dir.path).get().theme).toBe('light');
    // Each write renames its own temp file: nothing of this run's is left beside the file.
    expect(readdirSync(dir.path).sort()).toEqual([leftover.slice(dir.path.length + 1), SETTINGS_FILE].sort());
  });

  it('leaves no temp file behind when a write fails, and says so', () => {
    // A folder where the file should be: the rename over it fails.
    mkdirSync(join(file(), 'in-the-way'), { recursive: true });
    expect(() => writeSettingsFile(file(), { theme: 'dark' })).toThrow();
    expect(readdirSync(dir.path)).toEqual([SETTINGS_FILE]);
  });

  it.skipIf(!posix)('is written for this user only (0600), in a folder only this user may open (0700)', () => {
    chmodSync(dir.path, 0o755);
    const store = openSettingsStore(dir.path);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(statSync(dir.path).mode & 0o777).toBe(0o700);

    // A file an earlier version or the user left open to others is replaced by a private one.
    chmodSync(file(), 0o644);
    chmodSync(dir.path, 0o755);
    store.update({ theme: 'dark' });
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(statSync(dir.path).mode & 0o777).toBe(0o700);
  });
});

describe('the rename over the settings file', () => {
  const refused = (code: string) => Object.assign(new Error(`${code}: operation not permitted, rename`), { code });

  it('is tried again while Windows holds the file for a moment (an antivirus, an indexer)', () => {
    const calls: string[] = [];
    const rename = (from: string, to: string) => {
      calls.push(`${from}>${to}`);
      if (calls.length < 3) throw refused('EPERM');
    };
    renameOver('a.tmp', 'settings.json', rename, 'win32');
    expect(calls).toEqual(['a.tmp>settings.json', 'a.tmp>settings.json', 'a.tmp>settings.json']);
  });

  it('gives up after its tries on Windows, and at once elsewhere or on any other failure', () => {
    let tries = 0;
    const always = (code: string) => () => {
      tries++;
      throw refused(code);
    };
    expect(() => renameOver('a.tmp', 'settings.json', always('EBUSY'), 'win32')).toThrow(/EBUSY/);
    expect(tries).toBe(RENAME_TRIES);
    tries = 0;
    expect(() => renameOver('a.tmp', 'settings.json', always('EPERM'), 'linux')).toThrow(/EPERM/);
    expect(tries).toBe(1);
    tries = 0;
    expect(() => renameOver('a.tmp', 'settings.json', always('ENOSPC'), 'win32')).toThrow(/ENOSPC/);
    expect(tries).toBe(1);
  });
});
