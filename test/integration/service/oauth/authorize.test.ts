// GET and POST /oauth/2/authorize over real HTTP (spec 000 steps 1 and 2): the redirect_uri rule
// case by case, every error value where it applies, where errors go (a page of ours before the
// client and URI are known good, the application after), the page's security headers, and CSRF.
import { describe, expect, it } from 'vitest';
import { Browser, CALLBACK, serveOAuth, tokenRequest } from '../support/oauthSupport';
import { writeDb } from '../support/peopleSupport';

const start = (clientId: string, extra: Record<string, string | undefined> = {}) => ({
  client_id: clientId,
  response_type: 'code',
  state: 'st-42',
  ...extra,
});

describe('the redirect_uri rule (spec 000 step 1)', () => {
  it.each([
    ['the configured URI itself', CALLBACK],
    ['a subdirectory of its path', 'https://app.example.test:8443/oauth/callback/team/7'],
    ['another scheme', 'http://app.example.test:8443/oauth/callback'],
  ])(
    'accepts %s, redirects there with code and state, and wants it again at the token endpoint',
    async (_, redirectUri) => {
      const oauth = await serveOAuth();
      const back = await new Browser(oauth.service.url).authorize(start(oauth.clientId, { redirect_uri: redirectUri }));
      expect(back.origin + back.pathname).toBe(redirectUri);
      expect(back.searchParams.get('state')).toBe('st-42');
      const code = back.searchParams.get('code')!;
      const base = {
        grant_type: 'authorization_code',
        client_id: oauth.clientId,
        client_secret: oauth.clientSecret,
        code,
      };
      expect((await tokenRequest(oauth.service.url, { ...base, redirect_uri: `${CALLBACK}/other` })).body.error).toBe(
        'invalid_grant',
      );
      expect((await tokenRequest(oauth.service.url, { ...base, redirect_uri: redirectUri })).status).toBe(200);
    },
  );

  it.each([
    ['another host', 'https://evil.example.test:8443/oauth/callback'],
    ['another port', 'https://app.example.test:9443/oauth/callback'],
    ['a path above', 'https://app.example.test:8443/oauth'],
    ['a path beside', 'https://app.example.test:8443/oauth/elsewhere'],
    ['a path sharing a prefix', 'https://app.example.test:8443/oauth/callbacks'],
    ['another top-level domain', 'https://app.example.com:8443/oauth/callback'],
    ['dot segments climbing out', 'https://app.example.test:8443/oauth/callback/../elsewhere'],
    ['a dot segment with an encoded slash', 'https://app.example.test:8443/oauth/callback/..%2felsewhere'],
    ['an encoded dot segment and slash', 'https://app.example.test:8443/oauth/callback/%2e%2e%2felsewhere'],
    ['a script URI', 'javascript:alert(document.cookie)'],
    ['a relative URI', '/oauth/callback'],
  ])('refuses %s on an error page of its own, without redirecting', async (_, redirectUri) => {
    const oauth = await serveOAuth();
    const page = await new Browser(oauth.service.url).open(start(oauth.clientId, { redirect_uri: redirectUri }));
    expect(page.status).toBe(400);
    expect(page.location).toBeUndefined();
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('invalid_request');
    expect(page.text).toContain('redirect_uri');
    expect(page.text).not.toContain('<form');
  });

  it('refuses http on port 80 for a callback registered as https on the default port (443), on an error page', async () => {
    const oauth = await serveOAuth();
    const { clientId } = await oauth.register('https://app.example.test/cb');
    for (const redirectUri of ['http://app.example.test/cb', 'http://app.example.test:80/cb']) {
      const page = await new Browser(oauth.service.url).open(start(clientId, { redirect_uri: redirectUri }));
      expect(page.status, redirectUri).toBe(400);
      expect(page.location, redirectUri).toBeUndefined();
    }
    const page = await new Browser(oauth.service.url).open(
      start(clientId, { redirect_uri: 'https://app.example.test:443/cb/x' }),
    );
    expect(page.status).toBe(200);
  });

  it('refuses a refused redirect_uri smuggled into the sign-in post, also without redirecting', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    const page = await browser.open(start(oauth.clientId));
    const posted = await browser.post({
      ...page.fields,
      redirect_uri: 'https://evil.example.test/steal',
      email: 'owner@stint.test',
      password: 'correct horse battery',
    });
    expect(posted.status).toBe(400);
    expect(posted.location).toBeUndefined();
  });
});

