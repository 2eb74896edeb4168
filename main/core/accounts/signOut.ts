// Signing a remote account out: revoke what the service lets us revoke, then forget everything
// this computer holds for it (keychain items, its folder with the outbox), whatever the service
// said. What the spec offers (spec 000 "Token-management endpoints"):
// - an OAuth access token: DELETE {auth_url}/applications/:client_id/tokens/:access_token with
//   the application's client_id and client_secret (Basic). The spec marks these endpoints "not yet
//   implemented: 404", and the local service answers 404 as the spec says; a 404 (or no client
//   secret to authenticate with) is reported, not hidden;
// - a personal token: no endpoint revokes it; the user is told to do it in the service's settings.
// Remote accounts register no broadcast receiver (a remote service cannot reach our loopback);
// should a receiver's state or secret exist for the account, it is deleted here with the rest.

import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createServiceApi } from '../../api/client';
import { isNotFound } from '../../api/errors';
import { redact } from '../../api/oauth/errors';
import { unreachable } from '../../api/unreachable';
import type { ConnectionOptions } from '../../api/options';
import type { SecretKey, SecretStore } from '../../../platform/keychain';
import type { RemoteAccount } from './registry';

/** Every kind of secret an account may have in the keychain. */
export const ACCOUNT_SECRETS: readonly SecretKey[] = [
  'personal-token',
  'access-token',
  'refresh-token',
  'client-secret',
  'receiver-secret',
  'service-key',
];

export interface SignOutOutcome {
  /** Whether the service confirmed the token revoked. */
  revoked: boolean;
  /** What happened, in words, for the settings window. */
  message: string;
}

export async function signOutRemote(
  account: RemoteAccount,
  secrets: SecretStore,
  dataDir: string,
  connection: ConnectionOptions = {},
): Promise<SignOutOutcome> {
  let outcome: SignOutOutcome;
  try {
    outcome = await revoke(account, secrets, connection);
  } catch (error) {
    outcome = {
      revoked: false,
      message: `The token could not be revoked (${(error as Error).message}); it was deleted from this computer.`,
    };
  }
  for (const key of ACCOUNT_SECRETS) await secrets.delete(account.id, key);
  await rm(join(dataDir, 'accounts', account.id), { recursive: true, force: true });
  return outcome;
}

const NOT_OFFERED = 'does not offer token revocation';

async function revoke(
  account: RemoteAccount,
  secrets: SecretStore,
  connection: ConnectionOptions,
): Promise<SignOutOutcome> {
  const host = new URL(account.baseUrl).host;
  if (account.auth === 'personal') {
    return {
      revoked: false,
      message: `Signed out. ${host} ${NOT_OFFERED} for personal tokens: revoke the token in the service's settings if it may have been seen by others.`,
    };
  }
  const accessToken = await secrets.get(account.id, 'access-token');
  const clientSecret = await secrets.get(account.id, 'client-secret');
  if (!accessToken || !account.oauth) return { revoked: false, message: 'Signed out. No token was left to revoke.' };
  if (!clientSecret)
    return {
      revoked: false,
      message: `Signed out. Without the application's client secret Stint cannot ask ${host} to revoke the token; it was deleted from this computer.`,
    };
  const api = createServiceApi({
    ...connection,
    baseUrl: account.baseUrl,
    credentials: { kind: 'personal', token: '' },
    retries: 1,
    timeoutMs: 10_000,
  });
  try {
    // Revoking one token of the application ends this sign-in; the refresh token issued with it goes with its grant.
    await api
      .tokenManagement({ username: account.oauth.clientId, password: clientSecret, authUrl: account.oauth.authUrl })
      .revokeApplicationToken(account.oauth.clientId, accessToken);
    return { revoked: true, message: `Signed out; ${host} revoked the token.` };
  } catch (error) {
    if (isNotFound(error))
      return {
        revoked: false,
        message: `Signed out. ${host} ${NOT_OFFERED} (its revocation endpoint answered 404); the token was deleted from this computer and expires on its own.`,
      };
    // A service out of reach in words (unreachable.ts names only the host), not ECONNREFUSED.
    const why = unreachable(error);
    if (why) throw new Error(why.message.replace(/\.$/, ''));
    // The token is in the request's path: no message may carry it to the window or a log.
    throw new Error(redact((error as Error).message, [accessToken, clientSecret]));
  }
}
