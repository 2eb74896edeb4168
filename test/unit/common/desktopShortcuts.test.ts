// The desktop's own shortcut that Settings offers where Stint cannot register one: the exact lines
// for GNOME and KDE, their quoting of a command path with spaces and quotes, and GNOME's lines run
// for real by bash against the real gsettings (GLib's keyfile backend, GNOME's media-keys schema
// compiled here with the keys those lines write), with other custom shortcuts already there.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktopExecQuote,
  gnomeShortcutCommands,
  gtkAccelerator,
  kdeShortcutCommands,
  qtKeySequence,
  type DesktopShortcut,
} from '../../../common/desktopShortcuts';

const toggle = (command: string[], accelerator = 'CommandOrControl+Alt+Shift+T'): DesktopShortcut => ({
  id: 'stint-toggle',
  name: 'Stint: start or pause the timer',
  accelerator,
  command,
});

describe('the keys in each desktop’s words', () => {
  it('GNOME: GTK accelerators', () => {
    expect(gtkAccelerator('CommandOrControl+Alt+Shift+T')).toBe('<Control><Alt><Shift>t');
    expect(gtkAccelerator('Super+F12')).toBe('<Super>F12');
    expect(gtkAccelerator('Control+Alt+3')).toBe('<Control><Alt>3');
    expect(gtkAccelerator('Alt+PageDown')).toBe('<Alt>Page_Down');
    expect(gtkAccelerator('Control+Alt+/')).toBe('<Control><Alt>slash');
    expect(gtkAccelerator('Control+num5')).toBe('<Control>KP_5');
    expect(gtkAccelerator('AltGr+T')).toBeNull();
    expect(gtkAccelerator('Ctrl+Banana')).toBeNull();
  });

  it('KDE: Qt key sequences, modifiers in Qt’s order', () => {
    expect(qtKeySequence('CommandOrControl+Alt+Shift+T')).toBe('Ctrl+Alt+Shift+T');
    expect(qtKeySequence('Shift+Super+Control+K')).toBe('Meta+Ctrl+Shift+K');
    expect(qtKeySequence('Alt+PageUp')).toBe('Alt+PgUp');
    expect(qtKeySequence('Control+Alt+Plus')).toBe('Ctrl+Alt++');
    expect(qtKeySequence('Control+num1')).toBe('Ctrl+Num+1');
    expect(qtKeySequence('AltGr+T')).toBeNull();
  });
});

describe('GNOME’s gsettings lines', () => {
  it('are exactly these for a plain path', () => {
    expect(gnomeShortcutCommands(toggle(['/usr/bin/stint', '--toggle']))).toBe(
      [
        'KEY=/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/stint-toggle/',
        'LIST=$(gsettings get org.gnome.settings-daemon.plugins.media-keys custom-keybindings)',
        `case "$LIST" in *"'$KEY'"*) ;; "@as []"|"[]") LIST="['$KEY']" ;; *) LIST="\${LIST%]}, '$KEY']" ;; esac`,
        'gsettings set org.gnome.settings-daemon.plugins.media-keys custom-keybindings "$LIST"',
        'gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/stint-toggle/ name "\'Stint: start or pause the timer\'"',
        'gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/stint-toggle/ command "\'/usr/bin/stint --toggle\'"',
        'gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/stint-toggle/ binding "\'<Control><Alt><Shift>t\'"',
      ].join('\n'),
    );
  });

  it('quote a command path with spaces and a quote for GNOME’s launcher, inside a GVariant string, inside the shell', () => {
    const lines = gnomeShortcutCommands(toggle(["/home/ann/My Apps/it's/stint", 'toggle']))!;
    const line = lines.split('\n').find((l) => / command /.test(l))!;
    // What bash hands gsettings: the value is one argument, a GVariant string holding the command
    // as GNOME's launcher reads it ("/home/ann/My Apps/it's/stint" toggle: two arguments).
    const args = execFileSync('bash', ['-c', `gsettings() { printf '%s\\n' "$@"; }; ${line}`], { encoding: 'utf8' });
    expect(args.split('\n')[3]).toBe(`'"/home/ann/My Apps/it\\'s/stint" toggle'`);
    // Spaces only: single quotes for the launcher, escaped in the GVariant string.
    const spaced = gnomeShortcutCommands(toggle(['/opt/My Apps/stint', 'toggle']))!;
    expect(spaced.split('\n')[5]).toBe(
      `gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/stint-toggle/ command ''\\''\\'\\''/opt/My Apps/stint\\'\\'' toggle'\\'''`,
    );
  });

  it('return null for keys GNOME cannot name', () => {
    expect(gnomeShortcutCommands(toggle(['/usr/bin/stint'], 'AltGr+T'))).toBeNull();
  });
});

