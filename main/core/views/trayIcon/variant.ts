// Which icon variant suits the taskbar or panel: light ink on a dark one, dark ink on a light one.
// The shell reads the OS's theme and passes it in as plain values.

import type { TrayIconVariant } from './palette';

export interface ThemeFacts {
  /** nativeTheme.shouldUseDarkColors: the apps' theme. */
  darkColors: boolean;
  /** nativeTheme.shouldUseDarkColorsForSystemIntegratedUI (Windows): the taskbar's own theme. */
  darkSystemUI?: boolean;
  /** XDG_CURRENT_DESKTOP on Linux, e.g. 'GNOME', 'ubuntu:GNOME', 'KDE'. */
  desktop?: string;
}

export function trayIconVariant(platform: 'win32' | 'linux', facts: ThemeFacts): TrayIconVariant {
  // Windows may pair light apps with a dark taskbar (Windows 10's default): the taskbar decides.
  if (platform === 'win32') return (facts.darkSystemUI ?? facts.darkColors) ? 'dark' : 'light';
  // GNOME's top bar (and Ubuntu's, Pantheon's, Cinnamon's default) is dark in the light theme too;
  // KDE's and Xfce's panels follow the colour scheme.
  const followsTheme = /kde|xfce|lxqt|mate/i.test(facts.desktop ?? '');
  return followsTheme && !facts.darkColors ? 'light' : 'dark';
}
