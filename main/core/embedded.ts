// The embedded local account: Stint's default, so a new user can track time before connecting any
// service. It runs service/ in this process on 127.0.0.1 with its database in the app's data
// folder, and talks to it with the same client and core as any remote account.

import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type RunningService } from '../../service';
import { createServiceApi } from '../api/client';
import { createCore } from './core';
import type { SecretStore } from './keychain';
import type { Clock, Core } from './types';

export const LOCAL_ACCOUNT = { id: 'local', label: 'This computer', kind: 'local' } as const;

export interface EmbeddedAccount {
  core: Core;
  service: RunningService;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The app's data folder; the service and core keep their files below it. */
  dataDir: string;
  secrets: SecretStore;
  clock?: Clock;
  /** Fixed port for the local service; default a free one. */
  port?: number;
}

export async function openEmbeddedAccount(options: EmbeddedOptions): Promise<EmbeddedAccount> {
  const serviceDir = join(options.dataDir, 'local-service');
  const coreDir = join(options.dataDir, 'accounts', LOCAL_ACCOUNT.id);
  mkdirSync(serviceDir, { recursive: true });
  mkdirSync(coreDir, { recursive: true });

  // The token is made here and stored in the keychain before the service first sees it, so a
  // crash in between cannot leave a service whose only token nobody holds.
  let token = await options.secrets.get(LOCAL_ACCOUNT.id, 'personal-token');
  if (!token) {
    token = randomBytes(32).toString('base64url');
    await options.secrets.set(LOCAL_ACCOUNT.id, 'personal-token', token);
  }

  // No rate limit on either side: the spec's 2 requests/s protects a shared server from many
  // clients; this one serves only this app over loopback, and start-up should not wait on it.
  const service = await startService({ dataDir: serviceDir, token, rateLimit: 0, port: options.port ?? 0 });
  try {
    const api = createServiceApi({ baseUrl: service.url, credentials: { kind: 'personal', token }, rateLimit: 0 });
    const core = await createCore({ api, dataDir: coreDir, account: { ...LOCAL_ACCOUNT }, clock: options.clock });
    return {
      core,
      service,
      async close() {
        await core.stop();
        await service.close();
      },
    };
  } catch (error) {
    await service.close();
    throw error;
  }
}
