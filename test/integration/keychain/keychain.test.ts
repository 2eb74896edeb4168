import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychain, KeychainUnavailableError } from '../../../platform/keychain';
import { root } from '../../../scripts/electronBinary.mjs';
import { uniqueId } from '../../support/names';
import { startSecretService, type SecretServiceHandle } from '../../support/secretService';

// The real Secret Service (gnome-keyring on a private D-Bus session), started by the test itself.
describe('keychain on the real Secret Service', () => {
  let secretService: SecretServiceHandle;
  const previousBus = process.env.DBUS_SESSION_BUS_ADDRESS;
  beforeAll(async () => {
    secretService = await startSecretService();
  });
  afterAll(async () => {
    await secretService?.stop();
    if (previousBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = previousBus;
  });

  it('loads on the pinned Node, the major Electron runs, with no rebuild (N-API)', async () => {
    const pinned = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } })
      .engines.node;
    expect(`${process.versions.node.split('.')[0]}.x`).toBe(pinned);
    const keychain = createKeychain(uniqueId('stint-test'));
    await keychain.set('local', 'service-key', 'on-the-pinned-node');
    expect(await keychain.get('local', 'service-key')).toBe('on-the-pinned-node');
  });

  it('stores a token and reads it back', async () => {
    const keychain = createKeychain(uniqueId('stint-test'));
    await keychain.set('local', 'personal-token', 'tok-123');
    expect(await keychain.get('local', 'personal-token')).toBe('tok-123');
  });

  it('keeps the secrets of two accounts and two kinds apart', async () => {
    const keychain = createKeychain(uniqueId('stint-test'));
    await keychain.set('a', 'access-token', 'A-access');
    await keychain.set('a', 'refresh-token', 'A-refresh');
    await keychain.set('b', 'access-token', 'B-access');
    expect(await keychain.get('a', 'access-token')).toBe('A-access');
    expect(await keychain.get('a', 'refresh-token')).toBe('A-refresh');
    expect(await keychain.get('b', 'access-token')).toBe('B-access');
    expect(await keychain.get('b', 'refresh-token')).toBeNull();
  });

  it('overwrites a secret in place and deletes it for good', async () => {
    const keychain = createKeychain(uniqueId('stint-test'));
    await keychain.set('local', 'personal-token', 'old');
    await keychain.set('local', 'personal-token', 'new');
    expect(await keychain.get('local', 'personal-token')).toBe('new');
    expect(await keychain.delete('local', 'personal-token')).toBe(true);
    expect(await keychain.get('local', 'personal-token')).toBeNull();
    expect(await keychain.delete('local', 'personal-token')).toBe(false);
  });

  it('a new keychain object (a restarted app) finds what an earlier one stored', async () => {
    const service = uniqueId('stint-test');
    await createKeychain(service).set('local', 'personal-token', 'survives');
    expect(await createKeychain(service).get('local', 'personal-token')).toBe('survives');
  });
});

describe('keychain without a Secret Service', () => {
  it('says clearly that the keychain cannot be reached instead of storing anything', async () => {
    const previous = process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/stint-no-bus';
    try {
      const keychain = createKeychain(uniqueId('stint-test'));
      const error = await keychain.set('local', 'personal-token', 'x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(KeychainUnavailableError);
      expect((error as Error).message).toMatch(/keychain cannot be reached/);
    } finally {
      if (previous === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
      else process.env.DBUS_SESSION_BUS_ADDRESS = previous;
    }
  });
});
