// The app layer against real services over real HTTP: the embedded local account, and a second
// local service on another port playing a remote one. Secrets go to a store the test can look
// into (the same interface as the keychain); the keychain-less fallback uses the real keychain
// code on a D-Bus address where nothing answers.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../common/snapshot';
import { createServiceApi } from '../../../main/api/client';
import { REGISTRY_FILE } from '../../../main/core/accounts/registry';
import { ACCOUNT_SECRETS } from '../../../main/core/accounts/signOut';
import { createKeychain, createSessionSecrets } from '../../../platform/keychain';
import { startService, type RunningService } from '../../../service';
import { openSqliteStore } from '../../../service/storage/sqliteStore';
import { closedPortUrl, until } from '../../support/offline';
import { uniqueId } from '../../support/names';
import { tempDir } from '../../support/tempDir';
import { appsPerTest, call } from './apps';

let remote: RunningService;
let remoteDir: ReturnType<typeof tempDir>;
const REMOTE_TOKEN = uniqueId('remote');

beforeAll(async () => {
  remoteDir = tempDir();
  remote = await startService({ dataDir: remoteDir.path, rateLimit: 0, token: REMOTE_TOKEN });
  const api = createServiceApi({
    baseUrl: remote.url,
    credentials: { kind: 'personal', token: REMOTE_TOKEN },
    rateLimit: 0,
  });
  await api.createProject({ name: 'Only on the remote' });
});

afterAll(async () => {
  await remote?.close();
  remoteDir?.remove();
});

const { open, folder } = appsPerTest();
const projectNames = (s: Snapshot) => s.projects.map((p) => p.name);

/** Every file below `dir`, read as text. */
function filesBelow(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path, 'latin1') }));
}

