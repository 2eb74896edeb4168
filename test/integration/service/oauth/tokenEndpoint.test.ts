// POST /oauth/2/access_token over real HTTP (spec 000 steps 3 and 5, GAPS.md "OAuth"): answers
// form-encoded or JSON, form or JSON requests, every error value, single-use codes (a reuse
// revokes what the code gave), expiry of codes and access tokens by the service's clock,
// rotation of refresh tokens.
import { describe, expect, it } from 'vitest';
import { CALLBACK, codeFor, currentUser, serveOAuth, tokenRequest, type OAuthService } from '../support/oauthSupport';
import { writeDb } from '../support/peopleSupport';

const DAY = 24 * 3600_000;

function exchange(
  oauth: OAuthService,
  code: string,
  extra: Record<string, string | undefined> = {},
  options: Parameters<typeof tokenRequest>[2] = {},
) {
  return tokenRequest(
    oauth.service.url,
    { grant_type: 'authorization_code', client_id: oauth.clientId, client_secret: oauth.clientSecret, code, ...extra },
    options,
  );
}

function refresh(oauth: OAuthService, refreshToken: string, extra: Record<string, string | undefined> = {}) {
  return tokenRequest(
    oauth.service.url,
    {
      grant_type: 'refresh_token',
      client_id: oauth.clientId,
      client_secret: oauth.clientSecret,
      refresh_token: refreshToken,
      ...extra,
    },
    { accept: 'application/json' },
  );
}

async function expectError(
  reply: Promise<{ status: number; contentType: string; body: Record<string, any> }>,
  error: string,
) {
  const r = await reply;
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.contentType).toMatch(/^application\/json/);
  expect(r.body.error).toBe(error);
  expect(typeof r.body.error_description).toBe('string');
  expect(r.body.error_description.length).toBeGreaterThan(0);
  return r.body;
}

