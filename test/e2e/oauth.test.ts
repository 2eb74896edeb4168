// The OAuth web application flow (spec 000) driven in Chromium against the real local service:
// the application sends the user to the authorize page, they sign in and allow, land on the
// application's callback (a small server of this test) with code and state; the code becomes
// tokens that work on the API; a refresh rotates them. Denying lands there with access_denied.

import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../service';
import { registerApplication } from '../../service/oauth/applications';
import { openSqliteStore } from '../../service/storage/sqliteStore';
import { CHROMIUM } from './support';
import { withTestPasswordCost } from '../support/passwordCost';

const EMAIL = 'me@stint.local';
const PASSWORD = 'e2e password 42';

let dataDir: string;
let service: RunningService;
let browser: Browser;
let callback: { server: Server; url: string; hits: URL[] };
let client: { clientId: string; clientSecret: string };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'stint-e2e-oauth-'));
  service = await startService({ dataDir, rateLimit: 0, ownerPassword: PASSWORD, tuning: withTestPasswordCost() });
  // The application's side: records where the user arrived and says so.
  const hits: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://127.0.0.1');
    if (url.pathname.startsWith('/callback')) hits.push(url);
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Back at the app</title><p>Back at the app.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  callback = { server, url: `http://127.0.0.1:${port}/callback`, hits };
  const db = openSqliteStore(dataDir);
  try {
    client = await registerApplication(db, { name: 'Timesheet Helper', callbackUrl: callback.url });
  } finally {
    await db.close();
  }
  browser = await chromium.launch(CHROMIUM);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => callback?.server.close(resolve));
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 560, height: 720 }, colorScheme: 'light' });
  page.setDefaultTimeout(5_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // A Content-Security-Policy violation (a blocked style, a blocked form target) shows up here.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return { page, problems };
}

async function signIn(page: Page, state: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ client_id: client.clientId, response_type: 'code', state, ...extra });
  await page.goto(`${service.url}/oauth/2/authorize?${query}`);
  await expect.poll(() => page.getByRole('heading').textContent()).toBe('Sign in to continue to Timesheet Helper');
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect
    .poll(() => page.getByRole('heading').textContent())
    .toBe('Allow Timesheet Helper to use your Stint account?');
}

async function token(fields: Record<string, string>) {
  const response = await fetch(`${service.url}/oauth/2/access_token`, {
    method: 'POST',
    headers: {
      'user-agent': 'TimesheetHelper/1.0',
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, ...fields }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('the OAuth flow in Chromium', () => {
  it('signs in, allows, returns with code and state; the code becomes tokens that work and rotate', async () => {
    const { page, problems } = await newPage();
    await signIn(page, 'e2e-state-1');
    expect(await page.getByText(`Signed in as ${EMAIL}`).count()).toBe(1);
    mkdirSync('artifacts', { recursive: true });
    await page.screenshot({ path: join('artifacts', 'oauth-consent.png'), fullPage: true });

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(callback.url));
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('e2e-state-1');
    const code = landed.searchParams.get('code')!;
    expect(code).toBeTruthy();
    expect(callback.hits.at(-1)?.searchParams.get('code')).toBe(code);
    expect(await page.textContent('body')).toContain('Back at the app');

    const tokens = await token({ grant_type: 'authorization_code', code });
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'bearer', expires_in: 14 * 24 * 3600, scope: '' });
    const me = await fetch(`${service.url}/v2/current_user`, {
      headers: { 'user-agent': 'TimesheetHelper/1.0', authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(EMAIL);

    const renewed = await token({ grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).not.toBe(tokens.body.refresh_token);
    const renewedMe = await fetch(`${service.url}/v2/current_user`, {
      headers: { 'user-agent': 'TimesheetHelper/1.0', authorization: `Bearer ${renewed.body.access_token}` },
    });
    expect(renewedMe.status).toBe(200);
    const stale = await token({ grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token });
    expect(stale).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    expect(problems).toEqual([]);
    await page.close();
  });

  it('with PKCE (S256): the challenge goes through the sign-in and consent pages, and only its verifier exchanges the code', async () => {
    const { page, problems } = await newPage();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await signIn(page, 'e2e-state-pkce', { code_challenge: challenge, code_challenge_method: 'S256' });
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(callback.url));
    const code = new URL(page.url()).searchParams.get('code')!;
    expect(code).toBeTruthy();

    const withoutVerifier = await token({ grant_type: 'authorization_code', code });
    expect(withoutVerifier).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const tampered = await token({ grant_type: 'authorization_code', code, code_verifier: `${verifier.slice(1)}x` });
    expect(tampered).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const tokens = await token({ grant_type: 'authorization_code', code, code_verifier: verifier });
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe('bearer');

    // plain is refused before any page: back to the application with invalid_request.
    const plain = new URLSearchParams({
      client_id: client.clientId,
      response_type: 'code',
      state: 'e2e-state-plain',
      code_challenge: verifier,
      code_challenge_method: 'plain',
    });
    await page.goto(`${service.url}/oauth/2/authorize?${plain}`);
    await page.waitForURL((url) => url.href.startsWith(callback.url));
    expect(new URL(page.url()).searchParams.get('error')).toBe('invalid_request');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('denying returns to the application with access_denied and the state, without a code', async () => {
    const { page, problems } = await newPage();
    await signIn(page, 'e2e-state-2');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.href.startsWith(callback.url));
    const landed = new URL(page.url());
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('state')).toBe('e2e-state-2');
    expect(landed.searchParams.has('code')).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a wrong password on the page and a refused redirect_uri as an error page, not a redirect', async () => {
    const { page, problems } = await newPage();
    await page.goto(
      `${service.url}/oauth/2/authorize?${new URLSearchParams({ client_id: client.clientId, response_type: 'code' })}`,
    );
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('E-mail or password is wrong');

    const evil = new URLSearchParams({
      client_id: client.clientId,
      response_type: 'code',
      redirect_uri: 'http://evil.example.test/callback',
    });
    const response = await page.goto(`${service.url}/oauth/2/authorize?${evil}`);
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(service.url);
    expect(await page.getByRole('alert').textContent()).toContain('redirect_uri');
    // The 401 and 400 documents themselves are reported as failed loads; nothing else may be.
    expect(problems.filter((p) => !/status of 40[01]/.test(p))).toEqual([]);
    await page.close();
  });
});