describe('authorize errors (spec 000 step 2)', () => {
  it('invalid_request on a page when client_id is missing, repeated or names no application', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    for (const query of [
      { response_type: 'code' },
      `client_id=${oauth.clientId}&client_id=${oauth.clientId}&response_type=code`,
      { client_id: 'no-such-client', response_type: 'code' },
    ]) {
      const page = await browser.open(query);
      expect(page.status, JSON.stringify(query)).toBe(400);
      expect(page.location).toBeUndefined();
      expect(page.text).toContain('invalid_request');
    }
  });

  it('invalid_request back to the application when response_type is missing or a parameter is repeated', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    for (const query of [
      `client_id=${oauth.clientId}&state=st-1`,
      `client_id=${oauth.clientId}&response_type=code&response_type=code&state=st-1`,
    ]) {
      const page = await browser.open(query);
      expect(page.status, query).toBe(302);
      const back = new URL(page.location!);
      expect(back.origin + back.pathname).toBe(CALLBACK);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('error_description')).toBeTruthy();
      expect(back.searchParams.get('state')).toBe('st-1');
      expect(back.searchParams.has('code')).toBe(false);
    }
  });

  it('unsupported_response_type when response_type is not code', async () => {
    const oauth = await serveOAuth();
    const page = await new Browser(oauth.service.url).open(start(oauth.clientId, { response_type: 'token' }));
    expect(page.status).toBe(302);
    expect(new URL(page.location!).searchParams.get('error')).toBe('unsupported_response_type');
    expect(new URL(page.location!).searchParams.get('state')).toBe('st-42');
  });

  it('unauthorized_client for an application that may not use the authorization code flow', async () => {
    const oauth = await serveOAuth();
    const { clientId } = await oauth.register(CALLBACK, ['refresh_token']);
    const page = await new Browser(oauth.service.url).open(start(clientId));
    expect(page.status).toBe(302);
    expect(new URL(page.location!).searchParams.get('error')).toBe('unauthorized_client');
  });

  it('access_denied when the user denies, with state and no code', async () => {
    const oauth = await serveOAuth();
    const back = await new Browser(oauth.service.url).authorize(start(oauth.clientId), 'deny');
    expect(back.origin + back.pathname).toBe(CALLBACK);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('st-42');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('server_error back to the application when making the code fails', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    const consent = await browser.signIn(start(oauth.clientId));
    expect(consent.fields.ticket).toBeTruthy();
    await writeDb(oauth, (db) => db.exec('ALTER TABLE oauth_authorization_codes RENAME TO codes_gone'));
    const back = await browser.post({ ...consent.fields, action: 'allow' });
    expect(back.status).toBe(303);
    const url = new URL(back.location!);
    expect(url.origin + url.pathname).toBe(CALLBACK);
    expect(url.searchParams.get('error')).toBe('server_error');
    expect(url.searchParams.get('state')).toBe('st-42');
  });

  it('sends no state back when none was sent, and keeps a query the callback URL has', async () => {
    const oauth = await serveOAuth();
    const { clientId } = await oauth.register('https://app.example.test:8443/cb?tenant=9');
    const back = await new Browser(oauth.service.url).authorize({ client_id: clientId, response_type: 'code' });
    expect(back.searchParams.get('tenant')).toBe('9');
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.has('state')).toBe(false);
  });
});

