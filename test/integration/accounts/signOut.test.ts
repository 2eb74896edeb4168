// Signing out against the real keychain (gnome-keyring on a private D-Bus session,
// test/support/secretService.ts) and a local service on its own port playing the remote one.
// What matters is the order: what the account holds on this computer goes first, its line in
// accounts.json last, so a keychain that fails midway leaves the account listed, to sign out
// again, and never secrets that nothing points at any more.
//
// Revocation: the spec's DELETE {auth_url}/applications/:client_id/tokens/:access_token is "not
// yet implemented: 404" (spec 000, token-management endpoints) and the local service answers 404
// as the spec says, so no test against it can see `revoked: true`. What is observable is that
// Stint asks, says the service did not revoke, and the token (still valid there) leaves this
// computer.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApi } from '../../../main/api/client';
import { newAccountId, REGISTRY_FILE, writeRegistry } from '../../../main/core/accounts/registry';
import { ACCOUNT_SECRETS } from '../../../main/core/accounts/signOut';
import { createKeychain, KeychainUnavailableError, type SecretStore } from '../../../platform/keychain';
import { startService, type RunningService } from '../../../service';
import { issueAccessToken } from '../../../service/auth/oauthTokens';
import { registerApplication } from '../../../service/oauth/applications';
import { openSqliteStore } from '../../../service/storage/sqliteStore';
import { startSecretService, type SecretServiceHandle } from '../../support/secretService';
import { uniqueId } from '../../support/names';
import { tempDir } from '../../support/tempDir';
import { until } from '../../support/offline';
import { appsPerTest, call } from './apps';

const REMOTE_TOKEN = uniqueId('remote');
let remote: RunningService;
let remoteDir: ReturnType<typeof tempDir>;
let secretService: SecretServiceHandle;
const previousBus = process.env.DBUS_SESSION_BUS_ADDRESS;

beforeAll(async () => {
  secretService = await startSecretService();
  remoteDir = tempDir();
  remote = await startService({ dataDir: remoteDir.path, rateLimit: 0, token: REMOTE_TOKEN });
  await createServiceApi({
    baseUrl: remote.url,
    credentials: { kind: 'personal', token: REMOTE_TOKEN },
    rateLimit: 0,
  }).createProject({ name: 'Only on the remote' });
});

