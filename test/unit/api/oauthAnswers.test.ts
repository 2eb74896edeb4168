// Reading the token endpoint's answers (form-encoded or JSON, by Content-Type) and its refusals,
// without ever quoting a token; the authorize URL and the redirect back.
import { describe, expect, it } from 'vitest';
import { authorizeUrl, readAuthorizeRedirect, readTokenAnswer } from '../../../main/api/oauth';
import { readTokenError, redact } from '../../../main/api/oauth/errors';
import { TokenAnswerError } from '../../../main/api/oauth/tokenAnswer';

const failed = (text: string, status = 400) => ({
  method: 'POST',
  url: 'https://auth.test/oauth/2/access_token',
  status,
  text,
});

describe('token answers', () => {
  it('reads the form-encoded answer (the spec default)', () => {
    expect(
      readTokenAnswer(
        'access_token=a%2Bb&refresh_token=r1&expires_in=1209600&scope=&token_type=bearer',
        'application/x-www-form-urlencoded; charset=utf-8',
      ),
    ).toEqual({
      accessToken: 'a+b',
      refreshToken: 'r1',
      expiresIn: 1209600,
      scope: '',
      tokenType: 'bearer',
    });
  });

  it('reads the JSON answer, expires_in a number; Content-Type decides, not what was asked', () => {
    const json = '{"access_token":"at","refresh_token":"rt","expires_in":60,"scope":"read","token_type":"Bearer"}';
    expect(readTokenAnswer(json, 'application/json; charset=utf-8')).toEqual({
      accessToken: 'at',
      refreshToken: 'rt',
      expiresIn: 60,
      scope: 'read',
      tokenType: 'bearer',
    });
    expect(readTokenAnswer('access_token=at', '')).toMatchObject({
      accessToken: 'at',
      refreshToken: null,
      expiresIn: null,
      tokenType: 'bearer',
    });
  });

  it('refuses an answer without an access token, JSON that does not parse, or another token type, quoting none of it', () => {
    for (const [text, type] of [
      ['refresh_token=secret-refresh', 'application/x-www-form-urlencoded'],
      ['{"access_token": "secret-access"', 'application/json'],
      ['access_token=secret-access&token_type=mac', 'application/x-www-form-urlencoded'],
    ] as const) {
      const error = (() => {
        try {
          readTokenAnswer(text, type);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error).toBeInstanceOf(TokenAnswerError);
      expect(`${error!.message} ${String(error!.cause)}`).not.toMatch(/secret/);
    }
  });
});

describe('token refusals', () => {
  it('become an OAuthError carrying the error value, of a kind that says whether to sign in again', () => {
    const grant = readTokenError(
      failed('{"error":"invalid_grant","error_description":"the refresh token was revoked"}'),
      [],
    );
    expect(grant).toMatchObject({
      error: 'invalid_grant',
      description: 'the refresh token was revoked',
      kind: 'unauthorized',
      status: 400,
    });
    expect(grant!.message).toBe(
      'The sign-in service refused the request: invalid_grant (the refresh token was revoked)',
    );
    expect(readTokenError(failed('{"error":"invalid_request"}'), [])).toMatchObject({
      kind: 'validation',
      description: '',
    });
    expect(readTokenError(failed('{"error":"server_error"}', 500), [])).toMatchObject({ kind: 'unavailable' });
    // The request path's reading wins: a 5xx to a call that must not run twice is an unknown outcome.
    expect(readTokenError(failed('{"error":"server_error"}', 500), [], 'unknown_outcome')).toMatchObject({
      kind: 'unknown_outcome',
      error: 'server_error',
    });
  });

  it('leave foreign bodies to the common reader', () => {
    expect(readTokenError(failed('<html>Bad gateway</html>', 502), [])).toBeNull();
    expect(readTokenError(failed('{"message":"Not Found"}', 404), [])).toBeNull();
  });

  it('scrub the secrets of the request from what the server says', () => {
    const error = readTokenError(
      failed('{"error":"invalid_grant","error_description":"refresh token rt-123456 is unknown"}'),
      ['rt-123456', undefined],
    );
    expect(error!.description).toBe('refresh token [redacted] is unknown');
    expect(error!.message).not.toContain('rt-123456');
    expect(redact('abc', ['abc'])).toBe('abc'); // too short to look for
  });
});

describe('the authorize step', () => {
  it('builds the URL with client_id, response_type=code, state and redirect_uri', () => {
    const url = new URL(
      authorizeUrl({ authUrl: 'https://auth.test/', clientId: 'c 1', state: 's', redirectUri: 'https://app.test/cb' }),
    );
    expect(url.origin + url.pathname).toBe('https://auth.test/oauth/2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'c 1',
      response_type: 'code',
      state: 's',
      redirect_uri: 'https://app.test/cb',
    });
    expect(
      new URL(authorizeUrl({ authUrl: 'https://auth.test', clientId: 'c', state: 's' })).searchParams.has(
        'redirect_uri',
      ),
    ).toBe(false);
  });

  it('reads the code back, refusing a foreign state and carrying an error value', () => {
    expect(readAuthorizeRedirect('https://app.test/cb?code=abc&state=s', 's')).toEqual({ code: 'abc' });
    expect(() => readAuthorizeRedirect('https://app.test/cb?code=abc&state=t', 's')).toThrow(
      expect.objectContaining({ error: 'invalid_request' }),
    );
    expect(() => readAuthorizeRedirect('https://app.test/cb?error=access_denied&state=s', 's')).toThrow(
      expect.objectContaining({ error: 'access_denied', kind: 'unauthorized' }),
    );
    try {
      readAuthorizeRedirect('https://app.test/cb?code=secret-code&state=t', 's');
    } catch (e) {
      expect(JSON.stringify(e) + (e as Error).message).not.toContain('secret-code');
    }
  });
});
