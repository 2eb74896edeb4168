// The embedded local account: Stint's default, so a new user can track time before connecting any
// service. It runs service/ in this process on 127.0.0.1 with its database in the app's data
// folder, and talks to it with the same client and core as any remote account.
//
// Being in this process, the service can reach a receiver on 127.0.0.1, so this account registers
// one (broadcasts/registration.ts): timer changes are announced and core's poll stops while the
// window is hidden. A remote service cannot reach this machine's loopback; remote accounts poll.

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SECRETS_KEY_BYTES, startService, type RunningService } from '../../../service';
import { makePrivateDir } from '../../../platform/privateFiles';
import { createServiceApi } from '../../api/client';
import { createLegacyApi } from '../../api/legacy';
import { startBroadcasts, type Broadcasts } from './broadcasts/registration';
import { createCore } from '../core';
import type { SecretStore } from '../../../platform/keychain';
import { openSettingsStore } from '../settings/file';
import type { SettingsStore } from '../settings/store';
import type { ApplyHotkeys } from '../settings/update';
import type { Clock, Core, CoreOptions } from '../types';

export const LOCAL_ACCOUNT = { id: 'local', label: 'This computer', kind: 'local' } as const;

export interface EmbeddedAccount {
  core: Core;
  service: RunningService;
  /** The broadcast receiver; remove() it when the account is removed. */
  broadcasts: Broadcasts;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The app's data folder; the service and core keep their files below it. */
  dataDir: string;
  secrets: SecretStore;
  clock?: Clock;
  /** Fixed port for the local service; default a free one. */
  port?: number;
  /** The app's settings; default: settings.json in dataDir. */
  settings?: SettingsStore;
  /** The shell's registration of changed global shortcuts. */
  applyHotkeys?: ApplyHotkeys;
  /** Where the window's CSV exports go. */
  downloadsDir?: string;
  /** The app's calendars (calendars/calendars.ts). */
  calendars?: CoreOptions['calendars'];
}

export async function openEmbeddedAccount(options: EmbeddedOptions): Promise<EmbeddedAccount> {
  const serviceDir = join(options.dataDir, 'local-service');
  const coreDir = join(options.dataDir, 'accounts', LOCAL_ACCOUNT.id);
  makePrivateDir(serviceDir);
  makePrivateDir(coreDir);

  // The token is made here and stored in the keychain before the service first sees it, so a
  // crash in between cannot leave a service whose only token nobody holds.
  let token = await options.secrets.get(LOCAL_ACCOUNT.id, 'personal-token');
  if (!token) {
    token = randomBytes(32).toString('base64url');
    await options.secrets.set(LOCAL_ACCOUNT.id, 'personal-token', token);
  }

  // The service keeps webhook and receiver secrets in its database sealed with this key, which,
  // like the token, is in the keychain before the service first uses it.
  const secretsKey = await serviceSecretsKey(options.secrets);

  // No rate limit on either side: the spec's 2 requests/s protects a shared server from many
  // clients; this one serves only this app over loopback, and start-up should not wait on it.
  // The app's token replaces the one it held before (made anew at each start without a keychain).
  const service = await startService({
    dataDir: serviceDir,
    token,
    tokenHolder: 'app',
    rateLimit: 0,
    port: options.port ?? 0,
    secretsKey,
  });
  try {
    const api = createServiceApi({ baseUrl: service.url, credentials: { kind: 'personal', token }, rateLimit: 0 });
    // The service serves v1 too: queued entries drain through its bulk import.
    const importer = createLegacyApi({ baseUrl: service.url, token, rateLimit: 0 });
    const settings = options.settings ?? openSettingsStore(options.dataDir);
    const core = await createCore({
      api,
      dataDir: coreDir,
      account: { ...LOCAL_ACCOUNT },
      clock: options.clock,
      importer,
      settings,
      ...(options.applyHotkeys ? { applyHotkeys: options.applyHotkeys } : {}),
      ...(options.downloadsDir ? { downloadsDir: options.downloadsDir } : {}),
      ...(options.calendars ? { calendars: options.calendars } : {}),
    });
    // Never throws: a receiver that cannot be registered leaves live false and the poll as it was.
    // sent_at is stamped by the service's clock, the system's (options.clock is core's alone).
    const broadcasts = await startBroadcasts({
      api,
      secrets: options.secrets,
      account: LOCAL_ACCOUNT.id,
      dataDir: coreDir,
      onBroadcast: () => core.notify('broadcast'),
    });
    core.setBroadcastsLive(broadcasts.live);
    return {
      core,
      service,
      broadcasts,
      async close() {
        // The receiver first: nothing may notify a core that is stopping.
        await broadcasts.stop();
        await core.stop();
        await service.close();
      },
    };
  } catch (error) {
    await service.close();
    throw error;
  }
}

/**
 * The embedded service's secrets key from the keychain, or a new one. What an earlier key sealed
 * (a keychain that lost it) a new one cannot open, and the service can no longer sign for the
 * receiver: its secret is deleted from the keychain too, so registration replaces the receiver
 * (broadcasts/registration.ts). After an upgrade from plain secrets this replaces it once.
 */
async function serviceSecretsKey(secrets: SecretStore): Promise<Buffer> {
  const stored = await secrets.get(LOCAL_ACCOUNT.id, 'service-key');
  const key = stored === null ? null : Buffer.from(stored, 'base64url');
  if (key?.length === SECRETS_KEY_BYTES) return key;
  // Before the new key is stored: a crash in between deletes it again on the next start.
  await secrets.delete(LOCAL_ACCOUNT.id, 'receiver-secret');
  const fresh = randomBytes(SECRETS_KEY_BYTES);
  await secrets.set(LOCAL_ACCOUNT.id, 'service-key', fresh.toString('base64url'));
  return fresh;
}
