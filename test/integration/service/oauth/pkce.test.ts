// PKCE (RFC 7636, S256 only) on the real local service over real HTTP: step 1 takes an S256
// code_challenge and refuses plain, other methods and malformed challenges (invalid_request back
// to the application); step 3 wants the verifier of a code issued with a challenge, compared with
// it (invalid_grant when missing or wrong, and for a verifier sent with a code issued without
// one); the right verifier gets tokens, once. Codes without a challenge still work as before.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, codeFor, currentUser, serveOAuth, tokenRequest, type OAuthService } from '../support/oauthSupport';

const newVerifier = () => randomBytes(32).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function exchange(oauth: OAuthService, code: string, extra: Record<string, string | undefined> = {}) {
  return tokenRequest(
    oauth.service.url,
    { grant_type: 'authorization_code', client_id: oauth.clientId, client_secret: oauth.clientSecret, code, ...extra },
    { accept: 'application/json' },
  );
}

/** Step 1 as far as the redirect back: the error the application hears, if any. */
async function refusal(oauth: OAuthService, query: Record<string, string | undefined>) {
  const page = await new Browser(oauth.service.url).open({
    client_id: oauth.clientId,
    response_type: 'code',
    state: 'st-9',
    ...query,
  });
  expect(page.status, page.text.slice(0, 300)).toBe(302);
  const back = new URL(page.location!);
  return {
    error: back.searchParams.get('error'),
    description: back.searchParams.get('error_description'),
    state: back.searchParams.get('state'),
  };
}

describe('PKCE at the authorize endpoint', () => {
  it('refuses plain, a challenge without a method (plain by RFC 7636), any other method, and a method alone', async () => {
    const oauth = await serveOAuth();
    const challenge = s256(newVerifier());
    for (const query of [
      { code_challenge: challenge, code_challenge_method: 'plain' },
      { code_challenge: challenge },
      { code_challenge: challenge, code_challenge_method: 'S512' },
      { code_challenge: challenge, code_challenge_method: 's256' },
      { code_challenge_method: 'S256' },
    ]) {
      const answer = await refusal(oauth, query);
      expect(answer, JSON.stringify(query)).toMatchObject({ error: 'invalid_request', state: 'st-9' });
      expect(answer.description).toMatch(/code_challenge/);
    }
  });

  it('refuses a challenge that is not 43 to 128 characters of the unreserved set, or is repeated', async () => {
    const oauth = await serveOAuth();
    const good = s256(newVerifier());
    for (const code_challenge of [
      good.slice(0, 42),
      'a'.repeat(129),
      `${good.slice(0, 42)}+`,
      `${good.slice(0, 42)}=`,
    ]) {
      const answer = await refusal(oauth, { code_challenge, code_challenge_method: 'S256' });
      expect(answer.error, code_challenge).toBe('invalid_request');
    }
    const page = await new Browser(oauth.service.url).open(
      `client_id=${oauth.clientId}&response_type=code&code_challenge_method=S256&code_challenge=${good}&code_challenge=${good}`,
    );
    expect(new URL(page.location!).searchParams.get('error')).toBe('invalid_request');
  });
});

describe('PKCE at the token endpoint', () => {
  it('exchanges a code issued with an S256 challenge for tokens with the right verifier, once', async () => {
    const oauth = await serveOAuth();
    const verifier = newVerifier();
    const code = await codeFor(oauth, { code_challenge: s256(verifier), code_challenge_method: 'S256' });
    const tokens = await exchange(oauth, code, { code_verifier: verifier });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(await currentUser(oauth.service.url, tokens.body.access_token)).toBe(200);
    // Single use still holds: the same code and verifier again is a reuse, which revokes the grant.
    const again = await exchange(oauth, code, { code_verifier: verifier });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await currentUser(oauth.service.url, tokens.body.access_token)).toBe(401);
  });

  it('refuses a missing or wrong verifier with invalid_grant and leaves the code to its rightful holder', async () => {
    const oauth = await serveOAuth();
    const verifier = newVerifier();
    const code = await codeFor(oauth, { code_challenge: s256(verifier), code_challenge_method: 'S256' });
    const tampered = `${verifier.slice(0, -1)}${verifier.endsWith('A') ? 'B' : 'A'}`;
    for (const code_verifier of [undefined, newVerifier(), tampered, s256(verifier), verifier.slice(0, 42)]) {
      const reply = await exchange(oauth, code, { code_verifier });
      expect(reply.status, String(code_verifier)).toBe(400);
      expect(reply.body.error).toBe('invalid_grant');
      expect(reply.body.error_description).toMatch(/code_verifier/);
    }
    expect((await exchange(oauth, code, { code_verifier: verifier })).status).toBe(200);
  });

  it('still exchanges a code issued without a challenge (spec 000 flow), but refuses a verifier sent with it', async () => {
    const oauth = await serveOAuth();
    expect((await exchange(oauth, await codeFor(oauth))).status).toBe(200);
    const code = await codeFor(oauth);
    const reply = await exchange(oauth, code, { code_verifier: newVerifier() });
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(reply.body.error_description).toMatch(/without code_challenge/);
  });
});