describe('KDE’s lines', () => {
  it('are exactly these for a plain path', () => {
    expect(kdeShortcutCommands(toggle(['/usr/bin/stint', '--toggle']))).toBe(
      [
        'mkdir -p "$HOME/.local/share/applications"',
        `cat > "$HOME/.local/share/applications/stint-toggle.desktop" <<'EOF'`,
        '[Desktop Entry]',
        'Type=Application',
        'Name=Stint: start or pause the timer',
        'Exec=/usr/bin/stint --toggle',
        'NoDisplay=true',
        'StartupNotify=false',
        'X-KDE-GlobalAccel-CommandShortcut=true',
        'EOF',
        'kwriteconfig6 --file kglobalshortcutsrc --group services --group stint-toggle.desktop --key _launch Ctrl+Alt+Shift+T',
      ].join('\n'),
    );
  });

  it('quote an Exec argument with spaces, quotes, $, % and a backslash as the Desktop Entry spec says', () => {
    expect(desktopExecQuote('/opt/My Apps/stint')).toBe('"/opt/My Apps/stint"');
    expect(desktopExecQuote('/opt/a"b$c/stint')).toBe('"/opt/a\\\\"b\\\\$c/stint"');
    expect(desktopExecQuote('/opt/100%/stint')).toBe('/opt/100%%/stint');
    // One literal backslash in a quoted argument is four in the file.
    expect(desktopExecQuote('/opt/a\\b c')).toBe('"/opt/a\\\\\\\\b c"');
    const lines = kdeShortcutCommands(toggle(['/home/ann/My Apps/stint', 'toggle']))!;
    expect(lines).toContain('\nExec="/home/ann/My Apps/stint" toggle\n');
  });
});

// GNOME's own schemas are not installed here; these are their keys as gnome-settings-daemon declares them.
const SCHEMAS = `<?xml version="1.0" encoding="UTF-8"?>
<schemalist>
  <schema id="org.gnome.settings-daemon.plugins.media-keys" path="/org/gnome/settings-daemon/plugins/media-keys/">
    <key name="custom-keybindings" type="as"><default>[]</default></key>
  </schema>
  <schema id="org.gnome.settings-daemon.plugins.media-keys.custom-keybinding">
    <key name="name" type="s"><default>''</default></key>
    <key name="command" type="s"><default>''</default></key>
    <key name="binding" type="s"><default>''</default></key>
  </schema>
</schemalist>
`;

describe('GNOME’s lines run by bash against the real gsettings', () => {
  let home: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'stint-gsettings-'));
    const schemas = join(home, 'schemas');
    mkdirSync(schemas);
    writeFileSync(join(schemas, 'media-keys.gschema.xml'), SCHEMAS);
    execFileSync('glib-compile-schemas', [schemas]);
    env = {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      GSETTINGS_SCHEMA_DIR: schemas,
      GSETTINGS_BACKEND: 'keyfile',
    };
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  const gsettings = (...args: string[]) => execFileSync('gsettings', args, { env, encoding: 'utf8' }).trim();
  const run = (script: string) => execFileSync('bash', ['-c', script], { env, encoding: 'utf8' });
  const custom = (key: string) =>
    gsettings(
      'get',
      'org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/stint-toggle/',
      key,
    );

  /** A GVariant string's text ('…' with \\ and \' escaped), split into arguments by the shell's rules. */
  const launcherArguments = (gvariant: string) => {
    const command = gvariant.slice(1, -1).replace(/\\(.)/g, '$1');
    const out = execFileSync('bash', ['-c', `eval "set -- $COMMAND"; printf '%s\\n' "$@"`], {
      env: { ...env, COMMAND: command },
      encoding: 'utf8',
    });
    return out.split('\n').filter(Boolean);
  };

  it('keep the custom shortcuts already there, add Stint’s once, and store its command whole', () => {
    const others =
      "['/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/', '/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom1/']";
    gsettings('set', 'org.gnome.settings-daemon.plugins.media-keys', 'custom-keybindings', others);
    const script = gnomeShortcutCommands(toggle(["/home/ann/My Apps/it's/stint", 'toggle']))!;
    run(script);
    // Twice: the second run finds its path there and adds it no more.
    run(script);

    expect(gsettings('get', 'org.gnome.settings-daemon.plugins.media-keys', 'custom-keybindings')).toBe(
      "['/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/', '/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom1/', '/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/stint-toggle/']",
    );
    expect(custom('name')).toBe("'Stint: start or pause the timer'");
    expect(custom('binding')).toBe("'<Control><Alt><Shift>t'");
    // The stored command, split as GNOME's launcher splits it (shell rules), is the two arguments.
    expect(launcherArguments(custom('command'))).toEqual(["/home/ann/My Apps/it's/stint", 'toggle']);
  });

  it('make the first custom shortcut of an empty list', () => {
    gsettings('reset', 'org.gnome.settings-daemon.plugins.media-keys', 'custom-keybindings');
    expect(gsettings('get', 'org.gnome.settings-daemon.plugins.media-keys', 'custom-keybindings')).toBe('@as []');
    run(gnomeShortcutCommands(toggle(['/usr/bin/stint', '--toggle']))!);
    expect(gsettings('get', 'org.gnome.settings-daemon.plugins.media-keys', 'custom-keybindings')).toBe(
      "['/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/stint-toggle/']",
    );
    expect(custom('command')).toBe("'/usr/bin/stint --toggle'");
  });
});
