// The OAuth client of main/api/oauth against the real local service: the authorize URL, code
// exchange with form-encoded and JSON answers, rotating refresh, typed OAuth refusals, and
// createServiceApi with oauthCredentials: an expired access token is refreshed once (also for
// concurrent requests), persisted, and the request repeated; a refused refresh token means
// signing in again. No token, code or secret ever shows in an error.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createServiceApi } from '../../../main/api/client';
import { ApiError } from '../../../main/api/errors';
import {
  createOAuthClient,
  isOAuthError,
  newPkce,
  oauthCredentials,
  readAuthorizeRedirect,
  type OAuthClient,
  type OAuthClientOptions,
  type StoredTokens,
} from '../../../main/api/oauth';
import type { ServiceOptions } from '../../../service';
import {
  Browser,
  CALLBACK,
  codeFor,
  currentUser,
  serveOAuth,
  type OAuthService,
} from '../service/support/oauthSupport';
import { failureOf } from './harness';

const TWO_WEEKS_S = 14 * 24 * 3600;

async function setUp(options: ServiceOptions = {}, client: Partial<OAuthClientOptions> = {}) {
  const oauth = await serveOAuth(options);
  const tokenClient = createOAuthClient({
    authUrl: oauth.service.url,
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    rateLimit: 0,
    ...client,
  });
  return { oauth, tokenClient };
}

async function signedIn(oauth: OAuthService, tokenClient: OAuthClient): Promise<StoredTokens> {
  const { accessToken, refreshToken } = await tokenClient.exchangeCode(await codeFor(oauth));
  return { accessToken, refreshToken };
}