afterAll(async () => {
  await remote?.close();
  remoteDir?.remove();
  await secretService?.stop();
  if (previousBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
  else process.env.DBUS_SESSION_BUS_ADDRESS = previousBus;
});

const { open, folder } = appsPerTest();
const listedIds = (dataDir: string): string[] =>
  JSON.parse(readFileSync(join(dataDir, REGISTRY_FILE), 'utf8')).accounts.map((a: { id: string }) => a.id);
/** Every secret the keychain holds for the account, read by a keychain object of its own (as a restarted app would). */
async function secretsLeft(service: string, id: string): Promise<string[]> {
  const keychain = createKeychain(service);
  const left: string[] = [];
  for (const key of ACCOUNT_SECRETS) if ((await keychain.get(id, key)) !== null) left.push(key);
  return left;
}

describe('signing out with the real keychain', () => {
  it('an OAuth account: Stint asks the service to revoke, says it would not (404), and the tokens and client secret leave the keychain', async () => {
    // An account as a browser sign-in leaves it: its line in accounts.json, its tokens and the
    // application's secret in the keychain (the sign-in itself is test/e2e/accounts.test.ts's).
    const db = openSqliteStore(remoteDir.path);
    let client: { clientId: string; clientSecret: string };
    let tokens: { accessToken: string; refreshToken: string | null };
    try {
      client = await registerApplication(db, { name: 'Stint', callbackUrl: 'http://127.0.0.1:47813/oauth/callback' });
      const owner = db.connection.prepare('SELECT id FROM users ORDER BY id LIMIT 1').get() as { id: number };
      tokens = await issueAccessToken(db, owner.id, { clientId: client.clientId, withRefreshToken: true });
    } finally {
      await db.close();
    }
    const service = uniqueId('stint-test');
    const keychain = createKeychain(service);
    const dataDir = folder();
    const id = newAccountId();
    writeRegistry(dataDir, {
      version: 1,
      defaultAccountId: id,
      accounts: [
        {
          id,
          label: 'Work',
          kind: 'remote',
          baseUrl: remote.url,
          email: 'me@stint.local',
          auth: 'oauth',
          oauth: { clientId: client.clientId, authUrl: remote.url },
        },
      ],
    });
    await keychain.set(id, 'access-token', tokens.accessToken);
    await keychain.set(id, 'refresh-token', tokens.refreshToken!);
    await keychain.set(id, 'client-secret', client.clientSecret);

    const app = await open(dataDir, keychain);
    await until(
      () => app.getSnapshot().projects.some((p) => p.name === 'Only on the remote'),
      'the OAuth account to read the remote',
    );
    expect(await secretsLeft(service, id)).toEqual(['access-token', 'refresh-token', 'client-secret']);

    const out = await call(app, 'signOut', { accountId: id });
    expect(out).toEqual({ ok: true, value: { revoked: false, message: expect.stringContaining('answered 404') } });
    expect(app.getSnapshot().account.id).toBe('local');
    expect(app.getSnapshot().accounts.map((a) => a.id)).toEqual(['local']);
    expect(listedIds(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, 'accounts', id))).toBe(false);
    expect(await secretsLeft(service, id)).toEqual([]);
    // The message is true: the service did not revoke it; only this computer forgot it.
    const still = createServiceApi({
      baseUrl: remote.url,
      credentials: { kind: 'oauth', accessToken: async () => tokens.accessToken, refresh: async () => false },
      rateLimit: 0,
    });
    expect((await still.getCurrentUser()).email).toBe('me@stint.local');
  });

  it('a keychain that refuses to delete the token: the account stays listed with it, and signing out again finishes', async () => {
    const service = uniqueId('stint-test');
    const keychain = createKeychain(service);
    let refuse: string | null = null;
    // The OS keychain refusing one deletion, as a locked keyring or a denied prompt does; everything else is the real keychain.
    const secrets: SecretStore = {
      ...keychain,
      delete: async (account, key) => {
        if (account === refuse && key === 'personal-token')
          throw new KeychainUnavailableError(new Error('org.freedesktop.Secret.Error.IsLocked'));
        return keychain.delete(account, key);
      },
    };
    const dataDir = folder();
    const app = await open(dataDir, secrets);
    const added = await call(app, 'addAccountWithToken', { baseUrl: remote.url, token: REMOTE_TOKEN });
    const id: string = added.ok ? added.value.accountId : 'none';
    await app.whenIdle();
    expect(await secretsLeft(service, id)).toEqual(['personal-token']);

    refuse = id;
    const failed = await call(app, 'signOut', { accountId: id });
    expect(failed.ok).toBe(false);
    // Not dropped with its token left behind: listed, in the window and on disk, token and all.
    expect(listedIds(dataDir)).toEqual([id]);
    expect(app.getSnapshot().accounts.map((a) => a.id)).toEqual(['local', id]);
    expect(await createKeychain(service).get(id, 'personal-token')).toBe(REMOTE_TOKEN);
    // And the user is told why, and what to do.
    expect(failed).toEqual({
      ok: false,
      error: { code: 'internal', message: expect.stringMatching(/cannot be reached.*sign out again/s) },
    });

    refuse = null;
    const out = await call(app, 'signOut', { accountId: id });
    expect(out).toMatchObject({ ok: true, value: { revoked: false } });
    expect(app.getSnapshot().accounts.map((a) => a.id)).toEqual(['local']);
    expect(listedIds(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, 'accounts', id))).toBe(false);
    expect(await secretsLeft(service, id)).toEqual([]);
  });
});
