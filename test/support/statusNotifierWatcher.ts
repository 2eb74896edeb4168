// A stand-in StatusNotifierWatcher (what KDE's panel, GNOME's AppIndicator extension or waybar
// serve) exported with dbus-next on a test's session bus: says whether a tray host is registered.

import dbus from 'dbus-next';
import { ownName } from './sessionBus';

class Watcher extends dbus.interface.Interface {
  constructor(private readonly hostRegistered: boolean) {
    super('org.kde.StatusNotifierWatcher');
  }
  get IsStatusNotifierHostRegistered(): boolean {
    return this.hostRegistered;
  }
  get ProtocolVersion(): number {
    return 0;
  }
  get RegisteredStatusNotifierItems(): string[] {
    return [];
  }
  RegisterStatusNotifierItem(_service: string): void {}
}
Watcher.configureMembers({
  properties: {
    IsStatusNotifierHostRegistered: { signature: 'b', access: 'read' },
    ProtocolVersion: { signature: 'i', access: 'read' },
    RegisteredStatusNotifierItems: { signature: 'as', access: 'read' },
  },
  methods: { RegisterStatusNotifierItem: { inSignature: 's' } },
});

/** Exports the watcher on the bus at `address`; answers how to take it off again. */
export async function exportStatusNotifierWatcher(
  address: string,
  hostRegistered: boolean,
): Promise<{ stop(): Promise<void> }> {
  const bus = dbus.sessionBus({ busAddress: address });
  bus.on('error', () => {});
  bus.export('/StatusNotifierWatcher', new Watcher(hostRegistered));
  await ownName(bus, 'org.kde.StatusNotifierWatcher');
  return {
    async stop() {
      await bus.releaseName('org.kde.StatusNotifierWatcher').catch(() => {});
      bus.disconnect();
    },
  };
}
