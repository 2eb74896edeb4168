// No secret in any log or data file. The app runs as `npm run web` runs it (openStintApp behind
// the web host), on a secret store that keeps a copy of every value the app puts in it: the
// embedded account's personal token, its service's secrets key and its broadcast receiver's
// secret, then a remote account signed in with the browser from the settings view (access token,
// refresh token and the OAuth application's client secret, typed into the form), whose access
// token the remote service then expires, so that Stint refreshes it and stores the rotated pair
// too. Everything printed (this process's stdout, stderr and console, the remote service's output
// with its request log on) and every file under both data folders (journals, settings,
// accounts.json, service databases with WAL, broadcast-receiver.json) is then searched for each
// secret, raw and in base64 and hex forms of its bytes. A calendar's secret address, typed into
// Settings › Calendars and read over loopback HTTP, is one of those secrets.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStintApp, type StintApp } from '../../main/core/accounts/app';
import { OAUTH_CALLBACK_PATH } from '../../main/core/accounts/loopback';
import { ACCOUNT_SECRETS } from '../../main/core/accounts/signOut';
import { createSessionSecrets, type SecretKey, type SecretStore } from '../../platform/keychain';
import { registerApplication } from '../../service/oauth/applications';
import { openSqliteStore } from '../../service/storage/sqliteStore';
import { timestamp } from '../../service/time';
import { startWebHost, type WebHost } from '../../web/host';
import { root } from '../../scripts/electronBinary.mjs';
import { eightMeetings, serveCalendars } from '../support/calendars';
import { localDate } from '../../common/format';
import { CHROMIUM, explained, freePort, openApp } from './support';

const PASSWORD = 'leak check password 7';
const captured: string[] = [];
const restore: Array<() => void> = [];

/** Tees what this process prints (streams and console, which vitest intercepts) into `captured`. */
function capture() {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      captured.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => (stream.write = write));
  }
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      captured.push(args.map((a) => (typeof a === 'string' ? a : (JSON.stringify(a) ?? String(a)))).join(' '));
      original(...args);
    };
    restore.push(() => (console[level] = original));
  }
}

/** The in-memory store the app uses where no keychain answers, keeping a copy of every value it is given (rotated-out ones too). */
function recordingSecrets(): { store: SecretStore; given: Array<{ key: SecretKey; value: string }> } {
  const store = createSessionSecrets();
  const given: Array<{ key: SecretKey; value: string }> = [];
  return {
    given,
    store: {
      description: store.description,
      get: (account, key) => store.get(account, key),
      delete: (account, key) => store.delete(account, key),
      async set(account, key, value) {
        given.push({ key, value });
        await store.set(account, key, value);
      },
    },
  };
}

const secrets = recordingSecrets();
let dataDir: string;
let serviceDir: string;
let child: ChildProcess;
const childOutput: string[] = [];
let serviceUrl: string;
let client: { clientId: string; clientSecret: string };
let oauthPort: number;
/** What Stint asked the system browser to open. */
const opened: string[] = [];
let app: StintApp;
let host: WebHost;
let browser: Browser;
let calendarServer: Awaited<ReturnType<typeof serveCalendars>>;

