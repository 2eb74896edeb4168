import { describe, expect, it } from 'vitest';
import {
  acceleratorFromKeyPress,
  applySettingsPatch,
  checkAccelerator,
  DEFAULT_SETTINGS,
  displayAccelerator,
  type KeyPress,
  sameAccelerator,
} from '../../../common/settings';
import { DEFAULT_HOTKEYS } from '../../../main/core/desktop/commands';

const accepted = (text: string) => {
  const r = checkAccelerator(text);
  if (!r.ok) throw new Error(`refused ${text}: ${r.message}`);
  return r.accelerator;
};
const refused = (text: string) => {
  const r = checkAccelerator(text);
  if (r.ok) throw new Error(`accepted ${text} as ${r.accelerator}`);
  return r.message;
};

describe('checkAccelerator', () => {
  it('accepts Electron accelerators and writes them the canonical way', () => {
    expect(accepted('ctrl+alt+t')).toBe('Control+Alt+T');
    expect(accepted(' CmdOrCtrl + Shift + 5 ')).toBe('CommandOrControl+Shift+5');
    expect(accepted('Option+Space')).toBe('Alt+Space');
    expect(accepted('Super+F12')).toBe('Super+F12');
    expect(accepted('Alt+Plus')).toBe('Alt+Plus');
    expect(accepted('Control+/')).toBe('Control+/');
    expect(accepted('Alt+up')).toBe('Alt+Up');
    expect(accepted('CommandOrControl+num5')).toBe('CommandOrControl+num5');
    // Keys that type nothing may stand alone.
    expect(accepted('F13')).toBe('F13');
    expect(accepted('MediaPlayPause')).toBe('MediaPlayPause');
  });

  it('keeps the defaults as they are', () => {
    for (const accelerator of Object.values(DEFAULT_HOTKEYS)) expect(accepted(accelerator)).toBe(accelerator);
  });

  it('refuses what Electron cannot read, with a sentence that says how to fix it', () => {
    expect(refused('')).toMatch(/Press a shortcut/);
    expect(refused('Ctrl+')).toMatch(/write the \+ key as Plus/);
    expect(refused('Ctrl++T')).toMatch(/one \+/);
    expect(refused('Ctrl+Alt')).toMatch(/Add a key/);
    expect(refused('Ctrl+Hyper+T')).toMatch(/“Hyper” is not a key/);
    expect(refused('Ctrl+T+U')).toMatch(/one key besides its modifiers; this one has T and U/);
    expect(refused('T+Ctrl')).toMatch(/modifiers first/);
    expect(refused('Ctrl+Control+T')).toMatch(/Control is in the shortcut twice/);
    expect(refused('F25')).toMatch(/not a key/);
  });

  it('refuses a shortcut that would take a typed character from every app', () => {
    expect(refused('T')).toMatch(/Add Ctrl, Alt or another modifier: T alone/);
    expect(refused('Shift+A')).toMatch(/Shift\+A alone/);
    expect(refused('Space')).toMatch(/modifier/);
  });
});

describe('displayAccelerator', () => {
  it('names the keys as the keyboard does', () => {
    expect(displayAccelerator('CommandOrControl+Alt+T', false)).toBe('Ctrl+Alt+T');
    expect(displayAccelerator('CommandOrControl+Alt+T', true)).toBe('⌥⌘T');
  });

  it("writes a Mac's modifiers as its symbols, in Apple's order, and the others' as words, Ctrl first", () => {
    expect(displayAccelerator('Shift+Command+Alt+Control+K', true)).toBe('⌃⌥⇧⌘K');
    expect(displayAccelerator('CmdOrCtrl+Shift+Up', true)).toBe('⇧⌘↑');
    expect(displayAccelerator('Shift+Alt+CmdOrCtrl+K', false)).toBe('Ctrl+Alt+Shift+K');
    expect(displayAccelerator('Super+Return', false)).toBe('Super+Enter');
    expect(displayAccelerator('F13', true)).toBe('F13');
  });

  it('writes what a user can type back: the symbols read as the keys they show', () => {
    expect(accepted('⌥⌘T')).toBe('Alt+Command+T');
    expect(accepted(displayAccelerator('Control+Shift+Down', true))).toBe('Control+Shift+Down');
    expect(accepted(displayAccelerator('CommandOrControl+Alt+T', false))).toBe('Control+Alt+T');
  });

  it('gives back text that is no accelerator as it is', () => {
    expect(displayAccelerator('Ctrl+', false)).toBe('Ctrl+');
  });
});

describe('sameAccelerator', () => {
  it("reads Electron's names as the keys they are on the platform", () => {
    // On Windows and Linux CommandOrControl is Ctrl; on a Mac it is Cmd, and Ctrl is another key.
    expect(sameAccelerator('Ctrl+Alt+T', 'CommandOrControl+Alt+T', false)).toBe(true);
    expect(sameAccelerator('Ctrl+Alt+T', 'CommandOrControl+Alt+T', true)).toBe(false);
    expect(sameAccelerator('Cmd+Alt+T', 'CommandOrControl+Alt+T', true)).toBe(true);
    expect(sameAccelerator('Meta+Alt+T', 'Super+alt+t', false)).toBe(true);
    expect(sameAccelerator('Alt+Enter', 'Alt+Return', false)).toBe(true);
    expect(sameAccelerator('shift+ALT+t', 'Alt+Shift+T')).toBe(true);
  });
});