describe('the sign-in and consent pages', () => {
  it('are plain HTML without scripts under a strict Content-Security-Policy, never cached or framed', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    const page = await browser.open(start(oauth.clientId));
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    // The post may redirect to the application: its origin, and only it, is a form target besides us.
    expect(csp).toContain("form-action 'self' https://app.example.test:8443");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).not.toMatch(/<script|<link|<img|src=/i);
    expect(String(page.headers['set-cookie'])).toMatch(
      /^stint_oauth_csrf=[\w-]+; Path=\/oauth\/2; HttpOnly; SameSite=Strict$/,
    );
    expect(page.text).toContain('Timesheet Helper');

    const consent = await browser.post({
      ...page.fields,
      email: 'OWNER@stint.test',
      password: 'correct horse battery',
    });
    expect(consent.status).toBe(200);
    expect(consent.text).toContain('Allow Timesheet Helper');
    expect(consent.text).toContain('owner@stint.test');
    expect(consent.text).toContain('https://app.example.test:8443/oauth/callback');
    expect(consent.text).not.toContain('correct horse battery');
  });

  it('escape what the application and the request put on the page', async () => {
    const oauth = await serveOAuth();
    const { clientId } = await oauth.register(CALLBACK, undefined, 'Evil <script>alert(1)</script> App');
    const page = await new Browser(oauth.service.url).open(start(clientId, { state: '"><b>x</b>' }));
    expect(page.text).toContain('&#60;script&#62;');
    expect(page.text).not.toContain('<script>');
    expect(page.text).not.toContain('"><b>');
  });

  it('answer a wrong password with the sign-in page again, not the consent', async () => {
    const oauth = await serveOAuth();
    const consent = await new Browser(oauth.service.url).signIn(
      start(oauth.clientId),
      'owner@stint.test',
      'wrong password',
    );
    expect(consent.status).toBe(401);
    expect(consent.text).toContain('E-mail or password is wrong');
    expect(consent.fields.ticket).toBeUndefined();
    expect(consent.fields.client_id).toBe(oauth.clientId);
  });

  it('let only active users with a password in', async () => {
    const oauth = await serveOAuth();
    const lee = await oauth.member('leader');
    const browser = new Browser(oauth.service.url);
    expect((await browser.signIn(start(oauth.clientId), lee.email, 'any password at all')).status).toBe(401); // no password set
    await writeDb(oauth, (db) =>
      db.prepare("UPDATE users SET state = 'disabled' WHERE id = ?").run(oauth.service.ownerId),
    );
    expect((await browser.signIn(start(oauth.clientId))).status).toBe(401);
  });
});

describe('CSRF protection of the forms', () => {
  it('refuses a post without the cookie, with a field of another browser, from another origin or cross-site', async () => {
    const oauth = await serveOAuth();
    const victim = new Browser(oauth.service.url);
    const attacker = new Browser(oauth.service.url);
    const page = await victim.open(start(oauth.clientId));
    const theirs = await attacker.open(start(oauth.clientId));
    const credentials = { email: 'owner@stint.test', password: 'correct horse battery' };

    const noCookie = new Browser(oauth.service.url);
    expect((await noCookie.post({ ...page.fields, ...credentials })).status).toBe(403);
    expect((await victim.post({ ...page.fields, csrf: theirs.fields.csrf!, ...credentials })).status).toBe(403);
    const { csrf: _, ...withoutField } = page.fields;
    expect((await victim.post({ ...withoutField, ...credentials })).status).toBe(403);
    expect(
      (await victim.post({ ...page.fields, ...credentials }, { origin: 'https://evil.example.test' })).status,
    ).toBe(403);
    expect(
      (await victim.post({ ...page.fields, ...credentials }, { origin: oauth.service.url.replace(/:\d+$/, ':1') }))
        .status,
    ).toBe(403);
    expect((await victim.post({ ...page.fields, ...credentials }, { 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    );
    // A cookie set by someone else (any port of this host can) is useless without the field it signs.
    attacker.cookie = `stint_oauth_csrf=${'A'.repeat(43)}`;
    expect((await attacker.post({ ...theirs.fields, ...credentials })).status).toBe(403);
    // The real thing passes.
    expect((await victim.post({ ...page.fields, ...credentials })).status).toBe(200);
  });

  it('binds the consent ticket to the browser that signed in, and lets it be used once', async () => {
    const oauth = await serveOAuth();
    const victim = new Browser(oauth.service.url);
    const consent = await victim.signIn(start(oauth.clientId));
    const attacker = new Browser(oauth.service.url);
    const theirs = await attacker.open(start(oauth.clientId));
    const stolen = await attacker.post({ ticket: consent.fields.ticket!, csrf: theirs.fields.csrf!, action: 'allow' });
    expect(stolen.status).toBe(400);
    expect(stolen.location).toBeUndefined();

    const allowed = await victim.post({ ...consent.fields, action: 'allow' });
    expect(allowed.status).toBe(303);
    const again = await victim.post({ ...consent.fields, action: 'allow' });
    expect(again.status).toBe(400);
    expect(again.text).toContain('expired or was already used');
  });

  it('lets a consent form expire after 10 minutes', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    const consent = await browser.signIn(start(oauth.clientId));
    oauth.clock.advance(10 * 60_000);
    expect((await browser.post({ ...consent.fields, action: 'allow' })).status).toBe(400);
  });
});
