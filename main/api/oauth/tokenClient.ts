// The client of POST {auth_url}/oauth/2/access_token (spec 000 steps 3 and 5), over the same
// request path as the API (transport.ts): User-Agent, limiter, timeout, redirects, typed errors.
// The application authenticates with client_id and client_secret in the form-encoded body (as the
// spec lists them), so the request carries no other credential.
//
// Neither call is safe to repeat after an unanswered attempt (transport.ts then reports
// unknown_outcome instead of retrying): a code is single-use, and presenting it a second time
// makes the service revoke every token issued from it; a refresh rotates the refresh token, and
// presenting the old one again likewise revokes the whole family (GAPS.md "OAuth", RFC 9700).
import { noCredential } from '../auth';
import { ApiError } from '../errors';
import type { ConnectionOptions } from '../options';
import { transportFromOptions } from '../transport';
import { authorizeUrl } from './authorize';
import { readTokenError } from './errors';
import { readTokenAnswer, TokenAnswerError, type OAuthTokens } from './tokenAnswer';

export interface OAuthClientOptions extends ConnectionOptions {
  /** {auth_url}: the host of /oauth/2/… (for the local service, its base URL) */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * The answer form asked for: 'json' (Accept: application/json, the default) or 'form' (the
   * spec's default form-encoded answer). Either form is read whatever the server sends.
   */
  answerFormat?: 'json' | 'form';
}

export interface OAuthClient {
  /** Step 1's URL for this application; with `codeChallenge`, PKCE S256 (pkce.ts). */
  authorizeUrl(request: { state: string; redirectUri?: string; codeChallenge?: string }): string;
  /**
   * Step 3. `redirectUri` must be given exactly when step 1 gave one, and `codeVerifier` exactly
   * when step 1 sent its challenge.
   */
  exchangeCode(code: string, options?: { redirectUri?: string; codeVerifier?: string }): Promise<OAuthTokens>;
  /** Step 5: new tokens; the refresh token given stops working (GAPS.md). */
  refresh(refreshToken: string): Promise<OAuthTokens>;
}

const TOKEN_PATH = '/oauth/2/access_token';
const ACCEPT = { json: 'application/json', form: 'application/x-www-form-urlencoded' } as const;

export function createOAuthClient(options: OAuthClientOptions): OAuthClient {
  const send = transportFromOptions(options.authUrl, noCredential, options);
  const accept = ACCEPT[options.answerFormat ?? 'json'];

  const token = async (fields: Record<string, string | undefined>, ...secret: string[]): Promise<OAuthTokens> => {
    const form = new URLSearchParams({ client_id: options.clientId, client_secret: options.clientSecret });
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
    const secrets = [options.clientSecret, ...secret];
    const reply = await send({
      method: 'POST',
      url: TOKEN_PATH,
      content: { type: 'application/x-www-form-urlencoded', text: form.toString() },
      accept,
      answer: 'text',
      readError: (failed, kind) => readTokenError(failed, secrets, kind),
      safe: false,
    });
    const contentType = reply.headers['content-type'];
    try {
      return readTokenAnswer(String(reply.body), Array.isArray(contentType) ? contentType[0] : contentType);
    } catch (error) {
      if (!(error instanceof TokenAnswerError)) throw error;
      // No cause: the answer holds tokens, and nothing of it may reach a log.
      throw new ApiError({
        kind: 'protocol',
        message: error.message,
        status: reply.status,
        method: 'POST',
        url: reply.url,
      });
    }
  };

  return {
    authorizeUrl: (request) => authorizeUrl({ authUrl: options.authUrl, clientId: options.clientId, ...request }),
    exchangeCode: (code, { redirectUri, codeVerifier } = {}) =>
      token(
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier },
        code,
        ...(codeVerifier === undefined ? [] : [codeVerifier]),
      ),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken),
  };
}
