// Global shortcut accelerators in Electron's grammar: checked as the user types one, recorded
// from a key press, written back in the spelling Electron's documentation uses. No Node, no
// Electron: the renderer imports this.

import type { MessageRef } from './result';

// Electron's grammar: modifiers joined by '+', then one key. Electron reads names case-insensitively;
// we write them back in the spelling its documentation uses.

const MODIFIERS: Readonly<Record<string, string>> = {
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Meta',
};

const NAMED_KEYS = [
  'Plus',
  'Space',
  'Tab',
  'Capslock',
  'Numlock',
  'Scrolllock',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Esc',
  'VolumeUp',
  'VolumeDown',
  'VolumeMute',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
  'PrintScreen',
  'num0',
  'num1',
  'num2',
  'num3',
  'num4',
  'num5',
  'num6',
  'num7',
  'num8',
  'num9',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
];
const NAMED: ReadonlyMap<string, string> = new Map(NAMED_KEYS.map((k) => [k.toLowerCase(), k]));
const PUNCTUATION = new Set([...')!@#$%^&*(:;<,_->.?/~`{][|\\}"=\'']);

/** Keys that type nothing: a shortcut of one of these alone does not eat the user's typing. */
const isSilentKey = (key: string) =>
  /^F([1-9]|1\d|2[0-4])$/.test(key) || key.startsWith('Media') || key.startsWith('Volume') || key === 'PrintScreen';

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; message: string; words: MessageRef };

/** A refusal: English for logs and `--json`, and the same as a catalog message (settings-refusals) for the window. */
const refused = (message: string, id: string, values?: Record<string, string>): AcceleratorCheck => ({
  ok: false,
  message,
  words: values ? { id, values } : { id },
});

/**
 * Checks a typed accelerator and writes it the canonical way ("ctrl+alt+t" → "Control+Alt+T").
 * A global shortcut is taken from every app, so one that types a character needs a modifier other
 * than Shift: "Shift+A" alone would take the capital A from the user's typing everywhere.
 */
export function checkAccelerator(text: string): AcceleratorCheck {
  const trimmed = fromMacSymbols(text.trim());
  if (trimmed === '') return refused('Press a shortcut, like Ctrl+Alt+T.', 'settings-refusals.shortcut-empty');
  if (trimmed.length > 100) return refused('That is too long for a shortcut.', 'settings-refusals.shortcut-too-long');
  if (/\+\s*$/.test(trimmed))
    return refused(
      'End the shortcut with a key; write the + key as Plus.',
      'settings-refusals.shortcut-ends-with-plus',
    );
  const parts = trimmed.split('+').map((p) => p.trim());
  if (parts.some((p) => p === ''))
    return refused('Join the keys with one +, like Ctrl+Alt+T.', 'settings-refusals.shortcut-join');

  const modifiers: string[] = [];
  let key: string | null = null;
  for (const part of parts) {
    const modifier = MODIFIERS[part.toLowerCase()];
    if (modifier) {
      if (key !== null)
        return refused(
          `Put the modifiers first and the key last, like Ctrl+Alt+${key}.`,
          'settings-refusals.shortcut-modifiers-first',
          { key },
        );
      if (modifiers.includes(modifier))
        return refused(`${modifier} is in the shortcut twice.`, 'settings-refusals.shortcut-modifier-twice', {
          modifier,
        });
      modifiers.push(modifier);
      continue;
    }
    const named = keyName(part);
    if (!named)
      return refused(
        `“${part}” is not a key Stint knows. Use a letter, a digit, F1–F24 or a key name like Space or Up.`,
        'settings-refusals.shortcut-unknown-key',
        { part },
      );
    if (key !== null)
      return refused(
        `A shortcut has one key besides its modifiers; this one has ${key} and ${named}.`,
        'settings-refusals.shortcut-two-keys',
        { first: key, second: named },
      );
    key = named;
  }
  if (key === null)
    return refused('Add a key after the modifiers, like Ctrl+Alt+T.', 'settings-refusals.shortcut-no-key');
  if (!isSilentKey(key) && !modifiers.some((m) => m !== 'Shift')) {
    const keys = `${modifiers.length ? 'Shift+' : ''}${key}`;
    return refused(
      `Add Ctrl, Alt or another modifier: ${keys} alone would take that key from every app.`,
      'settings-refusals.shortcut-needs-modifier',
      { keys },
    );
  }
  return { ok: true, accelerator: [...modifiers, key].join('+') };
}