beforeAll(async () => {
  capture();
  calendarServer = await serveCalendars();
  dataDir = mkdtempSync(join(tmpdir(), 'stint-e2e-leak-app-'));
  serviceDir = mkdtempSync(join(tmpdir(), 'stint-e2e-leak-service-'));

  // The remote service: a child process with its request logger on, so its log is searched too.
  // The owner's password in its environment, out of the process list.
  child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    ['service/cli.ts', '--port', '0', '--data', serviceDir, '--rate-limit', '0', '--log'],
    { cwd: root, env: { ...process.env, STINT_OWNER_PASSWORD: PASSWORD } },
  );
  child.stdout!.on('data', (d) => childOutput.push(String(d)));
  child.stderr!.on('data', (d) => childOutput.push(String(d)));
  const end = Date.now() + 30_000;
  while (!/listening on (http\S+)/.test(childOutput.join('')) && Date.now() < end)
    await new Promise((r) => setTimeout(r, 50));
  serviceUrl = /listening on (http\S+)/.exec(childOutput.join(''))![1]!;

  // Stint registered there as an OAuth application, its callback Stint's loopback port.
  oauthPort = await freePort();
  const db = openSqliteStore(serviceDir);
  try {
    client = await registerApplication(db, {
      name: 'Stint',
      callbackUrl: `http://127.0.0.1:${oauthPort}${OAUTH_CALLBACK_PATH}`,
    });
  } finally {
    await db.close();
  }

  app = await openStintApp({
    dataDir,
    secrets: secrets.store,
    oauthPort,
    remote: { rateLimit: 0 },
    signInTimeoutMs: 30_000,
    openExternal: (url) => void opened.push(url),
  });
  host = await startWebHost({ app });
  browser = await chromium.launch(CHROMIUM);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await app?.stop();
  await calendarServer?.close();
  child?.kill();
  for (const undo of restore.splice(0)) undo();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(serviceDir, { recursive: true, force: true });
});

/** Every file under a folder, as latin1 text (binary files too: a secret is ASCII either way). */
function filesUnder(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile())
    .map((path) => ({ path, text: readFileSync(path).toString('latin1') }));
}

/** The secret and the encodings of its bytes a careless write might use. */
function forms(secret: string): string[] {
  const bytes = [Buffer.from(secret, 'utf8')];
  if (/^[A-Za-z0-9_-]+$/.test(secret)) bytes.push(Buffer.from(secret, 'base64url'));
  return [secret, ...bytes.flatMap((b) => [b.toString('base64'), b.toString('base64url'), b.toString('hex')])].filter(
    (f) => f.length >= 16,
  );
}

/** Each place holding any form of any of the secrets, with the secret's kind. */
function leaks(
  places: Array<{ path: string; text: string }>,
  held: Array<{ key: SecretKey; value: string }>,
): Array<{ key: SecretKey; path: string }> {
  return places.flatMap((place) =>
    held
      .filter(({ value }) => forms(value).some((f) => place.text.includes(f)))
      .map(({ key }) => ({ key, path: place.path })),
  );
}

