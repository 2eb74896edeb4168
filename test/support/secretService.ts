// Starts a real Secret Service for tests: a private D-Bus session bus and gnome-keyring-daemon on
// it, with a throwaway login keyring in a temporary folder. The keychain code under test then
// talks to it exactly as it would to the desktop's keyring.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  const bus = spawn('dbus-daemon', ['--session', '--print-address=1', '--nofork', '--nopidfile'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const busAddress = await new Promise<string>((resolve, reject) => {
    bus.once('error', reject);
    bus.stdout!.once('data', (chunk) => resolve(String(chunk).trim()));
  });
  const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: busAddress, HOME: home, XDG_DATA_HOME: home, XDG_RUNTIME_DIR: home };
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

/** Waits until the daemon answers on the bus with its login collection. */
async function waitForCollection(busAddress: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await new Promise<boolean>((resolve) => {
      const probe = spawn(
        'dbus-send',
        ['--session', '--print-reply', '--dest=org.freedesktop.secrets', '/org/freedesktop/secrets/aliases/default', 'org.freedesktop.DBus.Properties.Get', 'string:org.freedesktop.Secret.Collection', 'string:Label'],
        { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: busAddress }, stdio: 'ignore' },
      );
      probe.once('exit', (code) => resolve(code === 0));
      probe.once('error', () => resolve(false));
    });
    if (found) return;
    if (Date.now() > deadline) throw new Error('gnome-keyring did not come up on the test D-Bus session within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}
