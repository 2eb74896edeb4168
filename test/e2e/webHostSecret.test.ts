// The web host's secret: Host and Origin checks stop browsers, not a local program, which may send
// any header it likes. So only who holds this run's secret (in the address Stint prints) gets the
// page, its assets or the bridge: the address swaps it for an HttpOnly, SameSite=Strict cookie,
// and everything without that cookie is refused with 403 before any data is served or any call
// is read. These tests play the local program, with the right Host and a forged Origin.

import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_SNAPSHOT_ID } from '../../common/channels';
import { secretCookieName } from '../../web/host';
import { hostCookie, hostSecret, openApp, startStack, type Stack } from './support';

let stack: Stack;
// Something only the app's data holds: it must not come back to a caller without the cookie.
const PRIVATE = `private-${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  stack = await startStack();
  const logged = await stack.account.core.handlers.quickEntry({ text: `0:15 @Client ${PRIVATE}` });
  expect(logged.ok).toBe(true);
  expect(JSON.stringify(stack.account.core.getSnapshot().today)).toContain(PRIVATE);
});
afterAll(async () => {
  await stack?.close();
});

const port = () => Number(new URL(stack.host.url).port);
const origin = () => `http://127.0.0.1:${port()}`;
/** Another secret of the same length and alphabet: a guess, not a typo of the format. */
const wrongSecret = () => {
  let guess = randomBytes(32).toString('base64url');
  while (guess === hostSecret(stack.host)) guess = randomBytes(32).toString('base64url');
  return guess;
};

/** A raw request as a local program makes it: its own Host, Origin and Cookie headers, no redirects followed. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: port(),
          path,
          method,
          headers: { Host: `127.0.0.1:${port()}`, Origin: origin(), ...headers },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

/**
 * Opens the bridge as a local program would, and if the host lets it in, tries to create a project
 * at once. Answers the upgrade's status (101: it got in) and every answer the socket received.
 */