function keyName(part: string): string | null {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase();
  if (/^f([1-9]|1\d|2[0-4])$/i.test(part)) return part.toUpperCase();
  if (part.length === 1 && PUNCTUATION.has(part)) return part;
  return NAMED.get(part.toLowerCase()) ?? null;
}

// A Mac names modifiers by symbols, in Apple's order (Control, Option, Shift, Command) and without
// a '+'; Windows and Linux by words joined by '+', Ctrl first. Where Electron's name means another
// key on this platform (CommandOrControl, Super), the platform's own key is named.
const MAC_SYMBOLS: Readonly<Record<string, string>> = { Control: '⌃', Alt: '⌥', AltGr: '⌥', Shift: '⇧', Command: '⌘' };
const MAC_ORDER = ['Control', 'Alt', 'AltGr', 'Shift', 'Command'];
const PC_WORDS: Readonly<Record<string, string>> = {
  Control: 'Ctrl',
  Super: 'Super',
  Alt: 'Alt',
  AltGr: 'AltGr',
  Shift: 'Shift',
};
const PC_ORDER = ['Control', 'Super', 'Alt', 'AltGr', 'Shift'];
const MAC_KEYS: Readonly<Record<string, string>> = {
  Up: '↑',
  Down: '↓',
  Left: '←',
  Right: '→',
  Return: '↩',
  Enter: '↩',
  Escape: '⎋',
  Esc: '⎋',
  Tab: '⇥',
  Backspace: '⌫',
  Delete: '⌦',
};
const PC_KEYS: Readonly<Record<string, string>> = { Return: 'Enter', Escape: 'Esc' };

/** The key Electron's modifier name means on this platform, in our canonical names. */
function platformModifier(modifier: string, mac: boolean): string {
  if (modifier === 'CommandOrControl') return mac ? 'Command' : 'Control';
  if (modifier === 'Super' || modifier === 'Meta' || modifier === 'Command') return mac ? 'Command' : 'Super';
  return modifier;
}

/**
 * An accelerator as the user's keyboard names it: "CommandOrControl+Alt+T" is "Ctrl+Alt+T" on
 * Windows and Linux, "⌥⌘T" on a Mac. Text that is not an accelerator is given back as it is.
 */
export function displayAccelerator(accelerator: string, mac: boolean): string {
  const checked = checkAccelerator(accelerator);
  if (!checked.ok) return accelerator;
  const parts = checked.accelerator.split('+');
  const key = parts.pop()!;
  const modifiers = new Set(parts.map((m) => platformModifier(m, mac)));
  if (mac) {
    const symbols = MAC_ORDER.filter((m) => modifiers.has(m)).map((m) => MAC_SYMBOLS[m]);
    return [...new Set(symbols)].join('') + (MAC_KEYS[key] ?? key);
  }
  return [...PC_ORDER.filter((m) => modifiers.has(m)).map((m) => PC_WORDS[m]), PC_KEYS[key] ?? key].join('+');
}

/** "⌥⌘T" (as displayAccelerator writes it on a Mac, or a user types it) in Electron's words: "Alt+Command+T". */
function fromMacSymbols(text: string): string {
  // ⌃⌥⇧⌘ as escapes: the main bundle must stay ASCII (test/unit/build/asciiBundle.test.ts).
  const m = /^([\u2303\u2325\u21E7\u2318]+)\+?(.*)$/.exec(text);
  if (!m) return text;
  const names: Record<string, string> = { '⌃': 'Control', '⌥': 'Alt', '⇧': 'Shift', '⌘': 'Command' };
  const keys = Object.fromEntries(Object.entries(MAC_KEYS).map(([name, symbol]) => [symbol, name]));
  const rest = m[2]!.trim();
  return [...[...m[1]!].map((s) => names[s]), keys[rest] ?? rest].join('+');
}