describe('the token endpoint answers', () => {
  it('form-encoded by default, with every field of the spec, and the token works on the API', async () => {
    const oauth = await serveOAuth();
    const reply = await exchange(oauth, await codeFor(oauth));
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(reply.body).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(reply.body).toMatchObject({ expires_in: String(14 * 24 * 3600), scope: '', token_type: 'bearer' });
    expect(await currentUser(oauth.service.url, reply.body.access_token)).toBe(200);
  });

  it('JSON with Accept: application/json, expires_in a number; not when JSON is refused with q=0', async () => {
    const oauth = await serveOAuth();
    const json = await exchange(oauth, await codeFor(oauth), {}, { accept: 'text/html, application/json;q=0.9' });
    expect(json.contentType).toMatch(/^application\/json/);
    expect(json.body).toMatchObject({ expires_in: 14 * 24 * 3600, scope: '', token_type: 'bearer' });
    expect(typeof json.body.access_token).toBe('string');
    const form = await exchange(oauth, await codeFor(oauth), {}, { accept: 'application/json;q=0' });
    expect(form.contentType).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('a JSON request body as well as a form, and Basic client authentication', async () => {
    const oauth = await serveOAuth();
    const json = await exchange(oauth, await codeFor(oauth), {}, { json: true });
    expect(json.status).toBe(200);
    const basic = `Basic ${Buffer.from(`${oauth.clientId}:${oauth.clientSecret}`).toString('base64')}`;
    const viaBasic = await tokenRequest(
      oauth.service.url,
      { grant_type: 'authorization_code', code: await codeFor(oauth) },
      { headers: { authorization: basic } },
    );
    expect(viaBasic.status).toBe(200);
  });

  it('is never cached', async () => {
    const oauth = await serveOAuth();
    const reply = await exchange(oauth, await codeFor(oauth));
    expect(reply.status).toBe(200);
    const raw = await fetch(`${oauth.service.url}/oauth/2/access_token`, {
      method: 'POST',
      headers: { 'user-agent': 'T/1', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=x',
    });
    expect(raw.headers.get('cache-control')).toBe('no-store');
  });

  it('with lifetimes set through ServiceOptions.oauth', async () => {
    const oauth = await serveOAuth({ oauth: { codeLifetimeMs: 60_000, accessTokenLifetimeMs: 3600_000 } });
    const late = await codeFor(oauth);
    oauth.clock.advance(60_000);
    await expectError(exchange(oauth, late), 'invalid_grant');
    const reply = await exchange(oauth, await codeFor(oauth), {}, { accept: 'application/json' });
    expect(reply.body.expires_in).toBe(3600);
    oauth.clock.advance(3600_000 - 1000);
    expect(await currentUser(oauth.service.url, reply.body.access_token)).toBe(200);
    oauth.clock.advance(1000);
    expect(await currentUser(oauth.service.url, reply.body.access_token)).toBe(401);
  });
});

describe('token endpoint errors (400 with JSON error and error_description)', () => {
  it('invalid_request: a required parameter missing or repeated, a body that is not JSON, client named twice differently', async () => {
    const oauth = await serveOAuth();
    const code = await codeFor(oauth);
    const url = oauth.service.url;
    const client = { client_id: oauth.clientId, client_secret: oauth.clientSecret };
    await expectError(tokenRequest(url, { ...client, code }), 'invalid_request'); // no grant_type
    await expectError(
      tokenRequest(url, { grant_type: 'authorization_code', client_secret: oauth.clientSecret, code }),
      'invalid_request',
    );
    await expectError(
      tokenRequest(url, { grant_type: 'authorization_code', client_id: oauth.clientId, code }),
      'invalid_request',
    );
    await expectError(tokenRequest(url, { grant_type: 'authorization_code', ...client }), 'invalid_request'); // no code
    await expectError(tokenRequest(url, { grant_type: 'refresh_token', ...client }), 'invalid_request'); // no refresh_token
    const repeated = await fetch(`${url}/oauth/2/access_token`, {
      method: 'POST',
      headers: { 'user-agent': 'T/1', 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=authorization_code&client_id=${oauth.clientId}&client_secret=${oauth.clientSecret}&code=${code}&code=${code}`,
    });
    expect(repeated.status).toBe(400);
    expect(((await repeated.json()) as any).error).toBe('invalid_request');
    const broken = await fetch(`${url}/oauth/2/access_token`, {
      method: 'POST',
      headers: { 'user-agent': 'T/1', 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as any).error).toBe('invalid_request');
    const notString = await fetch(`${url}/oauth/2/access_token`, {
      method: 'POST',
      headers: { 'user-agent': 'T/1', 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', ...client, code: 7 }),
    });
    expect(((await notString.json()) as any).error).toBe('invalid_request');
    const other = `Basic ${Buffer.from(`someone-else:${oauth.clientSecret}`).toString('base64')}`;
    await expectError(
      tokenRequest(url, { grant_type: 'authorization_code', ...client, code }, { headers: { authorization: other } }),
      'invalid_request',
    );
    // None of that used the code up.
    expect((await exchange(oauth, code)).status).toBe(200);
  });

  it('invalid_client: an unknown client_id or a wrong secret', async () => {
    const oauth = await serveOAuth();
    const code = await codeFor(oauth);
    await expectError(exchange(oauth, code, { client_id: 'nobody' }), 'invalid_client');
    await expectError(exchange(oauth, code, { client_secret: `${oauth.clientSecret}x` }), 'invalid_client');
    await expectError(exchange(oauth, code, { client_secret: 'short' }), 'invalid_client');
    expect((await exchange(oauth, code)).status).toBe(200);
  });

  it('invalid_grant: an unknown code, or one issued to another application', async () => {
    const oauth = await serveOAuth();
    await expectError(exchange(oauth, 'no-such-code'), 'invalid_grant');
    const other = await oauth.register();
    const code = await codeFor(oauth);
    await expectError(
      tokenRequest(oauth.service.url, {
        grant_type: 'authorization_code',
        client_id: other.clientId,
        client_secret: other.clientSecret,
        code,
      }),
      'invalid_grant',
    );
    expect((await exchange(oauth, code)).status).toBe(200); // the owner of the code still can
  });

  it('invalid_grant: a redirect_uri that differs from step 1, or is left out when step 1 had one', async () => {
    const oauth = await serveOAuth();
    const sub = `${CALLBACK}/sub`;
    const code = await codeFor(oauth, { redirect_uri: sub });
    await expectError(exchange(oauth, code), 'invalid_grant');
    await expectError(exchange(oauth, code, { redirect_uri: CALLBACK }), 'invalid_grant');
    expect((await exchange(oauth, code, { redirect_uri: sub })).status).toBe(200);
    // Without one in step 1, step 3 may leave it out or name the callback that was used, nothing else.
    await expectError(exchange(oauth, await codeFor(oauth), { redirect_uri: sub }), 'invalid_grant');
    expect((await exchange(oauth, await codeFor(oauth), { redirect_uri: CALLBACK })).status).toBe(200);
  });

  it('invalid_grant: a code past its 10 minutes', async () => {
    const oauth = await serveOAuth();
    const fresh = await codeFor(oauth);
    const stale = await codeFor(oauth);
    oauth.clock.advance(10 * 60_000 - 1000);
    expect((await exchange(oauth, fresh)).status).toBe(200);
    oauth.clock.advance(1000);
    const body = await expectError(exchange(oauth, stale), 'invalid_grant');
    expect(body.error_description).toMatch(/expired/);
  });

  it('invalid_grant: a reused code, which also revokes every token it gave, refreshed ones included', async () => {
    const oauth = await serveOAuth();
    const code = await codeFor(oauth);
    const first = await exchange(oauth, code, {}, { accept: 'application/json' });
    expect(first.status).toBe(200);
    const refreshed = await refresh(oauth, first.body.refresh_token);
    expect(refreshed.status).toBe(200);
    const unrelated = await exchange(oauth, await codeFor(oauth), {}, { accept: 'application/json' });

    const body = await expectError(exchange(oauth, code), 'invalid_grant');
    expect(body.error_description).toMatch(/already used/);
    expect(await currentUser(oauth.service.url, first.body.access_token)).toBe(401);
    expect(await currentUser(oauth.service.url, refreshed.body.access_token)).toBe(401);
    await expectError(refresh(oauth, refreshed.body.refresh_token), 'invalid_grant');
    expect(await currentUser(oauth.service.url, unrelated.body.access_token)).toBe(200);
  });

  it('invalid_grant: a grant whose user was deactivated', async () => {
    const oauth = await serveOAuth();
    const code = await codeFor(oauth);
    const tokens = await exchange(oauth, await codeFor(oauth), {}, { accept: 'application/json' });
    await writeDb(oauth, (db) =>
      db.prepare("UPDATE users SET state = 'disabled' WHERE id = ?").run(oauth.service.ownerId),
    );
    await expectError(exchange(oauth, code), 'invalid_grant');
    await expectError(refresh(oauth, tokens.body.refresh_token), 'invalid_grant');
  });

  it('unauthorized_client: an application refreshing that may not, which gets no refresh token either', async () => {
    const oauth = await serveOAuth();
    const limited = await oauth.register(CALLBACK, ['authorization_code']);
    const asLimited = { ...oauth, ...limited };
    const tokens = await exchange(asLimited, await codeFor(asLimited), {}, { accept: 'application/json' });
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeUndefined();
    const own = await exchange(oauth, await codeFor(oauth), {}, { accept: 'application/json' });
    await expectError(refresh(asLimited, own.body.refresh_token), 'unauthorized_client');
  });

  it('unsupported_grant_type: grants other than authorization_code and refresh_token', async () => {
    const oauth = await serveOAuth();
    for (const grant of ['password', 'client_credentials', 'implicit', 'urn:ietf:params:oauth:grant-type:device_code'])
      await expectError(
        tokenRequest(oauth.service.url, {
          grant_type: grant,
          client_id: oauth.clientId,
          client_secret: oauth.clientSecret,
          username: 'owner@stint.test',
          password: 'x',
        }),
        'unsupported_grant_type',
      );
  });

  it('the OAuth shape for a request the framework refuses (no User-Agent)', async () => {
    const oauth = await serveOAuth();
    const reply = await tokenRequest(
      oauth.service.url,
      { grant_type: 'authorization_code' },
      { headers: { 'user-agent': '' } },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_request');
  });
});

describe('access tokens and refresh', () => {
  it('an access token expires after 2 weeks by the service clock (401 on the API); a refresh brings a working one', async () => {
    const oauth = await serveOAuth();
    const tokens = await exchange(oauth, await codeFor(oauth), {}, { accept: 'application/json' });
    oauth.clock.advance(14 * DAY - 1000);
    expect(await currentUser(oauth.service.url, tokens.body.access_token)).toBe(200);
    oauth.clock.advance(1000);
    expect(await currentUser(oauth.service.url, tokens.body.access_token)).toBe(401);
    const renewed = await refresh(oauth, tokens.body.refresh_token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.expires_in).toBe(14 * 24 * 3600);
    expect(await currentUser(oauth.service.url, renewed.body.access_token)).toBe(200);
  });

  it('a refresh rotates: new access and refresh tokens; the old refresh token is refused, and presenting it revokes its successors', async () => {
    const oauth = await serveOAuth();
    const tokens = await exchange(oauth, await codeFor(oauth), {}, { accept: 'application/json' });
    const renewed = await refresh(oauth, tokens.body.refresh_token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.access_token).not.toBe(tokens.body.access_token);
    expect(renewed.body.refresh_token).not.toBe(tokens.body.refresh_token);
    // Decided: the previous access token keeps working until it expires; requests in flight survive a refresh.
    expect(await currentUser(oauth.service.url, tokens.body.access_token)).toBe(200);

    // A second refresh with the new token works (the chain goes on) ...
    const again = await refresh(oauth, renewed.body.refresh_token);
    expect(again.status).toBe(200);
    // ... but the replaced one is refused, and since a replaced token coming back means it leaked,
    // the whole chain is revoked (RFC 9700 §4.14.2).
    await expectError(refresh(oauth, tokens.body.refresh_token), 'invalid_grant');
    expect(await currentUser(oauth.service.url, again.body.access_token)).toBe(401);
    await expectError(refresh(oauth, again.body.refresh_token), 'invalid_grant');
  });

  it('a refresh token of another application is refused and stays usable by its own', async () => {
    const oauth = await serveOAuth();
    const other = await oauth.register();
    const tokens = await exchange(oauth, await codeFor(oauth), {}, { accept: 'application/json' });
    await expectError(refresh({ ...oauth, ...other }, tokens.body.refresh_token), 'invalid_grant');
    expect((await refresh(oauth, tokens.body.refresh_token)).status).toBe(200);
  });
});