function tryBridge(headers: Record<string, string>, projectName: string) {
  return new Promise<{ status: number; answers: unknown[] }>((resolve) => {
    const answers: unknown[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${port()}/bridge`, { headers: { Origin: origin(), ...headers } });
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, answers });
    });
    ws.on('open', () => {
      ws.send(JSON.stringify({ id: 1, channel: 'createProject', request: { name: projectName } }));
      ws.on('message', (data) => {
        const message = JSON.parse(String(data));
        answers.push(message);
        if (message.id === 1) {
          ws.close();
          resolve({ status: 101, answers });
        }
      });
    });
    ws.on('error', () => resolve({ status: 0, answers }));
  });
}

const projectNames = () => stack.account.core.getSnapshot().projects.map((p) => p.name);

describe('the web host without its secret', () => {
  it('refuses the page and every asset without the cookie, with a short 403 that says what to open and none of the app data', async () => {
    for (const path of ['/', '/index.html', '/renderer.js', '/styles.css', '/nowhere']) {
      const reply = await raw(path);
      expect(reply.status, path).toBe(403);
      expect(reply.headers['content-type']).toMatch(/^text\/plain/);
      expect(reply.body).toMatch(/open the address Stint printed/);
      expect(reply.body.length).toBeLessThan(200);
      expect(reply.body).not.toContain(PRIVATE);
      expect(reply.body).not.toContain(INITIAL_SNAPSHOT_ID);
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
    expect((await raw('/', {}, 'HEAD')).status).toBe(403);
    // The same with the page's own Origin and Referer forged: headers a program chooses prove nothing.
    const forged = await raw('/', { Referer: `${origin()}/`, 'Sec-Fetch-Site': 'same-origin' });
    expect(forged.status).toBe(403);
    expect(forged.body).not.toContain(PRIVATE);
  });

  it('refuses a WebSocket with the right Host and a forged Origin but no cookie, before any call is read', async () => {
    const name = `Forged origin ${randomBytes(3).toString('hex')}`;
    const attempt = await tryBridge({}, name);
    expect(attempt.status).toBe(403);
    // Not even the first snapshot (today's entries) was sent, and nothing was created.
    expect(JSON.stringify(attempt.answers)).not.toContain(PRIVATE);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(projectNames()).not.toContain(name);
  });

  it('refuses a wrong secret of the right length: in the address, in the cookie and at the bridge', async () => {
    const guess = wrongSecret();
    expect(guess).toHaveLength(hostSecret(stack.host).length);

    const exchanged = await raw(`/?k=${guess}`);
    expect(exchanged.status).toBe(403);
    expect(exchanged.headers['set-cookie']).toBeUndefined();
    expect(exchanged.body).not.toContain(PRIVATE);

    const cookie = `${secretCookieName(port())}=${guess}`;
    const page = await raw('/', { Cookie: cookie });
    expect(page.status).toBe(403);
    expect(page.body).not.toContain(PRIVATE);

    const name = `Wrong secret ${randomBytes(3).toString('hex')}`;
    expect((await tryBridge({ Cookie: cookie }, name)).status).toBe(403);
    // The right secret under another port's cookie name, or as a prefix of a longer value: refused too.
    expect((await raw('/', { Cookie: `${secretCookieName(port() + 1)}=${hostSecret(stack.host)}` })).status).toBe(403);
    expect((await raw('/', { Cookie: `${secretCookieName(port())}=${hostSecret(stack.host)}x` })).status).toBe(403);
    expect((await raw('/?k=')).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(projectNames()).not.toContain(name);
  });
});

describe('the web host with its secret', () => {
  it('swaps the printed address for an HttpOnly, SameSite=Strict cookie and a 303 to /, and that cookie opens the page and the bridge', async () => {
    const printed = new URL(stack.host.openUrl);
    expect(printed.origin).toBe(stack.host.url);
    expect(hostSecret(stack.host)).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    const exchanged = await raw(`${printed.pathname}${printed.search}`);
    expect(exchanged.status).toBe(303);
    expect(exchanged.headers.location).toBe('/');
    const setCookie = [exchanged.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toContain(`${secretCookieName(port())}=${hostSecret(stack.host)}`);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Strict/i);
    expect(setCookie).toMatch(/;\s*Path=\//i);

    const page = await raw('/', { Cookie: hostCookie(stack.host) });
    expect(page.status).toBe(200);
    expect(page.body).toContain(PRIVATE);
    expect((await raw('/renderer.js', { Cookie: hostCookie(stack.host) })).status).toBe(200);

    const name = `With the cookie ${randomBytes(3).toString('hex')}`;
    const attempt = await tryBridge({ Cookie: hostCookie(stack.host) }, name);
    expect(attempt.status).toBe(101);
    expect(attempt.answers).toContainEqual({ id: 1, result: { ok: true, value: { projectId: expect.any(Number) } } });
    await expect.poll(() => projectNames()).toContain(name);
  });

  it('lets a browser that opens the printed address in, with the secret gone from its address bar; a browser without it gets the 403', async () => {
    const { page, problems } = await openApp(stack);
    // The redirect left the plain address: nothing to copy, nothing in the history.
    expect(page.url()).toBe(`${stack.host.url}/`);
    const cookies = await page.context().cookies(stack.host.url);
    expect(cookies).toEqual([
      expect.objectContaining({
        name: secretCookieName(port()),
        value: hostSecret(stack.host),
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
      }),
    ]);
    // Script cannot read it.
    expect(await page.evaluate('document.cookie')).toBe('');

    await page.getByText(PRIVATE).waitFor();
    // A call over the page's socket, which the cookie opened.
    const marker = `logged-${randomBytes(4).toString('hex')}`;
    const box = page.getByRole('combobox', { name: 'Log time for today' });
    await box.fill(`0:05 @Browser ${marker}`);
    await box.press('Enter');
    await expect
      .poll(() => stack.account.core.getSnapshot().today.entries.some((e) => e.description === marker))
      .toBe(true);
    expect(problems).toEqual([]);
    await page.close();

    // Another browser profile, given only the plain address.
    const stranger = await stack.browser.newContext();
    try {
      const other = await stranger.newPage();
      const response = await other.goto(stack.host.url);
      expect(response?.status()).toBe(403);
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered (hidden text left out), is what these check; not the DOM property
      const text = await other.locator('body').innerText();
      expect(text).toMatch(/open the address Stint printed/);
      expect(text).not.toContain(PRIVATE);
    } finally {
      await stranger.close();
    }
  });
});
