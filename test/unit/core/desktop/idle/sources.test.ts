// Which idle reading to believe (main/core/desktop/idle/sources.ts): Electron where it works, the
// desktop's own monitors where it reads 0 blind, and Settings always says which.
import { describe, expect, it } from 'vitest';
import { chooseIdleSource, idleSourceText, type IdleReading } from '../../../../../main/core/desktop/idle/sources';

const r = (source: IdleReading['source'], seconds: number | null): IdleReading => ({ source, seconds });

describe('choosing the idle source', () => {
  it('believes Electron where it reads the same as the desktop (X11, Windows, macOS)', () => {
    const choice = chooseIdleSource([r('electron', 400), r('gnome', 401), r('logind', 380)], false, []);
    expect(choice).toEqual({ chosen: { source: 'electron', seconds: 400 }, distrusted: [] });
  });

  it('keeps Electron while the user types and no one sees them away', () => {
    expect(chooseIdleSource([r('electron', 0), r('gnome', 2)], false, []).chosen).toEqual({
      source: 'electron',
      seconds: 0,
    });
  });

  it('distrusts Electron for good once it reads 0 while GNOME sees the user away (GNOME Wayland)', () => {
    const first = chooseIdleSource([r('electron', 0), r('gnome', 90)], false, []);
    expect(first).toEqual({ chosen: { source: 'gnome', seconds: 90 }, distrusted: ['electron'] });
    // Back at the keyboard: GNOME's 0 is now believed, Electron's never again.
    const later = chooseIdleSource([r('electron', 0), r('gnome', 0)], false, first.distrusted);
    expect(later.chosen).toEqual({ source: 'gnome', seconds: 0 });
  });

  it('distrusts a source that reads 0 behind a locked screen or in sleep, and tries the next', () => {
    const choice = chooseIdleSource(
      [r('electron', 0), r('gnome', null), r('screensaver', 0), r('logind', 30)],
      true,
      [],
    );
    expect(choice).toEqual({ chosen: { source: 'logind', seconds: 30 }, distrusted: ['electron', 'screensaver'] });
  });

  it('skips sources that do not answer, and answers none when no trusted one does', () => {
    expect(chooseIdleSource([r('electron', null), r('screensaver', 12)], false, []).chosen).toEqual({
      source: 'screensaver',
      seconds: 12,
    });
    expect(chooseIdleSource([r('electron', 0)], true, []).chosen).toBeNull();
    expect(chooseIdleSource([r('electron', 700)], false, ['electron']).chosen).toBeNull();
  });

  it('names the source in use, and never says nothing', () => {
    expect(idleSourceText('gnome')).toBe('Idle read from GNOME');
    expect(idleSourceText(null)).toMatch(/no source answers/);
    expect(idleSourceText(undefined)).toMatch(/not read yet/);
  });
});
