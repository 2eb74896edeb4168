// Browser sign-in of a remote account (beginSignIn) in Chromium against the real local service
// with a registered application: Stint opens the authorize page (here in Chromium, standing in for
// the system browser), the user signs in and allows, the service redirects to Stint's loopback
// server, the code becomes tokens kept in the secret store, and the app opens the account. A
// redirect without our state is refused and the sign-in keeps waiting for the real one.

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../common/dispatch';
import type { Result } from '../../common/result';
import { openStintApp, type StintApp } from '../../main/core/accounts/app';
import { OAUTH_CALLBACK_PATH } from '../../main/core/accounts/loopback';
import { ACCOUNT_SECRETS } from '../../main/core/accounts/signOut';
import { createSessionSecrets } from '../../platform/keychain';
import { startService, type RunningService } from '../../service';
import { registerApplication } from '../../service/oauth/applications';
import { openSqliteStore } from '../../service/storage/sqliteStore';
import { startWebHost } from '../../web/host';
import { createServer } from 'node:net';
import { createServiceApi } from '../../main/api/client';
import { axeViolations } from './axe';
import { CHROMIUM, freePort, pageTheme } from './support';
import { withTestPasswordCost } from '../support/passwordCost';

const EMAIL = 'me@stint.local';
const PASSWORD = 'e2e password 42';

let serviceDir: string;
let appDir: string;
let service: RunningService;
let browser: Browser;
let client: { clientId: string; clientSecret: string };
let port: number;
let app: StintApp;
const secrets = createSessionSecrets();
/** What Stint asked the "system browser" to open. */
const opened: string[] = [];
let page: Page;

beforeAll(async () => {
  serviceDir = mkdtempSync(join(tmpdir(), 'stint-e2e-accounts-service-'));
  appDir = mkdtempSync(join(tmpdir(), 'stint-e2e-accounts-app-'));
  service = await startService({
    dataDir: serviceDir,
    rateLimit: 0,
    ownerPassword: PASSWORD,
    tuning: withTestPasswordCost(),
  });
  port = await freePort();
  const db = openSqliteStore(serviceDir);
  try {
    client = await registerApplication(db, {
      name: 'Stint',
      callbackUrl: `http://127.0.0.1:${port}${OAUTH_CALLBACK_PATH}`,
    });
  } finally {
    await db.close();
  }
  browser = await chromium.launch(CHROMIUM);
  page = await browser.newPage({ viewport: { width: 560, height: 720 } });
  page.setDefaultTimeout(5_000);
  app = await openStintApp({
    dataDir: appDir,
    secrets,
    oauthPort: port,
    remote: { rateLimit: 0 },
    signInTimeoutMs: 30_000,
    openExternal: (url) => void opened.push(url),
  });
});

afterAll(async () => {
  await app?.stop();
  await browser?.close();
  await service?.close();
  rmSync(serviceDir, { recursive: true, force: true });
  rmSync(appDir, { recursive: true, force: true });
});

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const call = (channel: string, request: unknown) => dispatch(app.handlers, channel, request) as Promise<Result<any>>;

/** Waits for Stint to open the browser, then signs in and allows there; answers the page's final text. */
async function signInAndAllow(): Promise<string> {
  await expect.poll(() => opened.length).toBeGreaterThan(0);
  await page.goto(opened.shift()!);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByRole('heading').textContent()).toBe('Allow Stint to use your Stint account?');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.port === String(port));
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered (hidden text left out), is what these check; not the DOM property
  return page.locator('body').innerText();
}

