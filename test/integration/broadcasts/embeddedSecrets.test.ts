// The embedded account's service key (main/core/embedded/embeddedAccount.ts): made on the first start and in the
// keychain before the service first opens its database, passed to the service, which seals the
// receiver's secret with it, so neither the key nor the secret is in any file of the service's
// folder, and the broadcasts still verify. A keychain that lost the key (a new one is made) makes
// the app replace the receiver, whose secret the service could no longer sign with. Broadcasts
// are heard for real: core's clock is a fake nobody advances, so with the window hidden and
// broadcasts live only a broadcast can make core re-read the timers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApi } from '../../../main/api/client';
import { LOCAL_ACCOUNT, openEmbeddedAccount, type EmbeddedAccount } from '../../../main/core/embedded/embeddedAccount';
import { createSessionSecrets, type SecretKey, type SecretStore } from '../../../platform/keychain';
import { openDatabaseFile } from '../../support/sqliteFile';
import { fakeClock } from '../../support/clock';
import { until } from '../../support/offline';
import { tempDir } from './support';

const dirs: Array<ReturnType<typeof tempDir>> = [];
const open: EmbeddedAccount[] = [];
afterEach(async () => {
  for (const account of open.splice(0)) await account.close();
  for (const dir of dirs.splice(0)) dir.remove();
});

/** A session store that notes, for each value set, whether the service's database existed then. */
function watchedSecrets(dataDir: string): {
  store: SecretStore;
  sets: Array<{ key: SecretKey; databaseExisted: boolean }>;
} {
  const store = createSessionSecrets();
  const sets: Array<{ key: SecretKey; databaseExisted: boolean }> = [];
  return {
    sets,
    store: {
      description: store.description,
      get: (account, key) => store.get(account, key),
      delete: (account, key) => store.delete(account, key),
      async set(account, key, value) {
        sets.push({ key, databaseExisted: existsSync(join(dataDir, 'local-service', 'service.db')) });
        await store.set(account, key, value);
      },
    },
  };
}

async function openAccount(dataDir: string, secrets: SecretStore): Promise<EmbeddedAccount> {
  const clock = fakeClock(Date.now());
  const account = await openEmbeddedAccount({ dataDir, secrets, clock });
  open.push(account);
  await until(() => account.core.getSnapshot().lastSyncAt !== null, 'start-up reads');
  await until(() => clock.pending().count === 0, 'no poll armed');
  expect(account.broadcasts.live).toBe(true);
  return account;
}

/** Another client of the account starts a timer; core shows it once the broadcast arrives (the service's 5 s interval). */
async function heardAChange(account: EmbeddedAccount, secrets: SecretStore): Promise<void> {
  const token = (await secrets.get(LOCAL_ACCOUNT.id, 'personal-token'))!;
  const other = createServiceApi({
    baseUrl: account.service.url,
    credentials: { kind: 'personal', token },
    rateLimit: 0,
    retries: 0,
  });
  const project = await other.createProject({ name: `Elsewhere ${Date.now()}` });
  await other.startTimer(project.id);
  await until(
    () => account.core.getSnapshot().timers.some((t) => t.projectId === project.id && t.state === 'running'),
    'the broadcast of a timer started elsewhere',
    12_000,
  );
}

/** The receivers' stored secrets, read beside the service. */
function storedReceiverSecrets(dataDir: string): Array<{ id: number; secret: string }> {
  const db = openDatabaseFile(join(dataDir, 'local-service', 'service.db'), { readonly: true });
  try {
    return db.prepare('SELECT id, secret FROM broadcast_receivers ORDER BY id').all() as Array<{
      id: number;
      secret: string;
    }>;
  } finally {
    db.close();
  }
}

/** Files of the service's folder holding a value, raw or as the base64/hex of its bytes. */
function filesHolding(dataDir: string, value: string): string[] {
  const folder = join(dataDir, 'local-service');
  const forms = [
    value,
    ...[Buffer.from(value, 'base64url'), Buffer.from(value)].flatMap((b) => [
      b.toString('base64'),
      b.toString('base64url'),
      b.toString('hex'),
    ]),
  ].filter((f) => f.length >= 16);
  return readdirSync(folder).filter((name) => {
    const bytes = readFileSync(join(folder, name));
    return forms.some((f) => bytes.includes(f));
  });
}

describe("the embedded service's secrets key", () => {
  it('is made on the first start and kept before the service opens its database; the receiver secret is sealed with it, in no file, and broadcasts verify', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const secrets = watchedSecrets(dir.path);
    const account = await openAccount(dir.path, secrets.store);

    const key = (await secrets.store.get(LOCAL_ACCOUNT.id, 'service-key'))!;
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(secrets.sets.find((s) => s.key === 'service-key')).toEqual({ key: 'service-key', databaseExisted: false });
    const secret = (await secrets.store.get(LOCAL_ACCOUNT.id, 'receiver-secret'))!;
    expect(storedReceiverSecrets(dir.path)).toEqual([
      { id: account.broadcasts.receiverId, secret: expect.stringMatching(/^enc1:/) },
    ]);
    expect(filesHolding(dir.path, secret)).toEqual([]);
    expect(filesHolding(dir.path, key)).toEqual([]);
    await heardAChange(account, secrets.store);

    // The next start keeps the key and the receiver.
    await account.close();
    open.length = 0;
    const again = await openAccount(dir.path, secrets.store);
    expect(await secrets.store.get(LOCAL_ACCOUNT.id, 'service-key')).toBe(key);
    expect(again.broadcasts.receiverId).toBe(account.broadcasts.receiverId);
    expect(secrets.sets.filter((s) => s.key === 'service-key')).toHaveLength(1);
  });

  it('lost from the keychain: a new key, the receiver sealed under the old one is replaced, nothing crashes, and broadcasts verify again', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const secrets = createSessionSecrets();
    const first = await openAccount(dir.path, secrets);
    const oldKey = (await secrets.get(LOCAL_ACCOUNT.id, 'service-key'))!;
    const oldReceiver = first.broadcasts.receiverId;
    await first.close();
    open.length = 0;

    // Only the key is gone: the receiver's secret is still there, which alone would keep the receiver.
    await secrets.delete(LOCAL_ACCOUNT.id, 'service-key');
    const account = await openAccount(dir.path, secrets);
    const newKey = (await secrets.get(LOCAL_ACCOUNT.id, 'service-key'))!;
    expect(Buffer.from(newKey, 'base64url')).toHaveLength(32);
    expect(newKey).not.toBe(oldKey);
    expect(account.broadcasts.receiverId).not.toBe(oldReceiver);
    expect(storedReceiverSecrets(dir.path).map((r) => r.id)).toEqual([account.broadcasts.receiverId]);
    await heardAChange(account, secrets);
  });
});
