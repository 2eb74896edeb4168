// Signing in with the system browser (spec 000's web flow, RFC 8252 for native apps): a fresh
// state and PKCE verifier (the verifier stays in this function: only its S256 challenge goes
// through the browser, so a code caught on the way back is useless), the loopback redirect listening, the authorize page opened in the user's own browser
// (where their password manager and session live; Stint never sees the password), the code from
// the redirect with our state exchanged for tokens, and the tokens tried on GET /v2/current_user.
// The caller stores the tokens; nothing here keeps them.

import type { ConnectionOptions } from '../../api/options';
import { createOAuthClient, isOAuthError, newPkce, newState, type OAuthTokens } from '../../api/oauth';
import { isApiError } from '../../api/errors';
import { unreachable } from '../../api/unreachable';
import { fail, ok, type Result } from '../../../common/result';
import { isSafeExternalUrl } from '../desktop/externalLinks';
import { listenForRedirect } from './loopback';
import { readBaseUrl, whoIs, type Identity } from './whoIs';

export interface SignInRequest {
  baseUrl: string;
  clientId: string;
  clientSecret?: string | undefined;
  /** {auth_url} when the OAuth endpoints are on another host; default the base URL. */
  authUrl?: string | undefined;
}

export interface SignInDeps {
  port: number;
  timeoutMs: number;
  /** Opens the system browser (the shell's, after validation); absent where there is none. */
  openExternal?: ((url: string) => Promise<void> | void) | undefined;
  connection?: ConnectionOptions | undefined;
  /** Called once listening, with the way to abandon this sign-in (a new one, the user's Cancel, the app quitting). */
  started(cancel: (reason: Error) => Promise<void>): void;
  /** Called with the authorize page's address just before the browser is asked to open it (the window shows it to copy). */
  waiting?(url: string): void;
}

export interface SignedIn {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  tokens: OAuthTokens;
  identity: Identity;
}

export async function signInWithBrowser(request: SignInRequest, deps: SignInDeps): Promise<Result<SignedIn>> {
  const base = readBaseUrl(request.baseUrl);
  if (!base.ok) return base;
  const auth = request.authUrl ? readBaseUrl(request.authUrl) : base;
  if (!auth.ok) return fail(auth.error.code, auth.error.message, 'authUrl');
  const clientId = request.clientId.trim();
  if (clientId === '')
    return fail('invalid_input', 'Enter the client ID the service gave when Stint was registered there.', 'clientId');
  if (!deps.openExternal) return fail('internal', 'This Stint cannot open a browser: paste a personal token instead.');
  const clientSecret = request.clientSecret?.trim() ?? '';

  const state = newState();
  const pkce = newPkce();
  let loopback: Awaited<ReturnType<typeof listenForRedirect>>;
  try {
    loopback = await listenForRedirect({ port: deps.port, state });
  } catch (error) {
    return fail('internal', (error as Error).message);
  }
  const timer = closeAfterTimeout(loopback, deps.timeoutMs);
  deps.started((reason) => loopback.close(reason));

  const end = async (result: Result<SignedIn>): Promise<Result<SignedIn>> => {
    clearTimeout(timer);
    await loopback.finish(
      result.ok ? { ok: true, label: result.value.baseUrl } : { ok: false, message: result.error.message },
    );
    return result;
  };

  try {
    const client = createOAuthClient({ ...deps.connection, authUrl: auth.value, clientId, clientSecret });
    const url = client.authorizeUrl({ state, redirectUri: loopback.redirectUri, codeChallenge: pkce.challenge });
    if (!isSafeExternalUrl(url))
      return await end(fail('invalid_input', 'That address cannot be opened in a browser.', 'baseUrl'));
    // The address carries the client id, our state, the redirect and the PKCE challenge: nothing
    // secret (the client secret and the verifier go only to the token endpoint), so the window may
    // show it for the user to copy.
    deps.waiting?.(url);
    await deps.openExternal(url);

    let code: string;
    try {
      code = await loopback.code;
    } catch (error) {
      return await end(
        fail(
          isOAuthError(error) && error.error === 'access_denied' ? 'forbidden' : 'rejected',
          (error as Error).message,
        ),
      );
    }
    const exchanged = await exchangeCode(client, code, loopback.redirectUri, pkce.verifier);
    if (!exchanged.ok) return await end(exchanged);
    const tokens = exchanged.value;
    const credentials = {
      kind: 'oauth' as const,
      accessToken: async () => tokens.accessToken,
      refresh: async () => false,
    };
    const identity = await whoIs(base.value, credentials, 'baseUrl', deps.connection);
    if (!identity.ok) return await end(identity);
    return await end(
      ok({ baseUrl: base.value, authUrl: auth.value, clientId, clientSecret, tokens, identity: identity.value }),
    );
  } catch (error) {
    return await end(fail('internal', (error as Error).message));
  }
}

type Loopback = Awaited<ReturnType<typeof listenForRedirect>>;

/** Stops listening for the browser once the sign-in has taken too long. */
function closeAfterTimeout(loopback: Loopback, timeoutMs: number): ReturnType<typeof setTimeout> {
  return setTimeout(
    () =>
      void loopback.close(
        new Error(
          `No answer came back from the browser within ${Math.round(timeoutMs / 60_000) || 1} minutes; start the sign-in again.`,
        ),
      ),
    timeoutMs,
  );
}

/** The tokens for the browser's code; the service's refusal, or why it cannot be reached, as a failed Result. */
async function exchangeCode(
  client: ReturnType<typeof createOAuthClient>,
  code: string,
  redirectUri: string,
  codeVerifier: string,
): Promise<Result<OAuthTokens>> {
  try {
    return ok(await client.exchangeCode(code, { redirectUri, codeVerifier }));
  } catch (error) {
    if (!isApiError(error)) throw error;
    const field = isOAuthError(error) && error.error === 'invalid_client' ? 'clientId' : undefined;
    const why = unreachable(error);
    if (why) return { ok: false, error: { code: 'rejected', message: why.message, detail: why.detail } };
    return fail('rejected', error.message, field);
  }
}