/** The key fields of a keyboard event that recording a shortcut needs. */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const CODE_KEYS: Readonly<Record<string, string>> = {
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Enter: 'Return',
  NumpadEnter: 'Return',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
  NumpadAdd: 'numadd',
  NumpadSubtract: 'numsub',
  NumpadMultiply: 'nummult',
  NumpadDivide: 'numdiv',
  NumpadDecimal: 'numdec',
};

/**
 * The accelerator a key press makes while a shortcut field records, or null when the press is not
 * one (a modifier alone, or a key with no Ctrl, Alt or Cmd: typing and Tab keep their meaning). The
 * physical key (`code`) names it, so Alt+T on a Mac (which types †) is still Alt+T. The platform's
 * main modifier (Cmd on a Mac, Ctrl elsewhere) is recorded as CommandOrControl.
 */
export function acceleratorFromKeyPress(press: KeyPress, mac: boolean): string | null {
  if (!press.ctrlKey && !press.metaKey && !press.altKey) return null;
  const key = keyFromCode(press.code) ?? keyName(press.key);
  if (!key) return null;
  const modifiers: string[] = [];
  const primary = mac ? press.metaKey : press.ctrlKey;
  const other = mac ? press.ctrlKey : press.metaKey;
  if (primary) modifiers.push('CommandOrControl');
  if (other) modifiers.push(mac ? 'Control' : 'Super');
  if (press.altKey) modifiers.push('Alt');
  if (press.shiftKey) modifiers.push('Shift');
  return [...modifiers, key].join('+');
}

function keyFromCode(code: string): string | null {
  let m = /^Key([A-Z])$/.exec(code) ?? /^Digit(\d)$/.exec(code);
  if (m) return m[1]!;
  m = /^Numpad(\d)$/.exec(code);
  if (m) return `num${m[1]}`;
  if (/^F([1-9]|1\d|2[0-4])$/.test(code)) return code;
  if (
    code === 'Space' ||
    code === 'Tab' ||
    code === 'Backspace' ||
    code === 'Delete' ||
    code === 'Insert' ||
    code === 'Home' ||
    code === 'End' ||
    code === 'PageUp' ||
    code === 'PageDown' ||
    code === 'Escape'
  )
    return code;
  return CODE_KEYS[code] ?? null;
}

/** The same key's other names in Electron's grammar. */
const KEY_ALIASES: Readonly<Record<string, string>> = { Enter: 'Return', Esc: 'Escape' };

/**
 * Whether two accelerators name the same keys, whatever their spelling and order of modifiers.
 * Given the platform, Electron's names are read as the keys they are there: on Windows and Linux
 * CommandOrControl is Control ("Ctrl+Alt+T" and "CommandOrControl+Alt+T" are one shortcut), on a
 * Mac it is Command. Without it, only names that mean the same key everywhere are taken as equal.
 */
export function sameAccelerator(a: string, b: string, mac?: boolean): boolean {
  return acceleratorIdentity(a, mac) === acceleratorIdentity(b, mac);
}

function acceleratorIdentity(text: string, mac: boolean | undefined): string {
  const checked = checkAccelerator(text);
  if (!checked.ok) return text;
  const parts = checked.accelerator.split('+');
  const key = parts.pop()!;
  const modifiers = parts.map((m) => (mac !== undefined ? platformModifier(m, mac) : m === 'Meta' ? 'Super' : m));
  return [...new Set(modifiers)]
    .sort()
    .concat(KEY_ALIASES[key] ?? key)
    .join('+');
}
