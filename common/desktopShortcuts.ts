// The desktop's own custom shortcut, for where Stint cannot register a global one (Wayland without
// a working GlobalShortcuts portal): the exact commands that make GNOME or KDE run a Stint command
// line when the user presses the keys, for Settings › Shortcuts to show and copy. Pure and without
// Node, so the renderer builds them from the accelerator typed in the field.
//
// Each layer's quoting is its own and they nest: the command's arguments are quoted for the
// desktop's launcher (GNOME: g_shell_parse_argv's shell rules; KDE: the Desktop Entry spec's Exec
// rules), GNOME's value is then a GVariant string, and everything is finally quoted for the
// POSIX shell (sh, bash, zsh) the user pastes it into.

import { checkAccelerator } from './accelerators';

export interface DesktopShortcut {
  /** A stable id, letters, digits and dashes: GNOME's schema path and KDE's .desktop file are named by it. */
  id: string;
  /** What the desktop's shortcut list calls it. */
  name: string;
  /** In Electron's grammar, as the settings keep it. */
  accelerator: string;
  /** The command line to run, one string per argument (the first is the program's path). */
  command: readonly string[];
}

const MEDIA_KEYS = 'org.gnome.settings-daemon.plugins.media-keys';
const CUSTOM_PATH = '/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings';

/**
 * The shell lines that add the shortcut to GNOME's custom keybindings (Settings › Keyboard ›
 * Custom Shortcuts): its path appended to the list, keeping the ones already there (GNOME prints an
 * empty list as `@as []`), then its name, command and binding. Null when GNOME has no name for a key.
 */
export function gnomeShortcutCommands(shortcut: DesktopShortcut): string | null {
  const binding = gtkAccelerator(shortcut.accelerator);
  if (binding === null) return null;
  const schema = `${MEDIA_KEYS}.custom-keybinding:${CUSTOM_PATH}/${safeId(shortcut.id)}/`;
  // GNOME splits the command as g_shell_parse_argv does: the POSIX shell's quoting reads the same.
  const command = shortcut.command.map(shellQuote).join(' ');
  return [
    `KEY=${CUSTOM_PATH}/${safeId(shortcut.id)}/`,
    `LIST=$(gsettings get ${MEDIA_KEYS} custom-keybindings)`,
    `case "$LIST" in *"'$KEY'"*) ;; "@as []"|"[]") LIST="['$KEY']" ;; *) LIST="\${LIST%]}, '$KEY']" ;; esac`,
    `gsettings set ${MEDIA_KEYS} custom-keybindings "$LIST"`,
    `gsettings set ${schema} name ${shellQuote(gvariantString(shortcut.name))}`,
    `gsettings set ${schema} command ${shellQuote(gvariantString(command))}`,
    `gsettings set ${schema} binding ${shellQuote(gvariantString(binding))}`,
  ].join('\n');
}

/**
 * The shell lines that make KDE Plasma run the command on the keys: a hidden .desktop launcher and
 * its shortcut in kglobalshortcutsrc (what System Settings › Shortcuts › Add New › Command writes).
 * kglobalaccel reads the file when the session starts. Null when Qt has no name for a key.
 */
export function kdeShortcutCommands(shortcut: DesktopShortcut): string | null {
  const keys = qtKeySequence(shortcut.accelerator);
  if (keys === null) return null;
  const file = `${safeId(shortcut.id)}.desktop`;
  return [
    'mkdir -p "$HOME/.local/share/applications"',
    `cat > "$HOME/.local/share/applications/${file}" <<'EOF'`,
    '[Desktop Entry]',
    'Type=Application',
    `Name=${desktopEntryValue(shortcut.name)}`,
    `Exec=${shortcut.command.map(desktopExecQuote).join(' ')}`,
    'NoDisplay=true',
    'StartupNotify=false',
    'X-KDE-GlobalAccel-CommandShortcut=true',
    'EOF',
    `kwriteconfig6 --file kglobalshortcutsrc --group services --group ${file} --key _launch ${shellQuote(keys)}`,
  ].join('\n');
}

