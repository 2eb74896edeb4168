import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../common/settings';
import { toggleCommandLine } from '../../../../main/core/desktop/desktopCommand';
import { refusedShortcuts } from '../../../../main/core/settings/shortcuts';

describe('what a desktop’s own shortcut runs to start or pause the timer', () => {
  it('installed: the app itself with --toggle; an AppImage by its own file, not its mount', () => {
    const installed = { packaged: true, execPath: '/opt/Stint/stint', appImage: undefined, dist: '/x' };
    expect(toggleCommandLine(installed)).toEqual(['/opt/Stint/stint', '--toggle']);
    expect(
      toggleCommandLine({
        ...installed,
        execPath: '/tmp/.mount_StintAb12/stint',
        appImage: '/home/ann/Apps/Stint.AppImage',
      }),
    ).toEqual(['/home/ann/Apps/Stint.AppImage', '--toggle']);
  });

  it('from a checkout: the `stint toggle` command line on Node', () => {
    expect(
      toggleCommandLine({ packaged: false, execPath: '/e/electron', appImage: undefined, dist: '/src/stint/dist' }),
    ).toEqual(['node', '/src/stint/dist/cli/stint.cjs', 'toggle']);
  });
});

describe('the shortcuts Settings says the OS refused', () => {
  it('are those set but not held as set, in the settings’ order', () => {
    const wanted = { ...DEFAULT_SETTINGS.hotkeys, startProject3: 'Control+Alt+Shift+3' };
    expect(refusedShortcuts(wanted, { quickEntry: wanted.quickEntry!, startProject3: 'Control+Alt+Shift+3' })).toEqual([
      { name: 'toggleTimer', accelerator: wanted.toggleTimer },
      { name: 'showWindow', accelerator: wanted.showWindow },
    ]);
    expect(
      refusedShortcuts(
        { ...wanted, toggleTimer: null, showWindow: null },
        { quickEntry: wanted.quickEntry!, startProject3: 'Control+Alt+Shift+3' },
      ),
    ).toEqual([]);
  });
});