describe('accounts', () => {
  it('adds a remote account by pasted token without switching to it; choosing it opens its core, and a subscriber of the app sees its data', async () => {
    const dataDir = folder();
    const secrets = createSessionSecrets();
    const app = await open(dataDir, secrets);
    expect(app.getSnapshot().account.id).toBe('local');
    expect(app.getSnapshot().accounts.map((a) => [a.id, a.isDefault, a.isOpen, a.state])).toEqual([
      ['local', true, true, 'ok'],
    ]);

    const seen: Snapshot[] = [];
    app.subscribe((s) => seen.push(s));
    const added = await call(app, 'addAccountWithToken', { baseUrl: `${remote.url}/`, token: ` ${REMOTE_TOKEN} ` });
    const label = `me@stint.local at ${new URL(remote.url).host}`;
    expect(added).toEqual({ ok: true, value: { accountId: expect.any(String), label, inUse: false } });
    const id: string = added.ok ? added.value.accountId : '';
    // Not switched silently: the local account stays open and the default, on disk too, until the user says.
    expect(app.getSnapshot().account.id).toBe('local');
    expect(app.getSnapshot().accounts.map((a) => [a.kind, a.isDefault, a.isOpen])).toEqual([
      ['local', true, true],
      ['remote', false, false],
    ]);
    expect(JSON.parse(readFileSync(join(dataDir, REGISTRY_FILE), 'utf8')).defaultAccountId).toBe('local');

    expect(await call(app, 'setDefaultAccount', { accountId: id })).toEqual({ ok: true, value: null });
    await until(() => projectNames(app.getSnapshot()).includes('Only on the remote'), 'the remote service read');
    const snapshot = app.getSnapshot();
    expect(snapshot.account).toEqual({ id, label, kind: 'remote' });
    expect(snapshot.accounts.map((a) => [a.kind, a.isDefault, a.isOpen, a.state, a.baseUrl])).toEqual([
      ['local', false, false, 'ok', null],
      ['remote', true, true, 'ok', remote.url],
    ]);
    // The subscription was made before the swap and still delivers.
    expect(seen.some((s) => s.account.id === id && projectNames(s).includes('Only on the remote'))).toBe(true);
    expect(await secrets.get(id, 'personal-token')).toBe(REMOTE_TOKEN);

    // Back to the local account by the contract; its data has no remote project.
    expect(await call(app, 'setDefaultAccount', { accountId: 'local' })).toEqual({ ok: true, value: null });
    expect(app.getSnapshot().account.id).toBe('local');
    expect(projectNames(app.getSnapshot())).not.toContain('Only on the remote');
  });

  it('refuses, at the field, an address that is not http(s), one where nothing answers, and a token the service refuses; nothing is saved', async () => {
    const dataDir = folder();
    const secrets = createSessionSecrets();
    const app = await open(dataDir, secrets);

    expect(await call(app, 'addAccountWithToken', { baseUrl: 'file:///etc/passwd', token: 'x' })).toMatchObject({
      ok: false,
      error: { field: 'baseUrl' },
    });
    expect(await call(app, 'addAccountWithToken', { baseUrl: 'ftp://example.com', token: 'x' })).toMatchObject({
      ok: false,
      error: { field: 'baseUrl' },
    });
    const closed = await closedPortUrl();
    const unreachable = await call(app, 'addAccountWithToken', { baseUrl: closed, token: REMOTE_TOKEN });
    // In words; the system's own (ECONNREFUSED) only in the detail the user may open.
    expect(unreachable).toMatchObject({
      ok: false,
      error: {
        field: 'baseUrl',
        message: `Cannot reach ${new URL(closed).host}: nothing answers there.`,
        detail: expect.stringContaining('ECONNREFUSED'),
      },
    });
    const refused = await call(app, 'addAccountWithToken', { baseUrl: remote.url, token: 'not-the-token' });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'rejected', field: 'token', message: expect.stringContaining('refused this token') },
    });
    expect(await call(app, 'addAccountWithToken', { baseUrl: remote.url, token: '   ' })).toMatchObject({
      ok: false,
      error: { field: 'token' },
    });
    // A name given with it is read as a rename's: not another account's, nothing that turns text around.
    for (const label of ['this computer', 'Work\u202E']) {
      expect(await call(app, 'addAccountWithToken', { baseUrl: remote.url, token: REMOTE_TOKEN, label })).toMatchObject(
        {
          ok: false,
          error: { code: 'invalid_input', field: 'label' },
        },
      );
    }

    expect(app.getSnapshot().accounts).toHaveLength(1);
    expect(app.getSnapshot().account.id).toBe('local');
    expect(existsSync(join(dataDir, REGISTRY_FILE))).toBe(false);
  });

  it('keeps the registry across a restart without any token in the data folder, and opens the default account again', async () => {
    const dataDir = folder();
    const secrets = createSessionSecrets();
    const first = await open(dataDir, secrets);
    const added = await call(first, 'addAccountWithToken', { baseUrl: remote.url, token: REMOTE_TOKEN, label: 'Work' });
    expect(added.ok).toBe(true);
    expect(await call(first, 'setDefaultAccount', { accountId: added.ok && added.value.accountId })).toMatchObject({
      ok: true,
    });
    expect(await call(first, 'renameAccount', { accountId: 'local', label: 'Home' })).toMatchObject({ ok: true });
    await first.whenIdle();
    await first.stop();

    const registry = JSON.parse(readFileSync(join(dataDir, REGISTRY_FILE), 'utf8'));
    expect(registry).toMatchObject({
      version: 1,
      defaultAccountId: added.ok && added.value.accountId,
      accounts: [{ label: 'Work', baseUrl: remote.url, auth: 'personal' }],
    });
    const localToken = await secrets.get('local', 'personal-token');
    for (const file of filesBelow(dataDir)) {
      expect(file.text.includes(REMOTE_TOKEN), file.path).toBe(false);
      expect(file.text.includes(localToken!), file.path).toBe(false);
    }

    const second = await open(dataDir, secrets);
    expect(second.getSnapshot().account).toMatchObject({ label: 'Work', kind: 'remote' });
    expect(second.getSnapshot().accounts.map((a) => a.label)).toEqual(['Home', 'Work']);
    await until(
      () => projectNames(second.getSnapshot()).includes('Only on the remote'),
      'the remote read after the restart',
    );
  });

  it('signs out: away to the local account, keychain items deleted, the account and its folder gone, and says what could not be revoked', async () => {
    const dataDir = folder();
    const secrets = createSessionSecrets();
    const app = await open(dataDir, secrets);
    const added = await call(app, 'addAccountWithToken', { baseUrl: remote.url, token: REMOTE_TOKEN });
    const id: string = added.ok ? added.value.accountId : 'none';
    await call(app, 'setDefaultAccount', { accountId: id });
    await app.whenIdle();
    expect(existsSync(join(dataDir, 'accounts', id))).toBe(true);

    expect(await call(app, 'signOut', { accountId: 'local' })).toMatchObject({
      ok: false,
      error: { field: 'accountId' },
    });
    const out = await call(app, 'signOut', { accountId: id });
    // Personal tokens have no revocation endpoint in the spec: the user is told, not reassured.
    expect(out).toEqual({
      ok: true,
      value: { revoked: false, message: expect.stringContaining('does not offer token revocation') },
    });
    expect(app.getSnapshot().account.id).toBe('local');
    expect(app.getSnapshot().accounts.map((a) => a.id)).toEqual(['local']);
    for (const key of ACCOUNT_SECRETS) expect(await secrets.get(id, key)).toBeNull();
    expect(existsSync(join(dataDir, 'accounts', id))).toBe(false);
    expect(JSON.parse(readFileSync(join(dataDir, REGISTRY_FILE), 'utf8')).accounts).toEqual([]);
    expect(await call(app, 'signOut', { accountId: id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('shows a token the service stops accepting as unauthorized, and a new pasted token mends the same account', async () => {
    const ownDir = folder();
    const firstToken = uniqueId('first');
    let service = await startService({ dataDir: ownDir, rateLimit: 0, token: firstToken });
    const port = service.port;
    try {
      const app = await open(folder(), createSessionSecrets());
      const added = await call(app, 'addAccountWithToken', { baseUrl: service.url, token: firstToken });
      const id: string = added.ok ? added.value.accountId : 'none';
      await call(app, 'setDefaultAccount', { accountId: id });
      await app.whenIdle();

      // The owner's token is revoked on the service (its row deleted) and a new one made.
      await service.close();
      const db = openSqliteStore(ownDir);
      db.connection.prepare('DELETE FROM personal_tokens').run();
      await db.close();
      const secondToken = uniqueId('second');
      service = await startService({ dataDir: ownDir, rateLimit: 0, token: secondToken, port });
      await call(app, 'refresh', {});
      await until(
        () => app.getSnapshot().accounts.find((a) => a.id === id)?.state === 'unauthorized',
        'the refusal to show',
      );
      expect(app.getSnapshot().accounts.find((a) => a.id === id)?.problem).toContain('sign in again');

      // The default mended: it is opened again with the new token (no question to ask).
      expect(await call(app, 'addAccountWithToken', { baseUrl: service.url, token: secondToken })).toEqual({
        ok: true,
        value: { accountId: id, label: expect.any(String), inUse: true },
      });
      await call(app, 'refresh', {});
      await until(
        () => app.getSnapshot().accounts.find((a) => a.id === id)?.state === 'ok',
        'the account to work again',
      );
      expect(app.getSnapshot().accounts).toHaveLength(2);
    } finally {
      await service.close();
    }
  });

  it('without a keychain: says so, keeps tokens for this session only, and after a restart keeps the remote account open on its last read, waiting for a pasted token', async () => {
    const dataDir = folder();
    const previous = process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/stint-no-bus';
    try {
      const noKeychain = createKeychain(uniqueId('stint-test'));
      const first = await open(dataDir, noKeychain);
      expect(first.getSnapshot().accounts[0]).toMatchObject({
        id: 'local',
        state: 'ok',
        sessionOnly: true,
        problem: expect.stringContaining('made anew each time Stint starts'),
      });
      expect(first.getSnapshot().accounts[0]!.problem).not.toContain('paste');
      const added = await call(first, 'addAccountWithToken', { baseUrl: remote.url, token: REMOTE_TOKEN });
      expect(added.ok).toBe(true);
      await call(first, 'setDefaultAccount', { accountId: added.ok && added.value.accountId });
      await until(() => projectNames(first.getSnapshot()).includes('Only on the remote'), 'the remote read');
      await first.stop();
      for (const file of filesBelow(dataDir)) expect(file.text.includes(REMOTE_TOKEN), file.path).toBe(false);

      // The next run has no token: the remote account is kept, open on what it last read (its token
      // not: nothing is sent), and asks for this session's token.
      const second = await open(dataDir, createKeychain(uniqueId('stint-test')));
      const waiting = second.getSnapshot().accounts[1]!;
      expect(second.getSnapshot().account.id).toBe(waiting.id);
      expect(waiting).toMatchObject({
        state: 'keychain-unavailable',
        isDefault: true,
        isOpen: true,
        problem: expect.stringContaining('Paste a personal token'),
      });
      expect(projectNames(second.getSnapshot())).toContain('Only on the remote');
      expect(await call(second, 'addAccountWithToken', { baseUrl: remote.url, token: REMOTE_TOKEN })).toEqual({
        ok: true,
        value: { accountId: waiting.id, label: expect.any(String), inUse: true },
      });
      expect(second.getSnapshot().accounts[1]).toMatchObject({ state: 'ok', isOpen: true, sessionOnly: true });
    } finally {
      if (previous === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
      else process.env.DBUS_SESSION_BUS_ADDRESS = previous;
    }
  });
});