// --- Keys ------------------------------------------------------------------------------------------

const GTK_MODIFIERS: Readonly<Record<string, string>> = {
  CommandOrControl: '<Control>',
  Control: '<Control>',
  Alt: '<Alt>',
  Shift: '<Shift>',
  Super: '<Super>',
  Meta: '<Super>',
  Command: '<Super>',
};
const GTK_KEYS: Readonly<Record<string, string>> = {
  Plus: 'plus',
  Space: 'space',
  Tab: 'Tab',
  Capslock: 'Caps_Lock',
  Numlock: 'Num_Lock',
  Scrolllock: 'Scroll_Lock',
  Backspace: 'BackSpace',
  Delete: 'Delete',
  Insert: 'Insert',
  Return: 'Return',
  Enter: 'Return',
  Up: 'Up',
  Down: 'Down',
  Left: 'Left',
  Right: 'Right',
  Home: 'Home',
  End: 'End',
  PageUp: 'Page_Up',
  PageDown: 'Page_Down',
  Escape: 'Escape',
  Esc: 'Escape',
  VolumeUp: 'XF86AudioRaiseVolume',
  VolumeDown: 'XF86AudioLowerVolume',
  VolumeMute: 'XF86AudioMute',
  MediaNextTrack: 'XF86AudioNext',
  MediaPreviousTrack: 'XF86AudioPrev',
  MediaStop: 'XF86AudioStop',
  MediaPlayPause: 'XF86AudioPlay',
  PrintScreen: 'Print',
  numdec: 'KP_Decimal',
  numadd: 'KP_Add',
  numsub: 'KP_Subtract',
  nummult: 'KP_Multiply',
  numdiv: 'KP_Divide',
  ')': 'parenright',
  '!': 'exclam',
  '@': 'at',
  '#': 'numbersign',
  $: 'dollar',
  '%': 'percent',
  '^': 'asciicircum',
  '&': 'ampersand',
  '*': 'asterisk',
  '(': 'parenleft',
  ':': 'colon',
  ';': 'semicolon',
  '<': 'less',
  ',': 'comma',
  _: 'underscore',
  '-': 'minus',
  '>': 'greater',
  '.': 'period',
  '?': 'question',
  '/': 'slash',
  '~': 'asciitilde',
  '`': 'grave',
  '{': 'braceleft',
  ']': 'bracketright',
  '[': 'bracketleft',
  '|': 'bar',
  '\\': 'backslash',
  '}': 'braceright',
  '"': 'quotedbl',
  '=': 'equal',
  "'": 'apostrophe',
};

/** GTK's accelerator for GNOME ("CommandOrControl+Alt+Shift+T" → "<Control><Alt><Shift>t"), or null. */
export function gtkAccelerator(accelerator: string): string | null {
  const parts = acceleratorParts(accelerator);
  if (!parts) return null;
  const modifiers = parts.modifiers.map((m) => GTK_MODIFIERS[m]);
  if (modifiers.some((m) => m === undefined)) return null;
  const { key } = parts;
  const name = /^[A-Z]$/.test(key)
    ? key.toLowerCase()
    : /^(\d|F\d+)$/.test(key)
      ? key
      : /^num\d$/.test(key)
        ? `KP_${key.slice(3)}`
        : GTK_KEYS[key];
  return name === undefined ? null : [...new Set(modifiers)].join('') + name;
}

