// The updateSettings call through core: checked as the contract and the settings' rules say,
// saved, shown in the snapshot, and a shortcut the OS refuses (the fake applyHotkeys below plays
// the OS) keeps the previous one, registered and saved.
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../common/dispatch';
import { DEFAULT_SETTINGS, displayAccelerator, type Hotkeys } from '../../../common/settings';
import type { RegistrationOutcome } from '../../../main/core/commands';
import { createCore } from '../../../main/core/core';
import { openSettingsStore } from '../../../main/core/settings/file';
import type { Core, CoreOptions } from '../../../main/core/types';
import { fakeClock } from './support/fakeClock';
import { must } from './support/fixtures';
import { ACCOUNT, tempDir, unreachableApi } from './support/offline';

let dir: ReturnType<typeof tempDir>;
const cores: Core[] = [];
beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.stop();
  dir.remove();
});

async function core(options: Partial<CoreOptions> = {}): Promise<Core> {
  const c = await createCore({ api: await unreachableApi(), dataDir: dir.path, account: ACCOUNT, clock: fakeClock(), ...options });
  cores.push(c);
  return c;
}

/** The OS's shortcut registry: some accelerators are taken by other apps; a refused one leaves the previous registered. */
function fakeOs(taken: string[]) {
  const registered = new Map<string, string>(Object.entries(DEFAULT_SETTINGS.hotkeys) as Array<[string, string]>);
  const calls: Hotkeys[] = [];
  const applyHotkeys = (hotkeys: Hotkeys): RegistrationOutcome[] => {
    calls.push({ ...hotkeys });
    const outcomes: RegistrationOutcome[] = [];
    for (const [name, accelerator] of Object.entries(hotkeys) as Array<[keyof Hotkeys, string | null]>) {
      if (registered.get(name) === accelerator || (accelerator === null && !registered.has(name))) continue;
      if (accelerator === null) {
        registered.delete(name);
        continue;
      }
      const ok = !taken.includes(accelerator);
      if (ok) registered.set(name, accelerator);
      outcomes.push({ name, accelerator, ok });
    }
    return outcomes;
  };
  return { applyHotkeys, registered, calls };
}

describe('updateSettings', () => {
  it('starts on the defaults in memory when core is given no store', async () => {
    const c = await core();
    expect(c.getSnapshot().settings).toEqual(DEFAULT_SETTINGS);
    const saved = await must(c.handlers.updateSettings({ theme: 'dark' }));
    expect(saved.theme).toBe('dark');
    expect(c.getSnapshot().settings.theme).toBe('dark');
  });

  it('saves to the store, shows in the snapshot, and is there after a restart of core', async () => {
    const first = await core({ settings: openSettingsStore(dir.path) });
    const pushed: string[] = [];
    first.subscribe((s) => pushed.push(s.settings.theme));
    await must(first.handlers.updateSettings({ theme: 'light', idleThresholdMinutes: null, launchAtLogin: true }));
    expect(pushed.at(-1)).toBe('light');
    await first.stop();

    const again = await core({ settings: openSettingsStore(dir.path) });
    expect(again.getSnapshot().settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', idleThresholdMinutes: null, launchAtLogin: true });
  });

  it('refuses what the contract does not allow before any handler sees it', async () => {
    const c = await core();
    const extra = await dispatch(c.handlers, 'updateSettings', { theme: 'dark', token: 'x' });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    const badTheme = await dispatch(c.handlers, 'updateSettings', { theme: 'blue' });
    expect(badTheme).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'theme' } });
    const badHotkey = await dispatch(c.handlers, 'updateSettings', { hotkeys: { launch: 'Alt+L' } });
    expect(badHotkey).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(c.getSnapshot().settings).toEqual(DEFAULT_SETTINGS);
  });

  it('names the field of a bad value and saves the rest', async () => {
    const os = fakeOs([]);
    const c = await core({ applyHotkeys: os.applyHotkeys });
    const result = await c.handlers.updateSettings({ idleThresholdMinutes: 500, theme: 'dark', hotkeys: { quickEntry: 'Ctrl+Q+W' } });
    expect(result).toEqual({ ok: false, error: { code: 'invalid_input', field: 'hotkeys.quickEntry', message: 'A shortcut has one key besides its modifiers; this one has Q and W.' } });
    expect(c.getSnapshot().settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    // Nothing about shortcuts changed, so the OS was not asked.
    expect(os.calls).toEqual([]);
  });

  it('registers a changed shortcut with the OS and saves it', async () => {
    const os = fakeOs([]);
    const c = await core({ applyHotkeys: os.applyHotkeys, settings: openSettingsStore(dir.path) });
    const saved = await must(c.handlers.updateSettings({ hotkeys: { toggleTimer: 'ctrl+shift+space' } }));
    expect(saved.hotkeys.toggleTimer).toBe('Control+Shift+Space');
    expect(os.registered.get('toggleTimer')).toBe('Control+Shift+Space');
    expect(openSettingsStore(dir.path).get().hotkeys.toggleTimer).toBe('Control+Shift+Space');
  });

  it('keeps the previous shortcut when the OS refuses the new one, and says which', async () => {
    const os = fakeOs(['Control+Alt+T']);
    const c = await core({ applyHotkeys: os.applyHotkeys, settings: openSettingsStore(dir.path) });
    const result = await c.handlers.updateSettings({ hotkeys: { toggleTimer: 'Ctrl+Alt+T', showWindow: 'Alt+Shift+W' }, theme: 'dark' });
    const shown = (a: string) => displayAccelerator(a, process.platform === 'darwin');
    expect(result).toEqual({
      ok: false,
      error: { code: 'invalid_input', field: 'hotkeys.toggleTimer', message: `${shown('Control+Alt+T')} is taken by another application; kept ${shown('CommandOrControl+Alt+T')}.` },
    });
    const settings = c.getSnapshot().settings;
    // The refused one kept, the accepted one and the theme saved.
    expect(settings.hotkeys).toEqual({ ...DEFAULT_SETTINGS.hotkeys, showWindow: 'Alt+Shift+W' });
    expect(settings.theme).toBe('dark');
    expect(os.registered.get('toggleTimer')).toBe(DEFAULT_SETTINGS.hotkeys.toggleTimer);
    expect(openSettingsStore(dir.path).get().hotkeys).toEqual(settings.hotkeys);
  });

  it('turns a shortcut off', async () => {
    const os = fakeOs([]);
    const c = await core({ applyHotkeys: os.applyHotkeys });
    await must(c.handlers.updateSettings({ hotkeys: { quickEntry: null } }));
    expect(os.registered.has('quickEntry')).toBe(false);
    expect(c.getSnapshot().settings.hotkeys.quickEntry).toBeNull();
  });

  it('tells the user of a damaged settings file in a notice', async () => {
    writeFileSync(`${dir.path}/settings.json`, 'not json');
    const c = await core({ settings: openSettingsStore(dir.path) });
    expect(c.getSnapshot().notices.map((n) => n.message)).toEqual([expect.stringMatching(/could not read its settings/)]);
  });
});
