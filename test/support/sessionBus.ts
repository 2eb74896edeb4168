// A private D-Bus session bus for a test file: dbus-daemon with a config of our own that lets
// anyone own any name and activates nothing, in a temporary folder. Stand-in desktop services are
// exported on it with dbus-next; the code under test is given its address.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SessionBusHandle {
  address: string;
  /** The bus's temporary folder (a home for daemons started on it). */
  dir: string;
  stop(): Promise<void>;
}

export const killChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export async function startSessionBus(prefix = 'stint-bus-'): Promise<SessionBusHandle> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const config = join(dir, 'session.conf');
  writeFileSync(config, BUS_CONFIG.replace('@DIR@', dir));
  const bus = spawn('dbus-daemon', [`--config-file=${config}`, '--print-address=1', '--nofork', '--nopidfile'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    bus.once('error', reject);
    bus.stdout!.once('data', (chunk) => resolve(String(chunk).trim()));
  });
  return {
    address,
    dir,
    async stop() {
      await killChild(bus);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// A session bus of our own that activates nothing. With the system's session config, a call to a
// name not yet owned (org.freedesktop.secrets, say) makes D-Bus start the desktop's own service
// from its service file, which then races ours for the name.
const BUS_CONFIG = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=@DIR@</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

/**
 * Owns `name` on a dbus-next connection, waiting (bounded) until it is the primary owner: a
 * stand-in just taken off may still hold it for a moment.
 */
export async function ownName(
  bus: { requestName(name: string, flags: number): Promise<number> },
  name: string,
): Promise<void> {
  const DO_NOT_QUEUE = 4;
  const PRIMARY_OWNER = 1;
  const deadline = Date.now() + 30_000;
  while ((await bus.requestName(name, DO_NOT_QUEUE)) !== PRIMARY_OWNER) {
    if (Date.now() > deadline) throw new Error(`${name} still owned by another connection after 30 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
