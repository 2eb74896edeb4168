// Puts the credential on each request and runs the OAuth refresh after a 401. Concurrent requests
// that meet the same expired token share one refresh; a request that was sent with a token older
// than the latest refresh simply retries with the new one instead of refreshing again.
import { ApiError } from './errors';
import type { Credentials } from './options';

export interface AuthState {
  headers: Record<string, string>;
  /** which refresh the headers date from */
  generation: number;
  /** the OAuth access token in the headers, told to refresh() when it is refused */
  token?: string;
}

export interface Auth {
  current(at: { method: string; url: string }): Promise<AuthState>;
  /** After a 401 for a request sent with `sent`: true when a retry with fresh credentials is worth it. */
  recover(sent: AuthState, at: { method: string; url: string }): Promise<boolean>;
}

export function createAuth(credentials: Credentials): Auth {
  if (credentials.kind === 'personal') return fixedAuth({ 'X-ServiceToken': credentials.token });

  let generation = 0;
  let refreshing: Promise<boolean> | null = null;

  const refresh = async (rejected: string | undefined, at: { method: string; url: string }): Promise<boolean> => {
    try {
      const ok = await credentials.refresh(rejected);
      if (ok) generation++;
      return ok;
    } catch (error) {
      // The refresh itself could not be done (auth host unreachable...): that is not a verdict on
      // the credential, so it must not look like one.
      if (error instanceof ApiError) throw error;
      throw new ApiError({ kind: 'network', message: 'Could not refresh the access token', ...at, cause: error });
    }
  };

  return {
    async current(at) {
      const gen = generation;
      let token: string;
      try {
        token = await credentials.accessToken();
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // Without a token there is nothing to send: the account must be connected again.
        throw new ApiError({
          kind: 'unauthorized',
          message: 'No access token is available for this account',
          ...at,
          cause: error,
        });
      }
      return { headers: { Authorization: `Bearer ${token}` }, generation: gen, token };
    },
    async recover(sent, at) {
      if (sent.generation !== generation) return true;
      refreshing ??= refresh(sent.token, at).finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
  };
}

/** A credential that never changes and cannot be refreshed: sent as is, a 401 is final. */
function fixedAuth(headers: Record<string, string>): Auth {
  const state: AuthState = { headers, generation: 0 };
  return { current: async () => state, recover: async () => false };
}

/**
 * No credential at all: the OAuth token endpoint, which takes the application's client_id and
 * client_secret in the body instead (spec 000 step 3).
 */
export const noCredential: Auth = fixedAuth({});

/**
 * HTTP Basic (RFC 7617) with a user name and password: GET /api/user/api_auth_token takes the
 * user's e-mail and password this way (spec 002). UTF-8, as the service decodes it.
 */
export function basicCredential(user: string, password: string): Auth {
  return fixedAuth({ Authorization: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}` });
}
