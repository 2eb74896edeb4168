// Global shortcut accelerators in Electron's grammar: checked as the user types one, recorded
// from a key press, written back in the spelling Electron's documentation uses. No Node, no
// Electron: the renderer imports this.

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

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; message: string };

/**
 * Checks a typed accelerator and writes it the canonical way ("ctrl+alt+t" → "Control+Alt+T").
 * A global shortcut is taken from every app, so one that types a character needs a modifier other
 * than Shift: "Shift+A" alone would take the capital A from the user's typing everywhere.
 */
export function checkAccelerator(text: string): AcceleratorCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Press a shortcut, like Ctrl+Alt+T.' };
  if (trimmed.length > 100) return { ok: false, message: 'That is too long for a shortcut.' };
  if (/\+\s*$/.test(trimmed)) return { ok: false, message: 'End the shortcut with a key; write the + key as Plus.' };
  const parts = trimmed.split('+').map((p) => p.trim());
  if (parts.some((p) => p === '')) return { ok: false, message: 'Join the keys with one +, like Ctrl+Alt+T.' };

  const modifiers: string[] = [];
  let key: string | null = null;
  for (const part of parts) {
    const modifier = MODIFIERS[part.toLowerCase()];
    if (modifier) {
      if (key !== null)
        return { ok: false, message: `Put the modifiers first and the key last, like Ctrl+Alt+${key}.` };
      if (modifiers.includes(modifier)) return { ok: false, message: `${modifier} is in the shortcut twice.` };
      modifiers.push(modifier);
      continue;
    }
    const named = keyName(part);
    if (!named)
      return {
        ok: false,
        message: `“${part}” is not a key Stint knows. Use a letter, a digit, F1–F24 or a key name like Space or Up.`,
      };
    if (key !== null)
      return { ok: false, message: `A shortcut has one key besides its modifiers; this one has ${key} and ${named}.` };
    key = named;
  }
  if (key === null) return { ok: false, message: 'Add a key after the modifiers, like Ctrl+Alt+T.' };
  if (!isSilentKey(key) && !modifiers.some((m) => m !== 'Shift')) {
    return {
      ok: false,
      message: `Add Ctrl, Alt or another modifier: ${modifiers.length ? 'Shift+' : ''}${key} alone would take that key from every app.`,
    };
  }
  return { ok: true, accelerator: [...modifiers, key].join('+') };
}

function keyName(part: string): string | null {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase();
  if (/^f([1-9]|1\d|2[0-4])$/i.test(part)) return part.toUpperCase();
  if (part.length === 1 && PUNCTUATION.has(part)) return part;
  return NAMED.get(part.toLowerCase()) ?? null;
}

/** An accelerator as the user's keyboard names it: "CommandOrControl+Alt+T" is "Ctrl+Alt+T", or "Cmd+Alt+T" on a Mac. */
export function displayAccelerator(accelerator: string, mac: boolean): string {
  const words: Record<string, string> = mac
    ? { CommandOrControl: 'Cmd', Command: 'Cmd', Control: 'Ctrl', Alt: 'Option', Super: 'Cmd', Meta: 'Cmd' }
    : { CommandOrControl: 'Ctrl', Control: 'Ctrl', Command: 'Super', Super: 'Super', Meta: 'Super' };
  return accelerator
    .split('+')
    .map((part) => words[part] ?? part)
    .join('+');
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

/** Whether two accelerators name the same keys, whatever their spelling and order of modifiers. */
export function sameAccelerator(a: string, b: string): boolean {
  const key = (text: string) => {
    const checked = checkAccelerator(text);
    if (!checked.ok) return text;
    const parts = checked.accelerator.split('+');
    const last = parts.pop()!;
    return [...parts.sort(), last].join('+');
  };
  return key(a) === key(b);
}
