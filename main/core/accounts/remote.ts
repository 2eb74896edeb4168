// Opens a remote account: its credential from the keychain, the API client (with the spec's
// 2 requests/s, on the limiter the app's `connection` shares among every client of that service,
// the OAuth token client included), and a core of its own with its outbox in
// <dataDir>/accounts/<id>/. A remote service cannot reach this machine's loopback, so no
// broadcast receiver: core polls.

import { join } from 'node:path';
import { createServiceApi } from '../../api/client';
import { createOAuthClient, oauthCredentials } from '../../api/oauth';
import type { ConnectionOptions, Credentials } from '../../api/options';
import { createCore } from '../core';
import type { SecretStore } from '../../../platform/keychain';
import type { Core, CoreOptions } from '../types';
import { watchAuth, type AuthState } from './authWatch';
import type { RemoteAccount } from './registry';
import { makePrivateDir } from '../../../platform/privateFiles';

export interface RemoteOptions {
  account: RemoteAccount;
  secrets: SecretStore;
  /** The app's data folder. */
  dataDir: string;
  /** What every account's core shares: the clock, the app's settings, the shell's hotkey registration. */
  core: Pick<CoreOptions, 'clock' | 'settings' | 'applyHotkeys' | 'downloadsDir' | 'calendars'>;
  /** The app's connection options (sharedConnection: one limiter per service). */
  connection?: ConnectionOptions;
  /** The service accepted or refused the credential. */
  onAuth(state: AuthState): void;
  /**
   * No keychain answers, so no token outlives a session: the account opens without one (its last
   * read and its outbox shown, nothing sent) until this session's token is pasted.
   */
  withoutCredential?: boolean;
}

/** What an account opened without a token sends with: nothing, every call refused here as needing one. */
const NO_CREDENTIAL: Credentials = {
  kind: 'oauth',
  accessToken: () => Promise.reject(new Error('No token for this account in this session: paste one in Settings.')),
  refresh: async () => false,
};

/** The credential kept for the account, or null when the keychain holds none (signed out, or a session that ended). */
export async function remoteCredentials(
  account: RemoteAccount,
  secrets: SecretStore,
  connection: ConnectionOptions = {},
): Promise<Credentials | null> {
  if (account.auth === 'personal') {
    const token = await secrets.get(account.id, 'personal-token');
    return token ? { kind: 'personal', token } : null;
  }
  const accessToken = await secrets.get(account.id, 'access-token');
  if (!accessToken || !account.oauth) return null;
  const refreshToken = await secrets.get(account.id, 'refresh-token');
  const clientSecret = (await secrets.get(account.id, 'client-secret')) ?? '';
  const client = createOAuthClient({
    ...connection,
    authUrl: account.oauth.authUrl,
    clientId: account.oauth.clientId,
    clientSecret,
  });
  return oauthCredentials({
    client,
    tokens: { accessToken, refreshToken },
    // Rotated tokens go straight back to the keychain: the old refresh token no longer works.
    async save(tokens) {
      await secrets.set(account.id, 'access-token', tokens.accessToken);
      if (tokens.refreshToken) await secrets.set(account.id, 'refresh-token', tokens.refreshToken);
    },
  });
}

/** The account's core, or null when there is no credential to open it with. */
export async function openRemoteAccount(options: RemoteOptions): Promise<Core | null> {
  const { account } = options;
  const credentials = await remoteCredentials(account, options.secrets, options.connection);
  if (!credentials && !options.withoutCredential) return null;
  const client = createServiceApi({
    ...options.connection,
    baseUrl: account.baseUrl,
    credentials: credentials ?? NO_CREDENTIAL,
  });
  // Without a token nothing reaches the service, so nothing it says is about the account's token.
  const api = credentials ? watchAuth(client, options.onAuth) : client;
  const coreDir = join(options.dataDir, 'accounts', account.id);
  makePrivateDir(coreDir);
  return createCore({
    api,
    dataDir: coreDir,
    account: { id: account.id, label: account.label, kind: 'remote' },
    ...options.core,
  });
}