describe('acceleratorFromKeyPress', () => {
  const press = (over: Partial<KeyPress>): KeyPress => ({
    key: '',
    code: '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...over,
  });

  it('records the physical key with the platform’s main modifier as CommandOrControl', () => {
    expect(acceleratorFromKeyPress(press({ key: 't', code: 'KeyT', ctrlKey: true, altKey: true }), false)).toBe(
      'CommandOrControl+Alt+T',
    );
    expect(acceleratorFromKeyPress(press({ key: '†', code: 'KeyT', metaKey: true, altKey: true }), true)).toBe(
      'CommandOrControl+Alt+T',
    );
    expect(
      acceleratorFromKeyPress(press({ key: 'ArrowUp', code: 'ArrowUp', ctrlKey: true, shiftKey: true }), false),
    ).toBe('CommandOrControl+Shift+Up');
    expect(acceleratorFromKeyPress(press({ key: 'x', code: 'KeyX', ctrlKey: true, metaKey: true }), true)).toBe(
      'CommandOrControl+Control+X',
    );
  });

  it('leaves typing, Tab and a modifier alone to the field', () => {
    expect(acceleratorFromKeyPress(press({ key: 'a', code: 'KeyA' }), false)).toBeNull();
    expect(acceleratorFromKeyPress(press({ key: 'Tab', code: 'Tab', shiftKey: true }), false)).toBeNull();
    expect(acceleratorFromKeyPress(press({ key: 'Control', code: 'ControlLeft', ctrlKey: true }), false)).toBeNull();
  });

  it('makes accelerators the checker accepts', () => {
    const recorded = acceleratorFromKeyPress(press({ key: '-', code: 'Minus', altKey: true }), false)!;
    expect(accepted(recorded)).toBe('Alt+-');
  });
});

describe('applySettingsPatch', () => {
  it('applies the valid fields and names each invalid one, leaving it as it was', () => {
    const { settings, errors } = applySettingsPatch(DEFAULT_SETTINGS, {
      theme: 'dark',
      idleThresholdMinutes: 0,
      hotkeys: { toggleTimer: 'Ctrl+Shift+P', quickEntry: 'Q', showWindow: null },
    });
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      hotkeys: {
        ...DEFAULT_SETTINGS.hotkeys,
        toggleTimer: 'Control+Shift+P',
        quickEntry: DEFAULT_SETTINGS.hotkeys.quickEntry,
        showWindow: null,
      },
    });
    expect(errors.map((e) => e.field)).toEqual(['hotkeys.quickEntry', 'idleThresholdMinutes']);
    expect(errors[1]!.message).toBe('Enter whole minutes from 1 to 240, or turn idle detection off.');
  });

  it('takes idle minutes within bounds, or off', () => {
    expect(applySettingsPatch(DEFAULT_SETTINGS, { idleThresholdMinutes: 240 }).settings.idleThresholdMinutes).toBe(240);
    expect(
      applySettingsPatch(DEFAULT_SETTINGS, { idleThresholdMinutes: null }).settings.idleThresholdMinutes,
    ).toBeNull();
    for (const bad of [241, 1.5, -3])
      expect(applySettingsPatch(DEFAULT_SETTINGS, { idleThresholdMinutes: bad }).errors).toHaveLength(1);
  });

  it('refuses one shortcut for two commands, whatever its spelling, but lets two swap', () => {
    const taken = applySettingsPatch(DEFAULT_SETTINGS, { hotkeys: { quickEntry: 'shift+alt+cmdorctrl+t' } });
    expect(taken.errors).toEqual([
      {
        field: 'hotkeys.quickEntry',
        message: 'That shortcut is already the one for “Start or pause the last timer”.',
        words: { id: 'settings-refusals.shortcut-shared', values: { command: 'toggleTimer', slot: 0 } },
      },
    ]);
    expect(taken.settings.hotkeys.quickEntry).toBe(DEFAULT_SETTINGS.hotkeys.quickEntry);

    const { toggleTimer, quickEntry } = DEFAULT_SETTINGS.hotkeys;
    const swapped = applySettingsPatch(DEFAULT_SETTINGS, {
      hotkeys: { toggleTimer: quickEntry, quickEntry: toggleTimer },
    });
    expect(swapped.errors).toEqual([]);
    expect(swapped.settings.hotkeys).toMatchObject({ toggleTimer: quickEntry, quickEntry: toggleTimer });
  });

  it('refuses Ctrl+Alt+Shift+T beside CommandOrControl+Alt+Shift+T where they are one shortcut (Windows, Linux), not on a Mac', () => {
    const linux = applySettingsPatch(DEFAULT_SETTINGS, { hotkeys: { quickEntry: 'Ctrl+Alt+Shift+T' } }, false);
    expect(linux.errors).toEqual([
      {
        field: 'hotkeys.quickEntry',
        message: 'That shortcut is already the one for “Start or pause the last timer”.',
        words: { id: 'settings-refusals.shortcut-shared', values: { command: 'toggleTimer', slot: 0 } },
      },
    ]);
    expect(linux.settings.hotkeys.quickEntry).toBe(DEFAULT_SETTINGS.hotkeys.quickEntry);
    const mac = applySettingsPatch(DEFAULT_SETTINGS, { hotkeys: { quickEntry: 'Ctrl+Alt+Shift+T' } }, true);
    expect(mac.errors).toEqual([]);
  });

  it('refuses the second of two commands given one shortcut in one change, and saves the first', () => {
    const both = applySettingsPatch(
      DEFAULT_SETTINGS,
      { hotkeys: { toggleTimer: 'Alt+Shift+K', quickEntry: 'shift+alt+k' } },
      false,
    );
    expect(both.errors).toEqual([
      {
        field: 'hotkeys.quickEntry',
        message: 'That shortcut is already the one for “Start or pause the last timer”.',
        words: { id: 'settings-refusals.shortcut-shared', values: { command: 'toggleTimer', slot: 0 } },
      },
    ]);
    expect(both.settings.hotkeys).toEqual({ ...DEFAULT_SETTINGS.hotkeys, toggleTimer: 'Alt+Shift+K' });
  });

  it('takes an empty shortcut as none', () => {
    expect(
      applySettingsPatch(DEFAULT_SETTINGS, { hotkeys: { showWindow: '  ' } }).settings.hotkeys.showWindow,
    ).toBeNull();
  });
});