// Qt writes modifiers in this order (kglobalshortcutsrc: "Meta+Ctrl+Alt+Shift+T").
const QT_MODIFIERS: ReadonlyArray<[string, readonly string[]]> = [
  ['Meta', ['Super', 'Meta', 'Command']],
  ['Ctrl', ['CommandOrControl', 'Control']],
  ['Alt', ['Alt']],
  ['Shift', ['Shift']],
];
const QT_KEYS: Readonly<Record<string, string>> = {
  Plus: '+',
  Space: 'Space',
  Tab: 'Tab',
  Capslock: 'CapsLock',
  Numlock: 'NumLock',
  Scrolllock: 'ScrollLock',
  Backspace: 'Backspace',
  Delete: 'Del',
  Insert: 'Ins',
  Return: 'Return',
  Enter: 'Return',
  Up: 'Up',
  Down: 'Down',
  Left: 'Left',
  Right: 'Right',
  Home: 'Home',
  End: 'End',
  PageUp: 'PgUp',
  PageDown: 'PgDown',
  Escape: 'Esc',
  Esc: 'Esc',
  VolumeUp: 'Volume Up',
  VolumeDown: 'Volume Down',
  VolumeMute: 'Volume Mute',
  MediaNextTrack: 'Media Next',
  MediaPreviousTrack: 'Media Previous',
  MediaStop: 'Media Stop',
  MediaPlayPause: 'Toggle Media Play/Pause',
  PrintScreen: 'Print',
};

/** Qt's key sequence for KDE ("CommandOrControl+Alt+Shift+T" → "Ctrl+Alt+Shift+T"), or null. */
export function qtKeySequence(accelerator: string): string | null {
  const parts = acceleratorParts(accelerator);
  if (!parts || parts.modifiers.includes('AltGr')) return null;
  const { key } = parts;
  // Keypad keys are Qt's keypad modifier on the key ("Num+1"); the rest by name or as typed.
  const keypad = /^num(\d|dec|add|sub|mult|div)$/.exec(key);
  const keypadKeys: Record<string, string> = { dec: '.', add: '+', sub: '-', mult: '*', div: '/' };
  const name = keypad ? `Num+${keypadKeys[keypad[1]!] ?? keypad[1]}` : (QT_KEYS[key] ?? key);
  const modifiers = QT_MODIFIERS.filter(([, names]) => names.some((n) => parts.modifiers.includes(n))).map(
    ([qt]) => qt,
  );
  return [...modifiers, name].join('+');
}

function acceleratorParts(accelerator: string): { modifiers: string[]; key: string } | null {
  const checked = checkAccelerator(accelerator);
  if (!checked.ok) return null;
  const parts = checked.accelerator.split('+');
  const key = parts.pop()!;
  // "Plus" is the + key; an accelerator ending in it splits cleanly since checkAccelerator names it.
  return { modifiers: parts, key };
}

// --- Quoting ---------------------------------------------------------------------------------------

/** Only letters, digits and dashes: a GSettings path element and a file name as they are. */
function safeId(id: string): string {
  return id.replace(/[^A-Za-z0-9-]/g, '-');
}

/**
 * One argument for a POSIX shell: as it is when nothing in it is special; else in single quotes, or
 * in double quotes when it holds a single quote and nothing double quotes would expand (easier to
 * read: "'<Control>t'"); else in single quotes with each ' written '\''.
 */
export function shellQuote(text: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(text)) return text;
  if (!text.includes("'")) return `'${text}'`;
  if (!/["$`\\!]/.test(text)) return `"${text}"`;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A GVariant string in text form: single quotes, with backslash and single quote escaped. */
export function gvariantString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A Desktop Entry string value: backslash, newline, tab and carriage return escaped. */
function desktopEntryValue(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
}

/**
 * One argument of a Desktop Entry Exec line: in double quotes when it holds a reserved character,
 * with ", `, $ and \ escaped inside; % doubled (a field code otherwise). The quoting rule applies
 * after the string value's own escapes, hence desktopEntryValue last: a backslash becomes four.
 */
export function desktopExecQuote(text: string): string {
  const reserved = /[\s"'\\><~|&;$*?#()`]/.test(text);
  const quoted = reserved ? `"${text.replace(/(["`$\\])/g, '\\$1')}"` : text;
  return desktopEntryValue(quoted.replace(/%/g, '%%'));
}
