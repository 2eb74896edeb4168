// Starts a real Secret Service for tests: a private D-Bus session bus and gnome-keyring-daemon on
// it, with a throwaway login keyring in a temporary folder. The keychain code under test then
// talks to it exactly as it would to the desktop's keyring.

import { spawn } from 'node:child_process';
import { killChild, startSessionBus } from './sessionBus';

export interface SecretServiceHandle {
  busAddress: string;
  stop(): Promise<void>;
}

export async function startSecretService(): Promise<SecretServiceHandle> {
  const bus = await startSessionBus('stint-keyring-');
  const home = bus.dir;
  const busAddress = bus.address;
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
      await killChild(keyring);
      await bus.stop();
    },
  };
}

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
