// Steps 1 and 2 of the OAuth web flow (spec 000): the URL to send the user to, an unguessable
// state for it, and reading the redirect that brings the user back.
import { randomBytes } from 'node:crypto';
import { OAuthError, describeOAuthError } from './errors';

export interface AuthorizeRequest {
  /** {auth_url}, the host of the OAuth endpoints */
  authUrl: string;
  clientId: string;
  /** "Unguessable random string against cross-site request forgery": see newState() */
  state: string;
  /** where the user returns; absent = the application's configured callback */
  redirectUri?: string;
  /** The PKCE S256 challenge (pkce.ts); its verifier goes to the code exchange. */
  codeChallenge?: string;
}

/**
 * GET {auth_url}/oauth/2/authorize?client_id=…&response_type=code&state=…[&redirect_uri=…]
 * [&code_challenge=…&code_challenge_method=S256]
 */
export function authorizeUrl(request: AuthorizeRequest): string {
  const url = new URL(`${request.authUrl.replace(/\/+$/, '')}/oauth/2/authorize`);
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', request.state);
  if (request.redirectUri !== undefined) url.searchParams.set('redirect_uri', request.redirectUri);
  if (request.codeChallenge !== undefined) {
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.href;
}

/** 32 random bytes, base64url: a state nobody can guess. */
export const newState = (): string => randomBytes(32).toString('base64url');

/**
 * The code of the redirect back to the application (step 2). Refuses, with an OAuthError, a
 * redirect whose state is not the one sent ("The application must reject the redirect if it does
 * not match") and one that carries error instead of a code (access_denied when the user said no).
 */
export function readAuthorizeRedirect(redirect: string | URL, expectedState: string): { code: string } {
  const url = new URL(redirect);
  // The error's url names the callback only: its query holds the code.
  const where = { method: 'GET', url: url.origin + url.pathname };
  const refuse = (error: string, description: string) =>
    new OAuthError({ error, description, ...where, message: describeOAuthError(error, description) });
  const state = url.searchParams.get('state');
  if (state !== expectedState)
    throw refuse('invalid_request', 'the state of the redirect is not the one this application sent');
  const error = url.searchParams.get('error');
  if (error) throw refuse(error.slice(0, 100), (url.searchParams.get('error_description') ?? '').slice(0, 300));
  const code = url.searchParams.get('code');
  if (!code) throw refuse('invalid_request', 'the redirect carries neither a code nor an error');
  return { code };
}