describe('browser sign-in of a remote account', () => {
  it('signs in through the loopback redirect, keeps the tokens in the secret store only, and opens the account when told', async () => {
    const signIn = call('beginSignIn', {
      baseUrl: service.url,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
    });
    await expect.poll(() => opened.length).toBe(1);
    const authorize = new URL(opened[0]!);
    expect(authorize.origin + authorize.pathname).toBe(`${service.url}/oauth/2/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${port}${OAUTH_CALLBACK_PATH}`);
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    // PKCE (RFC 8252 §6): the S256 challenge of a verifier the app keeps to itself.
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const challenge = authorize.searchParams.get('code_challenge')!;
    expect(challenge).toMatch(/^[\w-]{43}$/);

    expect(await signInAndAllow()).toContain('You can close this tab');
    const result = await signIn;
    expect(result).toMatchObject({ ok: true, value: { inUse: false } });
    // The verifier (the value hashing to the challenge) is in no snapshot nor file of the app.
    const holdsVerifier = (text: string) =>
      [...text.matchAll(/[\w-]{43}/g)].some(([candidate]) => s256(candidate) === challenge);
    expect(holdsVerifier(JSON.stringify(app.getSnapshot()))).toBe(false);
    const id: string = result.ok ? result.value.accountId : '';
    // Signed in, not switched to: the window asks; here the user says Switch.
    expect(app.getSnapshot().account.id).toBe('local');
    expect(await call('setDefaultAccount', { accountId: id })).toEqual({ ok: true, value: null });

    expect(app.getSnapshot().account).toMatchObject({ id, kind: 'remote' });
    expect(app.getSnapshot().accounts.find((a) => a.id === id)).toMatchObject({
      auth: 'oauth',
      isDefault: true,
      isOpen: true,
      state: 'ok',
      baseUrl: service.url,
    });
    await expect.poll(() => app.getSnapshot().user?.email).toBe(EMAIL);
    const access = await secrets.get(id, 'access-token');
    const refresh = await secrets.get(id, 'refresh-token');
    expect(access).toBeTruthy();
    expect(refresh).toBeTruthy();
    expect(await secrets.get(id, 'client-secret')).toBe(client.clientSecret);
    for (const name of readdirSync(appDir, { recursive: true, encoding: 'utf8' })) {
      const path = join(appDir, name);
      if (!statSync(path).isFile()) continue;
      const text = readFileSync(path, 'latin1');
      for (const secret of [access!, refresh!, client.clientSecret]) expect(text.includes(secret), path).toBe(false);
      expect(holdsVerifier(text), path).toBe(false);
    }
  });

  it('refuses a redirect with a wrong or missing state, and keeps waiting for the real one', async () => {
    const signIn = call('beginSignIn', {
      baseUrl: service.url,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
    });
    await expect.poll(() => opened.length).toBe(1);
    const callback = `http://127.0.0.1:${port}${OAUTH_CALLBACK_PATH}`;

    const forged = await page.goto(`${callback}?code=stolen&state=not-ours`);
    expect(forged?.status()).toBe(400);
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered (hidden text left out), is what these check; not the DOM property
    expect(await page.locator('body').innerText()).toContain('does not belong to the sign-in Stint started');
    const stateless = await page.goto(`${callback}?code=stolen`);
    expect(stateless?.status()).toBe(400);

    // The user's own sign-in still completes, as the same account (same user at the same address).
    expect(await signInAndAllow()).toContain('You can close this tab');
    const result = await signIn;
    expect(result).toMatchObject({ ok: true });
    expect(app.getSnapshot().accounts.filter((a) => a.kind === 'remote')).toHaveLength(1);
  });

  it('refuses the code when the PKCE challenge was swapped on the way (a verifier that does not fit): invalid_grant, no account', async () => {
    const signIn = call('beginSignIn', {
      baseUrl: service.url,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
    });
    await expect.poll(() => opened.length).toBe(1);
    // Someone between app and browser puts their own challenge in: the code the user then allows
    // is bound to it, and the app's own verifier no longer fits.
    const swapped = new URL(opened[0]!);
    swapped.searchParams.set('code_challenge', s256(randomBytes(32).toString('base64url')));
    opened[0] = swapped.href;
    const accountsBefore = app.getSnapshot().accounts.length;
    expect(await signInAndAllow()).toContain('Not signed in');
    expect(await signIn).toMatchObject({
      ok: false,
      error: { code: 'rejected', message: expect.stringContaining('invalid_grant') },
    });
    expect(app.getSnapshot().accounts).toHaveLength(accountsBefore);
  });

  it('answers a denied sign-in with its reason, and signs out saying what the service would not revoke', async () => {
    const denied = call('beginSignIn', {
      baseUrl: service.url,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
    });
    await expect.poll(() => opened.length).toBe(1);
    await page.goto(opened.shift()!);
    // Still signed in on the authorize page from before: straight to the consent.
    await expect.poll(() => page.getByRole('heading').textContent()).toMatch(/^(Allow Stint|Sign in)/);
    if ((await page.getByRole('heading').textContent())?.startsWith('Sign in')) {
      await page.getByLabel('E-mail').fill(EMAIL);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await page.getByRole('button', { name: 'Deny' }).click();
    expect(await denied).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('access_denied') },
    });

    const id = app.getSnapshot().accounts.find((a) => a.kind === 'remote')!.id;
    const out = await call('signOut', { accountId: id });
    // The spec's revocation endpoint is "not yet implemented: 404", and the local service says so.
    expect(out).toEqual({ ok: true, value: { revoked: false, message: expect.stringContaining('answered 404') } });
    for (const key of ACCOUNT_SECRETS) expect(await secrets.get(id, key)).toBeNull();
    expect(app.getSnapshot().account.id).toBe('local');
  });
});

