import { describe, expect, it } from 'vitest';
import { linuxAutostartEntry } from '../../../../main/core/settings/autostart';

const execLine = (entry: string) => entry.split('\n').find((l) => l.startsWith('Exec='));

describe('linuxAutostartEntry', () => {
  it('is a desktop entry that starts the executable', () => {
    const entry = linuxAutostartEntry('/opt/Stint/stint');
    expect(entry.startsWith('[Desktop Entry]\nType=Application\nName=Stint\n')).toBe(true);
    expect(execLine(entry)).toBe('Exec="/opt/Stint/stint"');
  });

  it('quotes spaces, reserved characters and field codes as the specification says', () => {
    expect(execLine(linuxAutostartEntry('/home/a b/Apps/Stint 100%.AppImage'))).toBe(
      'Exec="/home/a b/Apps/Stint 100%%.AppImage"',
    );
    expect(execLine(linuxAutostartEntry('/x/$HOME/"q"/back\\slash'))).toBe(
      'Exec="/x/\\\\$HOME/\\\\"q\\\\"/back\\\\\\\\slash"',
    );
  });
});
