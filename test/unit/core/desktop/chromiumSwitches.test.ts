import { describe, expect, it } from 'vitest';
import { chromiumSwitches, SHORTCUT_FEATURES } from '../../../../main/core/desktop/chromiumSwitches';

const enableFeatures = (argv: string[]) =>
  chromiumSwitches({ platform: 'linux', argv: ['/usr/bin/stint', ...argv] }).filter(
    (s) => s.name === 'enable-features',
  );

describe('the Chromium switches the app appends', () => {
  it('on Linux: one --enable-features with the shortcut portal’s features', () => {
    expect(chromiumSwitches({ platform: 'linux', argv: ['/usr/bin/stint'] })).toEqual([
      { name: 'enable-features', value: 'GlobalShortcutsPortal,GlobalShortcutsPortalPreferredTrigger' },
    ]);
  });

  it('keeps the features the user enabled on the command line in the one switch (Chromium honours only the last)', () => {
    const switches = enableFeatures([
      '--enable-features=WaylandWindowDecorations,GlobalShortcutsPortal',
      '--enable-features=Vulkan',
    ]);
    expect(switches).toHaveLength(1);
    expect(switches[0]!.value!.split(',')).toEqual([
      'WaylandWindowDecorations',
      'GlobalShortcutsPortal',
      'Vulkan',
      'GlobalShortcutsPortalPreferredTrigger',
    ]);
  });

  it('leaves out a feature the user disabled', () => {
    const [only] = enableFeatures(['--disable-features=GlobalShortcutsPortalPreferredTrigger']);
    expect(only!.value).toBe('GlobalShortcutsPortal');
  });

  it('appends nothing on Windows and macOS, where the portal does not exist', () => {
    expect(chromiumSwitches({ platform: 'win32', argv: ['stint.exe'] })).toEqual([]);
    expect(chromiumSwitches({ platform: 'darwin', argv: ['Stint'] })).toEqual([]);
    expect(SHORTCUT_FEATURES).toContain('GlobalShortcutsPortal');
  });
});
