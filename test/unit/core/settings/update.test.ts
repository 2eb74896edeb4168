// The updateSettings call through core: checked as the contract and the settings' rules say,
// saved, shown in the snapshot, and registered with the OS by core's own shortcut decisions
// (main/core/settings/shortcuts.ts): a shortcut the OS refuses keeps the previous one, registered
// and saved. Only the OS is fake: a port that refuses what other apps hold.
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../common/dispatch';
import { withAccountsRefused } from '../../../support/soleCore';
import { DEFAULT_HOTKEYS, DEFAULT_SETTINGS, displayAccelerator } from '../../../../common/settings';
import type { CommandName } from '../../../../main/core/desktop/commands';
import { createCore } from '../../../../main/core/core';
import { openSettingsStore } from '../../../../main/core/settings/file';
import { createShortcuts, type ShortcutPort } from '../../../../main/core/settings/shortcuts';
import type { Core, CoreOptions } from '../../../../main/core/types';
import { fakeClock } from '../../../support/clock';
import { must } from '../../../support/result';
import { ACCOUNT, unreachableApi } from '../../../support/offline';
import { tempDir } from '../../../support/tempDir';

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
  const c = await createCore({
    api: await unreachableApi(),
    dataDir: dir.path,
    account: ACCOUNT,
    clock: fakeClock(),
    ...options,
  });
  cores.push(c);
  return c;
}

/**
 * The OS's shortcut registry as Electron's globalShortcut behaves: an accelerator held by another
 * app, or already by us, is refused; one it cannot parse throws. The app's shortcuts are the
 * defaults, registered at start as the shell does.
 */
