// Starts a real Secret Service for tests: a private D-Bus session bus and gnome-keyring-daemon on
// it, with a throwaway login keyring in a temporary folder. The keychain code under test then
// talks to it exactly as it would to the desktop's keyring.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SecretServiceHandle {
  busAddress: string;
  stop(): Promise<void>;
}

const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export async function startSecretService(): Promise<SecretServiceHandle> {
  const home = mkdtempSync(join(tmpdir(), 'stint-keyring-'));
  const config = join(home, 'session.conf');
  writeFileSync(config, BUS_CONFIG.replace('@DIR@', home));
  const bus = spawn('dbus-daemon', [`--config-file=${config}`, '--print-address=1', '--nofork', '--nopidfile'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const busAddress = await new Promise<string>((resolve, reject) => {
    bus.once('error', reject);
    bus.stdout!.once('data', (chunk) => resolve(String(chunk).trim()));
  });
  const env = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: busAddress,
    HOME: home,
    XDG_DATA_HOME: home,
    XDG_RUNTIME_DIR: home,
  };
  // gnome-keyring creates and unlocks the login collection only with a non-empty password on stdin;
  // with an empty one it asks a GUI prompter, which cannot run headless.
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
    env,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  keyring.stdin!.end('stint-test-unlock');
  // The keychain library reads the bus address from the environment at each call.
  process.env.DBUS_SESSION_BUS_ADDRESS = busAddress;
  await waitForCollection(busAddress);
  return {
    busAddress,
    async stop() {
      await kill(keyring);
      await kill(bus);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

// A session bus of our own that activates nothing. With the system's session config, a call to
// org.freedesktop.secrets made before our daemon has claimed the name makes D-Bus start a second,
// locked gnome-keyring from its service file, which then owns the name and has no login
// collection: a race that a loaded machine loses.
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

const dbusSend = (busAddress: string, args: string[]) =>
  new Promise<{ ok: boolean; out: string }>((resolve) => {
    const probe = spawn('dbus-send', ['--session', '--print-reply', ...args], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: busAddress },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    probe.stdout!.on('data', (chunk) => (out += chunk));
    probe.once('exit', (code) => resolve({ ok: code === 0, out }));
    probe.once('error', () => resolve({ ok: false, out }));
  });

/** Waits until our daemon owns the Secret Service name and answers with its login collection. */
async function waitForCollection(busAddress: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    // Asking the bus itself whether the name is owned activates nothing.
    const owned = await dbusSend(busAddress, [
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      'string:org.freedesktop.secrets',
    ]);
    if (owned.ok && owned.out.includes('boolean true')) {
      const collection = await dbusSend(busAddress, [
        '--dest=org.freedesktop.secrets',
        '/org/freedesktop/secrets/aliases/default',
        'org.freedesktop.DBus.Properties.Get',
        'string:org.freedesktop.Secret.Collection',
        'string:Label',
      ]);
      if (collection.ok) return;
    }
    if (Date.now() > deadline) throw new Error('gnome-keyring did not come up on the test D-Bus session within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}