describe('the accounts section of the settings', () => {
  it('refuses a wrong token at its field with everything typed kept, then adds the account, asks before using it, and shows it as the default once told', async () => {
    const host = await startWebHost({ app });
    const problems: string[] = [];
    const ui = await browser.newPage({ viewport: { width: 480, height: 900 } });
    ui.setDefaultTimeout(5_000);
    ui.on('pageerror', (error) => problems.push(error.message));
    try {
      await ui.goto(`${host.openUrl}#settings`);
      await ui.getByTestId('add-account-baseUrl').fill(service.url);
      await ui.getByLabel('With a personal token').check();
      await ui.getByTestId('add-account-token').fill('not-the-token');
      await ui.getByRole('button', { name: 'Add account' }).click();
      await expect.poll(() => ui.getByTestId('add-account-error').textContent()).toContain('refused this token');
      expect(await ui.getByTestId('add-account-token').getAttribute('aria-invalid')).toBe('true');
      expect(await ui.getByTestId('add-account-token').inputValue()).toBe('not-the-token');
      expect(await ui.getByTestId('add-account-baseUrl').inputValue()).toBe(service.url);

      await ui.getByTestId('add-account-token').fill(service.token);
      await ui.getByRole('button', { name: 'Add account' }).click();
      const row = ui.locator('[data-testid="account"][data-state="ok"]', { hasText: service.url });
      // Added, not switched to: the settings ask, and only the answer changes the default.
      const question = ui.getByTestId('use-now');
      await expect.poll(() => question.textContent()).toContain('now?');
      expect(app.getSnapshot().account.kind).toBe('local');
      expect(await row.textContent()).not.toContain('In use');
      await question.getByRole('button', { name: 'Switch' }).click();
      await expect.poll(() => row.textContent()).toContain('In use');
      expect(await ui.getByTestId('add-account-token').inputValue()).toBe('');
      expect(app.getSnapshot().account.kind).toBe('remote');

      // Sign out asks first; cancelling keeps the account.
      await row.getByRole('button', { name: 'Sign out…' }).click();
      await ui.getByRole('button', { name: 'Cancel' }).click();
      expect(app.getSnapshot().accounts).toHaveLength(2);
      await row.getByRole('button', { name: 'Sign out…' }).click();
      await ui.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect
        .poll(() => ui.getByTestId('account-message').textContent())
        .toContain('does not offer token revocation');
      expect(await ui.getByTestId('account').count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await ui.close();
      await host.close();
    }
  });
});

/** axe over the page in the light and the dark theme (the app's setting), named by theme. */
async function axeInBothThemes(ui: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    expect(await call('updateSettings', { theme })).toMatchObject({ ok: true });
    await expect.poll(() => pageTheme(ui)).toBe(theme);
    found.push(...(await axeViolations(ui)).map((v) => `${theme}: ${v}`));
  }
  return found;
}

