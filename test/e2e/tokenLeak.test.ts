// No token in any log or data file. A realistic session runs through the web host on the
// embedded account (its personal token from the secret store), and an OAuth client signs in to a
// second local service (a child process, its request logger on) and uses and refreshes its
// tokens. Everything printed (this process's stdout, stderr and console, the child's output) and
// every file written (journal, settings, service databases with WAL, broadcast-receiver.json) is
// then searched for each token, raw and in base64 and hex forms of its bytes.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import { createServiceApi } from '../../main/api/client';
import { registerApplication } from '../../service/oauth/applications';
import { openDatabase } from '../../service/storage/db';
import { root } from '../../scripts/electronBinary.mjs';
import { explained, openApp, startStack, type Stack } from './support';

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
      captured.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a) ?? String(a))).join(' '));
      original(...args);
    };
    restore.push(() => (console[level] = original));
  }
}

let stack: Stack;
let oauthDir: string;
let child: ChildProcess;
const childOutput: string[] = [];
let serviceUrl: string;
let callback: { server: Server; url: string; codes: string[] };

beforeAll(async () => {
  capture();
  stack = await startStack();
  oauthDir = mkdtempSync(join(tmpdir(), 'stint-e2e-leak-oauth-'));
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://127.0.0.1');
    const code = url.searchParams.get('code');
    if (code) callback.codes.push(code);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Back</title><p>Back.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  callback = { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/callback`, codes: [] };

  child = spawn(join(root, 'node_modules/.bin/tsx'), ['service/cli.ts', '--port', '0', '--data', oauthDir, '--owner-password', PASSWORD, '--rate-limit', '0', '--log'], { cwd: root });
  child.stdout!.on('data', (d) => childOutput.push(String(d)));
  child.stderr!.on('data', (d) => childOutput.push(String(d)));
  const end = Date.now() + 30_000;
  while (!/listening on (http\S+)/.test(childOutput.join('')) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  serviceUrl = /listening on (http\S+)/.exec(childOutput.join(''))![1]!;
});

afterAll(async () => {
  child?.kill();
  await new Promise((resolve) => callback?.server.close(resolve));
  for (const undo of restore.splice(0)) undo();
  await stack?.close();
  rmSync(oauthDir, { recursive: true, force: true });
});

/** Every file under a folder, as latin1 text (binary files too: a token is ASCII either way). */
function filesUnder(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile())
    .map((path) => ({ path, text: readFileSync(path).toString('latin1') }));
}

/** The token and the encodings of its bytes a careless write might use. */
function forms(token: string): string[] {
  const bytes = [Buffer.from(token, 'utf8')];
  if (/^[A-Za-z0-9_-]+$/.test(token)) bytes.push(Buffer.from(token, 'base64url'));
  return [token, ...bytes.flatMap((b) => [b.toString('base64'), b.toString('base64url'), b.toString('hex')])].filter((f) => f.length >= 16);
}

async function oauthTokens(page: import('playwright-core').Page, client: { clientId: string; clientSecret: string }) {
  const query = new URLSearchParams({ client_id: client.clientId, response_type: 'code', state: 'leak-check' });
  await page.goto(`${serviceUrl}/oauth/2/authorize?${query}`);
  await page.getByLabel('E-mail').fill('me@stint.local');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect.poll(() => callback.codes.length).toBe(1);
  const post = async (fields: Record<string, string>) => {
    const response = await fetch(`${serviceUrl}/oauth/2/access_token`, {
      method: 'POST',
      headers: { 'user-agent': 'StintLeakCheck/1.0', accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, ...fields }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { access_token: string; refresh_token: string };
  };
  const first = await post({ grant_type: 'authorization_code', code: callback.codes[0]!, redirect_uri: callback.url });
  const second = await post({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
  return [first.access_token, first.refresh_token, second.access_token, second.refresh_token];
}

describe('tokens never reach logs or files', () => {
  it('a session on the embedded account and an OAuth sign-in leave no token anywhere', async () => {
    const { page, problems } = await openApp(stack);
    const tokens: string[] = [];
    await explained(stack, page, async () => {
      // The token the embedded account took from the secret store and gave its service.
      const personal = stack.account.service.token;
      expect(personal.length).toBeGreaterThanOrEqual(32);
      tokens.push(personal);

      // A day's work in the window: a project, its timer started, paused and logged, a quick entry.
      const box = page.getByRole('combobox', { name: 'Log time for today' });
      await box.fill('1:30 @Website call with the client');
      await box.press('Enter');
      await expect.poll(() => stack.account.core.getSnapshot().today.entries.filter((e) => e.id !== null).length, { timeout: 10_000 }).toBe(1);
      const website = stack.account.core.getSnapshot().projects.find((p) => p.name === 'Website')!;
      await stack.account.core.handlers.startTimer({ projectId: website.id });
      await page.getByRole('button', { name: 'Pause Website' }).click();
      await page.getByRole('button', { name: 'Log Website', exact: true }).click();
      await stack.account.core.whenIdle();

      // An OAuth client of the second service: sign in, exchange, refresh, call the API.
      const db = openDatabase(oauthDir);
      let client: { clientId: string; clientSecret: string };
      try {
        client = registerApplication(db, { name: 'Leak Check', callbackUrl: callback.url });
      } finally {
        db.close();
      }
      const oauth = await oauthTokens(page, client);
      tokens.push(...oauth);
      const api = createServiceApi({ baseUrl: serviceUrl, credentials: { kind: 'oauth', accessToken: async () => oauth[2]!, refresh: async () => false }, rateLimit: 0 });
      await api.createEntry({ date: localDate(Date.now()), minutes: 15, description: 'via OAuth' });
    });
    expect(problems).toEqual([]);
    // The child logged its requests (the check would be empty otherwise); its output is piped, so
    // the last lines may arrive a moment after the answer did.
    await expect.poll(() => childOutput.join(''), { timeout: 5000 }).toMatch(/"url":"\/v2\/entries/);

    const places = [
      { path: 'this process (stdout, stderr, console)', text: captured.join('\n') },
      { path: 'the OAuth service (stdout, stderr)', text: childOutput.join('') },
      ...filesUnder(stack.dataDir),
      ...filesUnder(oauthDir),
    ];
    expect(places.some((p) => p.path.endsWith('broadcast-receiver.json'))).toBe(true);
    const leaks = places.flatMap((place) => tokens.flatMap((token, i) => forms(token).filter((f) => place.text.includes(f)).map(() => `token ${i} in ${place.path}`)));
    expect(leaks).toEqual([]);
  });
});