describe('the reminder settings', () => {
  const on = applySettingsPatch(DEFAULT_SETTINGS, { reminder: { enabled: true } });

  it('are off by default, Monday to Friday 09:00–17:00, 10 minutes after a timer stops', () => {
    expect(DEFAULT_SETTINGS.reminder).toEqual({
      enabled: false,
      days: [1, 2, 3, 4, 5],
      from: '09:00',
      to: '17:00',
      afterMinutes: 10,
    });
  });

  it('take the minutes after a timer stops, whole and from 0 to 240, refusing others at their field', () => {
    expect(applySettingsPatch(on.settings, { reminder: { afterMinutes: 0 } }).settings.reminder.afterMinutes).toBe(0);
    for (const afterMinutes of [-1, 241, 1.5, Number.NaN]) {
      const { settings, errors } = applySettingsPatch(on.settings, { reminder: { afterMinutes } });
      expect(errors).toEqual([
        {
          field: 'reminder.afterMinutes',
          message: 'Enter whole minutes from 0 to 240.',
          words: { id: 'settings-refusals.reminder-minutes', values: { min: 0, max: 240 } },
        },
      ]);
      expect(settings.reminder.afterMinutes).toBe(10);
    }
  });

  it('take days, from and to, keeping what the patch does not name', () => {
    const { settings, errors } = applySettingsPatch(on.settings, { reminder: { days: [6, 0, 6], from: '07:30' } });
    expect(errors).toEqual([]);
    expect(settings.reminder).toEqual({ enabled: true, days: [0, 6], from: '07:30', to: '17:00', afterMinutes: 10 });
  });

  it('refuses hours that end before they start, at the field that moved, and keeps the old hours', () => {
    const late = applySettingsPatch(on.settings, { reminder: { from: '18:00' } });
    expect(late.errors).toEqual([
      {
        field: 'reminder.from',
        message: 'The hours must start before they end: choose a time earlier than 17:00.',
        words: { id: 'settings-refusals.hours-start-before', values: { time: '17:00' } },
      },
    ]);
    expect(late.settings.reminder).toEqual(on.settings.reminder);

    const early = applySettingsPatch(on.settings, { reminder: { from: '10:00', to: '10:00' } });
    expect(early.errors).toEqual([
      {
        field: 'reminder.to',
        message: 'The hours must end after they start: choose a time later than 10:00.',
        words: { id: 'settings-refusals.hours-end-after', values: { time: '10:00' } },
      },
    ]);
    expect(early.settings.reminder.from).toBe('09:00');

    // Both ends moved together, in order: accepted though the new start is after the old end.
    expect(applySettingsPatch(on.settings, { reminder: { from: '18:00', to: '22:00' } }).errors).toEqual([]);
  });

  it('refuses a time that is not HH:MM, and no days at all, each at its field in words', () => {
    const { errors, settings } = applySettingsPatch(on.settings, {
      reminder: { to: '25:00', days: [], enabled: false },
    });
    expect(errors).toEqual([
      { field: 'reminder.days', message: 'Choose at least one day.', words: { id: 'settings-refusals.no-days' } },
      {
        field: 'reminder.to',
        message: 'Enter a time of day as HH:MM, like 09:00.',
        words: { id: 'settings-refusals.time-of-day' },
      },
    ]);
    // The valid part still applies.
    expect(settings.reminder).toEqual({ ...DEFAULT_SETTINGS.reminder, enabled: false });
  });
});
