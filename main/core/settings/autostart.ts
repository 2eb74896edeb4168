// Launch at login on Linux, where Electron's app.setLoginItemSettings does nothing: an XDG
// autostart entry (~/.config/autostart/stint.desktop), which GNOME, KDE, Xfce and others start at
// login. The text is decided here; the shell only writes or removes the file.

export const AUTOSTART_FILE = 'stint.desktop';

/**
 * The desktop entry that starts Stint at login. `command` is the executable to run (the AppImage
 * where Stint runs from one, which moves the real binary on every start). Quoted as the Desktop
 * Entry Specification says for Exec: inside double quotes, `"`, `` ` ``, `$` and `\` are escaped,
 * and `%` (a field code) is doubled.
 */
export function linuxAutostartEntry(command: string): string {
  const quoted = `"${command.replace(/["`$\\]/g, (c) => `\\${c}`).replace(/%/g, '%%')}"`;
  // The Exec value is itself a string value, whose own escapes are applied first: double the backslashes.
  const exec = quoted.replace(/\\/g, '\\\\');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Stint',
    'Comment=Time tracking in the tray',
    `Exec=${exec}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
