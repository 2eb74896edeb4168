// OAuth credentials for createServiceApi: the access token in use, and a refresh that rotates it.
//
// Refresh tokens rotate (GAPS.md "OAuth"): after a refresh only the new refresh token works, and
// presenting the old one again makes the service revoke the whole family. So:
// - one refresh at a time, however many clients share these credentials (auth.ts already makes
//   the concurrent requests of one client share one refresh), and none for a request refused
//   with an access token that has been replaced since: it is simply repeated;
// - the new tokens replace the old ones in memory before anything else, so the very next request
//   uses them, and are then handed to `save` (core writes them to the OS keychain), whose promise
//   the refresh waits for: a refresh that answered true has been persisted;
// - a refused refresh token (invalid_grant) answers false: the user must sign in again. Any other
//   failure (the auth host unreachable, a misconfigured application: invalid_client) is thrown,
//   since it says nothing about the user's grant.
import type { Credentials } from '../options';
import { isOAuthError } from './errors';
import type { OAuthTokens } from './tokenAnswer';
import type { OAuthClient } from './tokenClient';

export type OAuthCredentials = Extract<Credentials, { kind: 'oauth' }>;

/** What must be kept between runs of the app. */
export interface StoredTokens {
  accessToken: string;
  /** null when the application was given none: a 401 then needs a new sign-in */
  refreshToken: string | null;
}

export interface OAuthCredentialsOptions {
  /** the token endpoint of the application (createOAuthClient) */
  client: Pick<OAuthClient, 'refresh'>;
  /** the tokens stored by the last sign-in or refresh */
  tokens: StoredTokens;
  /** persists rotated tokens; called once per successful refresh, before the retried request */
  save: (tokens: StoredTokens & { expiresIn: number | null }) => Promise<void> | void;
}

export function oauthCredentials(options: OAuthCredentialsOptions): OAuthCredentials {
  let current: StoredTokens = { ...options.tokens };
  let refreshing: Promise<boolean> | null = null;

  const refresh = async (rejected: string | undefined): Promise<boolean> => {
    // Another client of these credentials refreshed after this request was sent: just retry.
    if (rejected !== undefined && rejected !== current.accessToken) return true;
    const presented = current.refreshToken;
    if (!presented) return false;
    let answer: OAuthTokens;
    try {
      answer = await options.client.refresh(presented);
    } catch (error) {
      if (isOAuthError(error) && error.error === 'invalid_grant') return false;
      throw error;
    }
    // RFC 6749 §6: a server that does not rotate leaves refresh_token out; the old one stays valid.
    current = { accessToken: answer.accessToken, refreshToken: answer.refreshToken ?? presented };
    await options.save({ ...current, expiresIn: answer.expiresIn });
    return true;
  };

  return {
    kind: 'oauth',
    accessToken: async () => current.accessToken,
    refresh: (rejected) =>
      (refreshing ??= refresh(rejected).finally(() => {
        refreshing = null;
      })),
  };
}