function fakeOs(takenByOthers: string[], unreadable: string[] = []) {
  const held = new Map<string, CommandName>();
  const asked: string[] = [];
  const port: ShortcutPort = {
    register(accelerator, name) {
      if (unreadable.includes(accelerator)) throw new Error(`Failed to parse accelerator ${accelerator}`);
      asked.push(accelerator);
      if (takenByOthers.includes(accelerator) || held.has(accelerator)) return false;
      held.set(accelerator, name);
      return true;
    },
    unregister: (accelerator) => void held.delete(accelerator),
  };
  const shortcuts = createShortcuts(port);
  shortcuts.apply(DEFAULT_SETTINGS.hotkeys);
  asked.length = 0;
  /** The accelerator the OS has for the command, or undefined. */
  const heldFor = (name: CommandName) => [...held].find(([, n]) => n === name)?.[0];
  return { applyHotkeys: shortcuts.apply, shortcuts, held, heldFor, asked };
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
    expect(again.getSnapshot().settings).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'light',
      idleThresholdMinutes: null,
      launchAtLogin: true,
    });
  });

  it('refuses what the contract does not allow before any handler sees it', async () => {
    const c = await core();
    const extra = await dispatch(withAccountsRefused(c.handlers), 'updateSettings', { theme: 'dark', token: 'x' });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    const badTheme = await dispatch(withAccountsRefused(c.handlers), 'updateSettings', { theme: 'blue' });
    expect(badTheme).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'theme' } });
    const badHotkey = await dispatch(withAccountsRefused(c.handlers), 'updateSettings', {
      hotkeys: { launch: 'Alt+L' },
    });
    expect(badHotkey).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(c.getSnapshot().settings).toEqual(DEFAULT_SETTINGS);
  });

  it('names the field of a bad value and saves the rest', async () => {
    const os = fakeOs([]);
    const c = await core({ applyHotkeys: os.applyHotkeys });
    const result = await c.handlers.updateSettings({
      idleThresholdMinutes: 500,
      theme: 'dark',
      hotkeys: { quickEntry: 'Ctrl+Q+W' },
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        field: 'hotkeys.quickEntry',
        message: 'A shortcut has one key besides its modifiers; this one has Q and W.',
        words: { id: 'settings-refusals.shortcut-two-keys', values: { first: 'Q', second: 'W' } },
      },
    });
    expect(c.getSnapshot().settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    // Nothing about shortcuts changed, so the OS was not asked.
    expect(os.asked).toEqual([]);
  });

  it("refuses another command's shortcut written as this platform's keyboard names it, at the second field", async () => {
    const os = fakeOs([]);
    const c = await core({ applyHotkeys: os.applyHotkeys, settings: openSettingsStore(dir.path) });
    // Ctrl+Alt+Shift+T on Windows and Linux, Cmd+Alt+Shift+T on a Mac: the default CommandOrControl+Alt+Shift+T there.
    const same = process.platform === 'darwin' ? 'Cmd+Alt+Shift+T' : 'Ctrl+Alt+Shift+T';
    const result = await c.handlers.updateSettings({ hotkeys: { showWindow: same } });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        field: 'hotkeys.showWindow',
        message: 'That shortcut is already the one for “Start or pause the last timer”.',
        words: { id: 'settings-refusals.shortcut-shared', values: { command: 'toggleTimer', slot: 0 } },
      },
    });
    expect(c.getSnapshot().settings.hotkeys).toEqual(DEFAULT_SETTINGS.hotkeys);
    expect(openSettingsStore(dir.path).get().hotkeys).toEqual(DEFAULT_SETTINGS.hotkeys);
  });

  it('registers a changed shortcut with the OS and saves it', async () => {
    const os = fakeOs([]);
    const c = await core({ applyHotkeys: os.applyHotkeys, settings: openSettingsStore(dir.path) });
    const saved = await must(c.handlers.updateSettings({ hotkeys: { toggleTimer: 'ctrl+shift+space' } }));
    expect(saved.hotkeys.toggleTimer).toBe('Control+Shift+Space');
    expect(os.heldFor('toggleTimer')).toBe('Control+Shift+Space');
    // The old one is given up, the others not touched.
    expect(os.held.has(DEFAULT_HOTKEYS.toggleTimer)).toBe(false);
    expect(os.asked).toEqual(['Control+Shift+Space']);
    expect(openSettingsStore(dir.path).get().hotkeys.toggleTimer).toBe('Control+Shift+Space');
  });

  it('keeps the previous shortcut when the OS refuses the new one, and says which', async () => {
    const os = fakeOs(['Control+Alt+T']);
    const c = await core({ applyHotkeys: os.applyHotkeys, settings: openSettingsStore(dir.path) });
    const result = await c.handlers.updateSettings({
      hotkeys: { toggleTimer: 'Ctrl+Alt+T', showWindow: 'Alt+Shift+W' },
      theme: 'dark',
    });
    const shown = (a: string) => displayAccelerator(a, process.platform === 'darwin');
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        field: 'hotkeys.toggleTimer',
        message: `${shown('Control+Alt+T')} is taken by another application; kept ${shown('CommandOrControl+Alt+Shift+T')}.`,
        words: {
          id: 'settings-refusals.shortcut-taken',
          values: { keys: shown('Control+Alt+T'), kept: 'previous', previous: shown('CommandOrControl+Alt+Shift+T') },
        },
      },
    });
    const settings = c.getSnapshot().settings;
    // The refused one kept, the accepted one and the theme saved.
    expect(settings.hotkeys).toEqual({ ...DEFAULT_SETTINGS.hotkeys, showWindow: 'Alt+Shift+W' });
    expect(settings.theme).toBe('dark');
    // The OS still has the previous one (given up, refused the new one, taken back) and the new other one.
    expect(os.heldFor('toggleTimer')).toBe(DEFAULT_SETTINGS.hotkeys.toggleTimer);
    expect(os.heldFor('showWindow')).toBe('Alt+Shift+W');
    expect(os.shortcuts.registered()).toEqual({ ...DEFAULT_HOTKEYS, showWindow: 'Alt+Shift+W' });
    expect(openSettingsStore(dir.path).get().hotkeys).toEqual(settings.hotkeys);
  });

  it('counts an accelerator the OS throws at as refused, and keeps the previous one', async () => {
    // The settings' own check lets only Electron's grammar through; should Electron still throw, the user hears of it at the field.
    const os = fakeOs([], ['Alt+Shift+F13']);
    const c = await core({ applyHotkeys: os.applyHotkeys });
    const result = await c.handlers.updateSettings({ hotkeys: { quickEntry: 'Alt+Shift+F13' } });
    expect(result).toMatchObject({
      ok: false,
      error: { field: 'hotkeys.quickEntry', message: expect.stringContaining('kept') },
    });
    expect(os.heldFor('quickEntry')).toBe(DEFAULT_SETTINGS.hotkeys.quickEntry);
    expect(c.getSnapshot().settings.hotkeys.quickEntry).toBe(DEFAULT_SETTINGS.hotkeys.quickEntry);
  });

  it('refuses at the field a shortcut another command already has, without asking the OS', async () => {
    const os = fakeOs([]);
    const c = await core({ applyHotkeys: os.applyHotkeys });
    const result = await c.handlers.updateSettings({ hotkeys: { quickEntry: 'CmdOrCtrl+Alt+Shift+T' } });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        field: 'hotkeys.quickEntry',
        message: 'That shortcut is already the one for “Start or pause the last timer”.',
        words: { id: 'settings-refusals.shortcut-shared', values: { command: 'toggleTimer', slot: 0 } },
      },
    });
    expect(c.getSnapshot().settings.hotkeys).toEqual(DEFAULT_SETTINGS.hotkeys);
    expect(os.asked).toEqual([]);
    expect(os.heldFor('quickEntry')).toBe(DEFAULT_SETTINGS.hotkeys.quickEntry);
  });

  it('lets two commands swap their shortcuts in one change', async () => {
    const os = fakeOs([]);
    const c = await core({ applyHotkeys: os.applyHotkeys });
    const { toggleTimer, quickEntry } = DEFAULT_SETTINGS.hotkeys;
    await must(c.handlers.updateSettings({ hotkeys: { toggleTimer: quickEntry, quickEntry: toggleTimer } }));
    expect(os.heldFor('toggleTimer')).toBe(quickEntry);
    expect(os.heldFor('quickEntry')).toBe(toggleTimer);
  });

  it('turns a shortcut off', async () => {
    const os = fakeOs([]);
    const c = await core({ applyHotkeys: os.applyHotkeys });
    await must(c.handlers.updateSettings({ hotkeys: { quickEntry: null } }));
    expect(os.heldFor('quickEntry')).toBeUndefined();
    expect(os.held.has(DEFAULT_HOTKEYS.quickEntry)).toBe(false);
    expect(os.heldFor('toggleTimer')).toBe(DEFAULT_SETTINGS.hotkeys.toggleTimer);
    expect(c.getSnapshot().settings.hotkeys.quickEntry).toBeNull();
  });

  it('tells the user of a damaged settings file in a notice', async () => {
    writeFileSync(`${dir.path}/settings.json`, 'not json');
    const c = await core({ settings: openSettingsStore(dir.path) });
    expect(c.getSnapshot().notices.map((n) => n.message)).toEqual([
      expect.stringMatching(/could not read its settings/),
    ]);
  });
});