/** Every text an error carries to a log: message, OAuth description, causes, own fields. */
function loggable(error: unknown): string {
  const parts: string[] = [];
  for (
    let e = error as { message?: unknown; cause?: unknown; stack?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    parts.push(String(e.message), String(e.stack), JSON.stringify(e));
  }
  return parts.join('\n');
}

function expectNoSecrets(error: unknown, secrets: Array<string | null | undefined>) {
  const text = loggable(error);
  for (const secret of secrets) if (secret) expect(text).not.toContain(secret);
}

describe('the token endpoint client', () => {
  it('exchanges a code for tokens answered form-encoded (the spec default), and they work on the API', async () => {
    const { oauth, tokenClient } = await setUp({}, { answerFormat: 'form' });
    const tokens = await tokenClient.exchangeCode(await codeFor(oauth));
    expect(tokens).toMatchObject({ expiresIn: TWO_WEEKS_S, scope: '', tokenType: 'bearer' });
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(await currentUser(oauth.service.url, tokens.accessToken)).toBe(200);
  });

  it('exchanges a code for tokens answered as JSON (Accept: application/json)', async () => {
    const { oauth, tokenClient } = await setUp({}, { answerFormat: 'json' });
    const tokens = await tokenClient.exchangeCode(await codeFor(oauth));
    expect(tokens).toMatchObject({ expiresIn: TWO_WEEKS_S, scope: '', tokenType: 'bearer' });
    expect(await currentUser(oauth.service.url, tokens.accessToken)).toBe(200);
  });

  it('builds the authorize URL the service accepts, reads the redirect back, and exchanges with the same redirect_uri', async () => {
    const { oauth, tokenClient } = await setUp();
    const redirectUri = `${CALLBACK}/stint`;
    const url = new URL(tokenClient.authorizeUrl({ state: 'state-42', redirectUri }));
    expect(url.origin + url.pathname).toBe(`${oauth.service.url}/oauth/2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: oauth.clientId,
      response_type: 'code',
      state: 'state-42',
      redirect_uri: redirectUri,
    });

    const back = await new Browser(oauth.service.url).authorize(Object.fromEntries(url.searchParams));
    expect(() => readAuthorizeRedirect(back, 'another state')).toThrow(/state/);
    const { code } = readAuthorizeRedirect(back, 'state-42');
    const tokens = await tokenClient.exchangeCode(code, { redirectUri });
    expect(await currentUser(oauth.service.url, tokens.accessToken)).toBe(200);
  });

  it('with PKCE: the authorize URL carries the S256 challenge; a tampered verifier is refused (invalid_grant, not in the error), the right one exchanges', async () => {
    const { oauth, tokenClient } = await setUp();
    const pkce = newPkce();
    expect(pkce.verifier).toMatch(/^[\w-]{43}$/);
    expect(pkce.challenge).toBe(createHash('sha256').update(pkce.verifier).digest('base64url'));
    expect(newPkce().verifier).not.toBe(pkce.verifier);
    const url = new URL(tokenClient.authorizeUrl({ state: 'pkce-1', codeChallenge: pkce.challenge }));
    expect(url.searchParams.get('code_challenge')).toBe(pkce.challenge);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    const { code } = readAuthorizeRedirect(
      await new Browser(oauth.service.url).authorize(Object.fromEntries(url.searchParams)),
      'pkce-1',
    );
    const tampered = `${pkce.verifier.slice(0, -1)}${pkce.verifier.endsWith('A') ? 'B' : 'A'}`;
    for (const codeVerifier of [tampered, undefined]) {
      const error = await failureOf(tokenClient.exchangeCode(code, { codeVerifier }));
      expect(isOAuthError(error) && error.error).toBe('invalid_grant');
      expectNoSecrets(error, [code, tampered, oauth.clientSecret]);
    }
    const tokens = await tokenClient.exchangeCode(code, { codeVerifier: pkce.verifier });
    expect(await currentUser(oauth.service.url, tokens.accessToken)).toBe(200);
  });

  it('reads a denied authorization as an OAuthError access_denied', async () => {
    const { oauth, tokenClient } = await setUp();
    const query = Object.fromEntries(new URL(tokenClient.authorizeUrl({ state: 's' })).searchParams);
    const back = await new Browser(oauth.service.url).authorize(query, 'deny');
    const error = (() => {
      try {
        return readAuthorizeRedirect(back, 's');
      } catch (e) {
        return e;
      }
    })();
    expect(isOAuthError(error) && error.error).toBe('access_denied');
  });

  it('refreshes with rotation: new tokens work, the old refresh token is refused with invalid_grant', async () => {
    const { oauth, tokenClient } = await setUp();
    const first = await signedIn(oauth, tokenClient);
    const second = await tokenClient.refresh(first.refreshToken!);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await currentUser(oauth.service.url, second.accessToken)).toBe(200);

    const refused = await failureOf(tokenClient.refresh(first.refreshToken!));
    expect(isOAuthError(refused) && refused.error).toBe('invalid_grant');
    expect(refused).toMatchObject({ kind: 'unauthorized', status: 400 });
    expect(refused.message).toMatch(/invalid_grant/);
    expectNoSecrets(refused, [first.refreshToken, first.accessToken, second.refreshToken, oauth.clientSecret]);
  });

  it('turns the OAuth refusals into typed errors carrying the OAuth error value, with no secret in them', async () => {
    const { oauth, tokenClient } = await setUp();
    const code = await codeFor(oauth);
    const wrongSecret = createOAuthClient({
      authUrl: oauth.service.url,
      clientId: oauth.clientId,
      clientSecret: 'not the secret at all',
      rateLimit: 0,
    });
    const invalidClient = await failureOf(wrongSecret.exchangeCode(code));
    expect(isOAuthError(invalidClient) && invalidClient.error).toBe('invalid_client');
    expectNoSecrets(invalidClient, [code, 'not the secret at all']);

    const tokens = await tokenClient.exchangeCode(code);
    const reused = await failureOf(tokenClient.exchangeCode(code));
    expect(isOAuthError(reused) && reused.error).toBe('invalid_grant');
    expect(reused.retryable).toBe(false);
    expectNoSecrets(reused, [code, tokens.accessToken, tokens.refreshToken, oauth.clientSecret]);

    const noRefresh = await oauth.register(CALLBACK, ['authorization_code'], 'No refresh');
    const limited = createOAuthClient({ authUrl: oauth.service.url, ...noRefresh, rateLimit: 0 });
    const unauthorizedClient = await failureOf(limited.refresh('some-refresh-token'));
    expect(isOAuthError(unauthorizedClient) && unauthorizedClient.error).toBe('unauthorized_client');
  });

  it('answers a network failure as an ApiError, not an OAuth verdict', async () => {
    const tokenClient = createOAuthClient({
      authUrl: 'http://127.0.0.1:1',
      clientId: 'id',
      clientSecret: 'secret-value',
      rateLimit: 0,
      retries: 0,
    });
    const error = await failureOf(tokenClient.refresh('refresh-token-value'));
    expect(isOAuthError(error)).toBe(false);
    expect(error.kind).toBe('network');
    expectNoSecrets(error, ['refresh-token-value', 'secret-value']);
  });
});

describe('oauthCredentials with createServiceApi', () => {
  // Access tokens live one minute here; the service's clock is moved past it.
  const SHORT = { oauth: { accessTokenLifetimeMs: 60_000 } };

  async function connected() {
    const { oauth, tokenClient } = await setUp(SHORT);
    const initial = await signedIn(oauth, tokenClient);
    const saved: StoredTokens[] = [];
    const credentials = oauthCredentials({
      client: tokenClient,
      tokens: initial,
      save: (t) => void saved.push({ accessToken: t.accessToken, refreshToken: t.refreshToken }),
    });
    const api = createServiceApi({ baseUrl: oauth.service.url, credentials, rateLimit: 0 });
    return { oauth, tokenClient, initial, saved, credentials, api };
  }

  it('refreshes an expired access token once, persists the rotated tokens, and repeats the request', async () => {
    const { oauth, tokenClient, initial, saved, api } = await connected();
    expect((await api.getCurrentUser()).id).toBe(oauth.service.ownerId);
    expect(saved).toEqual([]);

    oauth.clock.advance(61_000);
    expect(await currentUser(oauth.service.url, initial.accessToken)).toBe(401);
    expect((await api.getCurrentUser()).id).toBe(oauth.service.ownerId);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.accessToken).not.toBe(initial.accessToken);
    expect(saved[0]!.refreshToken).not.toBe(initial.refreshToken);
    expect(await currentUser(oauth.service.url, saved[0]!.accessToken)).toBe(200);
    // Rotation: the first refresh token is spent (presenting it now would revoke the family).
    expect(await failureOf(tokenClient.refresh(initial.refreshToken!))).toMatchObject({ error: 'invalid_grant' });
  });

  it('shares one refresh between concurrent requests, also of two clients using the same credentials', async () => {
    const { oauth, saved, credentials, api } = await connected();
    const other = createServiceApi({ baseUrl: oauth.service.url, credentials, rateLimit: 0 });
    oauth.clock.advance(61_000);
    const users = await Promise.all([
      api.getCurrentUser(),
      api.getCurrentUser(),
      other.getCurrentUser(),
      api.getCurrentUser(),
      other.getCurrentUser(),
    ]);
    expect(users.map((u) => u.id)).toEqual(Array(5).fill(oauth.service.ownerId));
    expect(saved).toHaveLength(1);
  });

  it('answers false for a refused refresh token: the call fails unauthorized, nothing is saved, no token in the error', async () => {
    const { oauth, tokenClient, initial, saved, credentials, api } = await connected();
    // Someone else rotated it (and the reuse below revokes the family): this client's refresh token is dead.
    const stolen = await tokenClient.refresh(initial.refreshToken!);
    await failureOf(tokenClient.refresh(initial.refreshToken!));
    oauth.clock.advance(61_000);

    expect(await credentials.refresh()).toBe(false);
    const error = await failureOf(api.getCurrentUser());
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('unauthorized');
    expect(saved).toEqual([]);
    expectNoSecrets(error, [
      initial.accessToken,
      initial.refreshToken,
      stolen.accessToken,
      stolen.refreshToken,
      oauth.clientSecret,
    ]);
  });
});
