// Puts the credential on each request and runs the OAuth refresh after a 401. Concurrent requests
// that meet the same expired token share one refresh; a request that was sent with a token older
// than the latest refresh simply retries with the new one instead of refreshing again.
import { ApiError } from './errors';
import type { Credentials } from './options';

export interface AuthState {
  headers: Record<string, string>;
  /** which refresh the headers date from */
  generation: number;
}

export interface Auth {
  current(at: { method: string; url: string }): Promise<AuthState>;
  /** After a 401 for a request sent with `sent`: true when a retry with fresh credentials is worth it. */
  recover(sent: AuthState, at: { method: string; url: string }): Promise<boolean>;
}

export function createAuth(credentials: Credentials): Auth {
  if (credentials.kind === 'personal') {
    const state: AuthState = { headers: { 'X-ServiceToken': credentials.token }, generation: 0 };
    return { current: async () => state, recover: async () => false };
  }

  let generation = 0;
  let refreshing: Promise<boolean> | null = null;

  const refresh = async (at: { method: string; url: string }): Promise<boolean> => {
    try {
      const ok = await credentials.refresh();
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
        throw new ApiError({ kind: 'unauthorized', message: 'No access token is available for this account', ...at, cause: error });
      }
      return { headers: { Authorization: `Bearer ${token}` }, generation: gen };
    },
    async recover(sent, at) {
      if (sent.generation !== generation) return true;
      refreshing ??= refresh(at).finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
  };
}
