// Stand-ins for the desktop's idle monitors, exported with dbus-next on a test's private session
// bus under their real names, paths and interfaces: GNOME's Mutter IdleMonitor, the freedesktop
// ScreenSaver (as KDE serves it) and logind's session object. Each reads the same pretend user: the
// instant of their last input on the test's clock.

import dbus from 'dbus-next';
import { ownName } from './sessionBus';

export type DesktopKind = 'gnome' | 'kde' | 'logind';

/** The pretend user the stand-ins watch: epoch ms of the last input, on the test's clock. */
export interface Desk {
  lastInputAt: number;
  now(): number;
}

const idleMs = (desk: Desk) => Math.max(0, desk.now() - desk.lastInputAt);

class MutterIdleMonitor extends dbus.interface.Interface {
  constructor(private desk: Desk) {
    super('org.gnome.Mutter.IdleMonitor');
  }
  GetIdletime(): bigint {
    return BigInt(idleMs(this.desk));
  }
}
MutterIdleMonitor.configureMembers({ methods: { GetIdletime: { outSignature: 't' } } });

class ScreenSaver extends dbus.interface.Interface {
  constructor(private desk: Desk) {
    super('org.freedesktop.ScreenSaver');
  }
  GetSessionIdleTime(): number {
    return Math.floor(idleMs(this.desk) / 1000);
  }
  GetActive(): boolean {
    return false;
  }
}
ScreenSaver.configureMembers({
  methods: { GetSessionIdleTime: { outSignature: 'u' }, GetActive: { outSignature: 'b' } },
});

/** logind's hint as a desktop sets it: idle after a minute without input, since that input (microseconds). */
class LoginSession extends dbus.interface.Interface {
  constructor(private desk: Desk) {
    super('org.freedesktop.login1.Session');
  }
  get IdleHint(): boolean {
    return idleMs(this.desk) >= 60_000;
  }
  get IdleSinceHint(): bigint {
    return this.IdleHint ? BigInt(this.desk.lastInputAt) * 1000n : 0n;
  }
}
LoginSession.configureMembers({
  properties: { IdleHint: { signature: 'b', access: 'read' }, IdleSinceHint: { signature: 't', access: 'read' } },
});

const SERVICES: Record<DesktopKind, { name: string; path: string; make(desk: Desk): dbus.interface.Interface }> = {
  gnome: {
    name: 'org.gnome.Mutter.IdleMonitor',
    path: '/org/gnome/Mutter/IdleMonitor/Core',
    make: (d) => new MutterIdleMonitor(d),
  },
  kde: { name: 'org.freedesktop.ScreenSaver', path: '/org/freedesktop/ScreenSaver', make: (d) => new ScreenSaver(d) },
  logind: {
    name: 'org.freedesktop.login1',
    path: '/org/freedesktop/login1/session/auto',
    make: (d) => new LoginSession(d),
  },
};

/** Exports the stand-in for `kind` on the bus at `address`; answers how to take it off again. */
export async function exportDesktopIdle(
  address: string,
  kind: DesktopKind,
  desk: Desk,
): Promise<{ stop(): Promise<void> }> {
  const bus = dbus.sessionBus({ busAddress: address });
  bus.on('error', () => {});
  const service = SERVICES[kind];
  bus.export(service.path, service.make(desk));
  await ownName(bus, service.name);
  return {
    async stop() {
      await bus.releaseName(service.name).catch(() => {});
      bus.disconnect();
    },
  };
}
