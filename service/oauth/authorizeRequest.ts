// Checking step 1's parameters (spec 000 "OAuth 2.0 web application flow"). The order matters:
// until client and redirect URI are known good, an error is shown on a page (RFC 6749 §4.1.2.1:
// never redirect to an unchecked URI); after that it travels back to the application.
import type { Queryable } from '../storage/store';
import { findApplication, type Application } from './applications';
import type { OAuthError, AuthorizeErrorCode } from './errors';
import { one, type Params } from './params';
import { readChallenge } from './pkce';
import { redirectTarget } from './redirectUri';

export interface AuthorizeRequest {
  app: Application;
  /** Where step 2 sends the user. */
  target: URL;
  /** redirect_uri exactly as given, null when absent: step 3 must repeat it. */
  redirectUri: string | null;
  state: string | undefined;
  scope: string;
  /** The PKCE S256 challenge (RFC 7636), null when the client sent none. */
  codeChallenge: string | null;
}

export type Checked =
  | { kind: 'ok'; request: AuthorizeRequest }
  /** Shown on the service's own page. */
  | { kind: 'page'; error: AuthorizeErrorCode; description: string }
  /** Sent back to the application. */
  | { kind: 'redirect'; target: URL; state: string | undefined; error: AuthorizeErrorCode; description: string };

const MAX_LENGTH = 2048;

export async function checkAuthorizeRequest(db: Queryable, params: Params): Promise<Checked> {
  let clientId: string | undefined;
  let redirectUri: string | undefined;
  try {
    clientId = one(params, 'client_id');
    redirectUri = one(params, 'redirect_uri');
  } catch (error) {
    return { kind: 'page', error: 'invalid_request', description: (error as OAuthError).description };
  }
  if (!clientId) return { kind: 'page', error: 'invalid_request', description: 'client_id is missing' };
  const app = clientId.length <= MAX_LENGTH ? await findApplication(db, clientId) : null;
  if (!app) return { kind: 'page', error: 'invalid_request', description: 'client_id names no registered application' };
  const target =
    redirectUri !== undefined && redirectUri.length > MAX_LENGTH ? null : redirectTarget(app.callbackUrl, redirectUri);
  if (!target)
    return {
      kind: 'page',
      error: 'invalid_request',
      description:
        "redirect_uri must have the host and port of the application's callback URL and its path or a path below it",
    };

  // From here on the application hears about problems. state is echoed when it can be read.
  const values = params.get('state');
  const state = values?.length === 1 && values[0]!.length <= MAX_LENGTH ? values[0] : undefined;
  const back = (error: AuthorizeErrorCode, description: string): Checked => ({
    kind: 'redirect',
    target,
    state,
    error,
    description,
  });
  let responseType: string | undefined;
  let scope: string | undefined;
  let challenge: ReturnType<typeof readChallenge>;
  try {
    one(params, 'state');
    responseType = one(params, 'response_type');
    scope = one(params, 'scope');
    challenge = readChallenge(one(params, 'code_challenge'), one(params, 'code_challenge_method'));
  } catch (error) {
    return back('invalid_request', (error as OAuthError).description);
  }
  if (state === undefined && values?.[0])
    return back('invalid_request', `state is longer than ${MAX_LENGTH} characters`);
  if (!responseType) return back('invalid_request', 'response_type is missing');
  if (responseType !== 'code') return back('unsupported_response_type', 'response_type must be code');
  if (!app.grantTypes.includes('authorization_code'))
    return back('unauthorized_client', 'this application may not use the authorization code flow');
  if (scope !== undefined && scope.length > 255) return back('invalid_request', 'scope is longer than 255 characters');
  if (!challenge.ok) return back('invalid_request', challenge.description);
  return {
    kind: 'ok',
    request: {
      app,
      target,
      redirectUri: redirectUri ?? null,
      state,
      scope: scope?.trim() ?? '',
      codeChallenge: challenge.challenge,
    },
  };
}
