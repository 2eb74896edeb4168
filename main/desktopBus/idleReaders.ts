// The desktop's own idle monitors, read over D-Bus, each as whole seconds since the last input or
// null when it does not answer: GNOME's Mutter IdleMonitor (milliseconds), the freedesktop
// ScreenSaver that KDE and others serve (seconds), and logind's idle hint on this session (an
// instant in microseconds, on the system bus).

import type { IdleReading, IdleSourceId } from '../core/desktop/idle/sources';
import type { DesktopBus } from './bus';

export interface IdleReader {
  source: IdleSourceId;
  read(): Promise<number | null>;
}

const wholeSeconds = (value: unknown, perSecond: number): number | null => {
  if (typeof value !== 'number' && typeof value !== 'bigint') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n / perSecond) : null;
};

export const gnomeIdleReader = (bus: DesktopBus): IdleReader => ({
  source: 'gnome',
  async read() {
    const body = await bus.call({
      destination: 'org.gnome.Mutter.IdleMonitor',
      path: '/org/gnome/Mutter/IdleMonitor/Core',
      interface: 'org.gnome.Mutter.IdleMonitor',
      member: 'GetIdletime',
    });
    return wholeSeconds(body?.[0], 1000);
  },
});

export const screenSaverIdleReader = (bus: DesktopBus): IdleReader => ({
  source: 'screensaver',
  async read() {
    const to = (member: string) => ({
      destination: 'org.freedesktop.ScreenSaver',
      path: '/org/freedesktop/ScreenSaver',
      interface: 'org.freedesktop.ScreenSaver',
      member,
    });
    const idle = await bus.call(to('GetSessionIdleTime'));
    if (idle) return wholeSeconds(idle[0], 1);
    // Screen savers without GetSessionIdleTime still say how long they have been on: idle at least that long.
    const active = await bus.call(to('GetActiveTime'));
    return wholeSeconds(active?.[0], 1);
  },
});

/** `now`: epoch ms (the hint is an instant of the wall clock). `bus`: the system bus in reality. */
export const logindIdleReader = (bus: DesktopBus, now: () => number): IdleReader => ({
  source: 'logind',
  async read() {
    const session = {
      destination: 'org.freedesktop.login1',
      path: '/org/freedesktop/login1/session/auto',
      interface: 'org.freedesktop.login1.Session',
    };
    const hint = await bus.property(session, 'IdleHint');
    if (typeof hint !== 'boolean') return null;
    if (!hint) return 0;
    const sinceMicros = await bus.property(session, 'IdleSinceHint');
    const since = wholeSeconds(sinceMicros, 1000);
    return since === null ? null : Math.max(0, Math.floor((now() - since) / 1000));
  },
});

/** Every reader asked at once: a sample waits for the slowest, at most one call's timeout. */
export const readAll = (readers: readonly IdleReader[]): Promise<IdleReading[]> =>
  Promise.all(readers.map(async (r) => ({ source: r.source, seconds: await r.read() })));