describe('secrets never reach logs or files', () => {
  it('a session on the embedded account and a browser sign-in with a token refresh leave no secret anywhere', async () => {
    const { page, problems } = await openApp({ browser, host });
    await explained({ account: { core: app } }, page, async () => {
      // A day's work on the embedded account: a quick entry, a timer started, paused and logged.
      const box = page.getByRole('combobox', { name: 'Log time for today' });
      await box.fill('1:30 @Website call with the client');
      await box.press('Enter');
      await expect
        .poll(() => app.getSnapshot().today.entries.filter((e) => e.id !== null).length, { timeout: 10_000 })
        .toBe(1);
      const website = app.getSnapshot().projects.find((p) => p.name === 'Website')!;
      await app.handlers.startTimer({ projectId: website.id });
      await page.getByRole('button', { name: 'Pause Website' }).click();
      await page.getByRole('button', { name: 'More for Website' }).click();
      await page.getByRole('button', { name: 'Log Website', exact: true }).click();
      await app.whenIdle();

      // A calendar by its secret address (Google's shape), added in the settings view.
      await page.getByRole('link', { name: 'Settings' }).click();
      const calendarPath = '/calendar/ical/me%40example.org/private-9f8e7d6c5b4a39281706f5e4d3c2b1a0/basic.ics';
      calendarServer.set(calendarPath, eightMeetings(localDate(Date.now()).replace(/-/g, '')));
      await page.getByTestId('calendar-address').fill(calendarServer.url(calendarPath));
      await page.getByRole('button', { name: 'Add calendar' }).click();
      await expect.poll(() => app.getSnapshot().calendar.calendars.length).toBe(1);

      // The remote account, added in the settings view with the browser sign-in.
      const form = page.getByRole('form', { name: 'Add account' });
      await form.getByLabel('Service address').fill(serviceUrl);
      await form.getByLabel("Stint's client ID at that service").fill(client.clientId);
      await form.getByLabel('Client secret (if the service gave one)').fill(client.clientSecret);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => opened.length).toBe(1);
      const systemBrowser = await browser.newPage();
      systemBrowser.setDefaultTimeout(5_000);
      await systemBrowser.goto(opened[0]!);
      await systemBrowser.getByLabel('E-mail').fill('me@stint.local');
      await systemBrowser.getByLabel('Password').fill(PASSWORD);
      await systemBrowser.getByRole('button', { name: 'Sign in' }).click();
      await systemBrowser.getByRole('button', { name: 'Allow' }).click();
      await systemBrowser.waitForURL((url) => url.port === String(oauthPort));
      // Signed in, not switched to: the settings ask, and the user says Switch.
      await page.getByTestId('use-now').getByRole('button', { name: 'Switch' }).click({ timeout: 10_000 });
      await expect.poll(() => app.getSnapshot().account?.kind, { timeout: 10_000 }).toBe('remote');
      await app.whenIdle();

      // The service lets the access token run out: Stint's next call is refused, it refreshes
      // (the refresh token rotates) and keeps the new pair.
      const db = openSqliteStore(serviceDir);
      try {
        db.connection
          .prepare('UPDATE oauth_access_tokens SET expires_at = ?')
          .run(timestamp(new Date(Date.now() - 60_000)));
      } finally {
        await db.close();
      }
      await page.getByRole('link', { name: 'Back to Stint' }).click();
      await box.fill('0:20 @Remote after the refresh');
      await box.press('Enter');
      await expect
        .poll(
          () =>
            app.getSnapshot().today.entries.filter((e) => e.id !== null && e.description === 'after the refresh')
              .length,
          { timeout: 10_000 },
        )
        .toBe(1);
      await app.whenIdle();
    });
    expect(problems).toEqual([]);

    // Every kind of secret the app keeps was held, the rotated tokens beside the first ones.
    const held = secrets.given;
    expect(new Set(held.map((h) => h.key))).toEqual(new Set([...ACCOUNT_SECRETS, 'calendar-address']));
    expect(new Set(held.filter((h) => h.key === 'access-token').map((h) => h.value)).size).toBe(2);
    expect(new Set(held.filter((h) => h.key === 'refresh-token').map((h) => h.value)).size).toBe(2);
    expect(held.find((h) => h.key === 'client-secret')?.value).toBe(client.clientSecret);
    // A shorter one would have no form long enough to be searched for.
    expect(held.filter((h) => h.value.length < 16)).toEqual([]);

    // The service logged its requests (the check would be empty otherwise); its output is piped,
    // so the last lines may arrive a moment after the answer did.
    await expect.poll(() => childOutput.join(''), { timeout: 5000 }).toMatch(/"url":"\/v2\/entries/);
    const places = [
      { path: 'this process (stdout, stderr, console)', text: captured.join('\n') },
      { path: 'the remote service (stdout, stderr)', text: childOutput.join('') },
      ...filesUnder(dataDir),
      ...filesUnder(serviceDir),
    ];
    expect(places.some((p) => p.path.endsWith('broadcast-receiver.json'))).toBe(true);
    expect(places.some((p) => p.path.endsWith('accounts.json'))).toBe(true);
    // The search finds a secret in each of its forms (the check itself works).
    for (const form of forms(held[0]!.value))
      expect(leaks([{ path: 'a planted copy', text: `x${form}x` }], held)).toEqual([
        { key: held[0]!.key, path: 'a planted copy' },
      ]);
    expect(leaks(places, held).map(({ key, path }) => `${key} in ${path}`)).toEqual([]);
  });
});