describe('two accounts in the window', () => {
  it("switches from the header, shows the other account's running timer, and cancels a waiting browser sign-in, freeing its port; no axe violations", async () => {
    // Work (the registered service) has a timer running, started elsewhere.
    const work = createServiceApi({
      baseUrl: service.url,
      credentials: { kind: 'personal', token: service.token },
      rateLimit: 0,
    });
    const project = await work.createProject({ name: 'Website' });
    await work.startTimer(project.id);
    const added = await call('addAccountWithToken', { baseUrl: service.url, token: service.token, label: 'Work' });
    expect(added).toMatchObject({ ok: true, value: { label: 'Work', inUse: false } });
    const workId: string = added.ok ? added.value.accountId : '';

    const host = await startWebHost({ app });
    // bypassCSP only to let axe's script in; the app's CSP is tested elsewhere.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 480, height: 900 } });
    const ui = await context.newPage();
    ui.setDefaultTimeout(5_000);
    const problems: string[] = [];
    ui.on('pageerror', (error) => problems.push(error.message));
    try {
      // Opening the window reads the other account's timers.
      await ui.goto(host.openUrl);
      const line = ui.getByTestId('other-account-timer');
      await expect.poll(() => line.textContent()).toContain('Website is running on Work');
      const switcher = ui.getByRole('combobox', { name: 'Account' });
      expect(await switcher.inputValue()).toBe('local');
      expect(await axeInBothThemes(ui)).toEqual([]);

      // One choice in the header: Work opens, its timer is its own now, and the line goes.
      await switcher.selectOption({ label: 'Work' });
      await expect.poll(() => app.getSnapshot().account.id).toBe(workId);
      await expect.poll(() => ui.getByTestId('timer').first().textContent()).toContain('Website');
      expect(await line.count()).toBe(0);
      expect(await switcher.inputValue()).toBe(workId);
      await switcher.selectOption({ label: 'This computer' });
      await expect.poll(() => app.getSnapshot().account.id).toBe('local');
      await expect.poll(() => line.count()).toBe(1);

      // A browser sign-in that waits shows its address to copy, and Cancel stops it.
      await ui.goto(`${host.openUrl}#settings`);
      await ui.getByTestId('add-account-baseUrl').fill(service.url);
      await ui.getByTestId('add-account-clientId').fill(client.clientId);
      await ui.getByRole('button', { name: 'Sign in' }).click();
      const address = ui.getByLabel('Sign-in address');
      await expect.poll(() => address.inputValue()).toContain('/oauth/2/authorize?');
      expect(await address.inputValue()).toBe(opened.shift());
      expect(await axeInBothThemes(ui)).toEqual([]);
      await ui.getByRole('button', { name: 'Cancel sign-in' }).click();
      await expect.poll(() => ui.getByTestId('add-account-error').textContent()).toContain('You cancelled the sign-in');
      expect(await address.count()).toBe(0);
      // The registered port is free again.
      const listener = createServer();
      await new Promise<void>((resolve, reject) => listener.once('error', reject).listen(port, '127.0.0.1', resolve));
      await new Promise((resolve) => listener.close(resolve));
      // What was typed stays, for another try.
      expect(await ui.getByTestId('add-account-baseUrl').inputValue()).toBe(service.url);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await host.close();
      await work.pauseTimer(project.id);
    }
  });
});
