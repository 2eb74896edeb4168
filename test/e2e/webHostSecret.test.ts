// The web host's secret: Host and Origin checks stop browsers, not a local program, which may send
// any header it likes. So only who holds this run's secret (in the fragment of the address Stint
// prints) can open the bridge, which is where all the app's data travel: the page, its script and
// its styles hold none and are served to anyone, and a WebSocket upgrade that does not offer the
// secret as a subprotocol is refused with 403 before any message is read or sent. No cookie
// carries it (a browser would send that to every port of 127.0.0.1: webHostOtherPort.test.ts).
// These tests play the local program, with the right Host and a forged Origin, and the browser.

import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_PROTOCOL, bridgeProtocols, SECRET_PROTOCOL_PREFIX } from '../../common/webHostSecret';
import { hostProtocols, hostSecret, openApp, startStack, tryBridge, type Stack } from './support';

let stack: Stack;
// Something only the app's data holds: it must not come back to a caller without the secret.
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

const projectNames = () => stack.account.core.getSnapshot().projects.map((p) => p.name);

const create = (name: string) => ({ channel: 'createProject', request: { name } });

describe('the web host without its secret', () => {
  it('serves the page and its files to anyone, holding none of the app data and setting no cookie', async () => {
    for (const path of ['/', '/index.html', '/renderer.js', '/styles.css']) {
      const reply = await raw(path);
      expect(reply.status, path).toBe(200);
      expect(reply.body, path).not.toContain(PRIVATE);
      expect(reply.headers['set-cookie'], path).toBeUndefined();
    }
    const page = await raw('/');
    // The page is the bundle's shell: no data block, no script but the bundle.
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).not.toContain('application/json');
    expect((await raw('/nowhere')).status).toBe(404);
    // The old address form (/?k=…) is just the page: nothing is set from it.
    const old = await raw(`/?k=${hostSecret(stack.host)}`);
    expect(old.status).toBe(200);
    expect(old.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a WebSocket with the right Host and a forged Origin but no secret, before any call is read', async () => {
    const name = `Forged origin ${randomBytes(3).toString('hex')}`;
    for (const protocols of [[], [BRIDGE_PROTOCOL]]) {
      const attempt = await tryBridge(stack.host, create(name), { protocols });
      expect(attempt.status).toBe(403);
      // Not even the first snapshot (today's entries) was sent.
      expect(JSON.stringify(attempt.answers)).not.toContain(PRIVATE);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(projectNames()).not.toContain(name);
  });

  it('refuses a wrong secret of the right length, the secret anywhere but the handshake, and the secret from another origin', async () => {
    const guess = wrongSecret();
    const secret = hostSecret(stack.host);
    expect(guess).toHaveLength(secret.length);
    const name = `Wrong secret ${randomBytes(3).toString('hex')}`;
    const refused: Array<{ protocols: string[]; headers?: Record<string, string> }> = [
      { protocols: bridgeProtocols(guess) },
      { protocols: bridgeProtocols(`${secret}x`) },
      { protocols: bridgeProtocols(secret.slice(0, -1)) },
      { protocols: [BRIDGE_PROTOCOL, secret] },
      // Where the old design kept it, and where a browser would send it by itself: a cookie.
      { protocols: [BRIDGE_PROTOCOL], headers: { Cookie: `stint-web-${port()}=${secret}` } },
      { protocols: [BRIDGE_PROTOCOL], headers: { Authorization: `Bearer ${secret}` } },
      // The right secret, offered by a page of another origin: the Origin check still holds.
      { protocols: bridgeProtocols(secret), headers: { Origin: 'http://127.0.0.1:1' } },
    ];
    for (const options of refused) {
      const attempt = await tryBridge(stack.host, create(name), options);
      expect(attempt.status, JSON.stringify(options)).toBe(403);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(projectNames()).not.toContain(name);
  });

  it('expires every old secret cookie a browser still sends (any port’s), and no other cookie', async () => {
    const reply = await raw('/', { Cookie: `stint-web-${port()}=old; theirs=1; stint-web-7421=older` });
    expect(reply.status).toBe(200);
    const expired = [reply.headers['set-cookie']].flat();
    expect(expired).toHaveLength(2);
    for (const name of [`stint-web-${port()}`, 'stint-web-7421'])
      expect(expired).toContainEqual(expect.stringMatching(new RegExp(`^${name}=;.*Max-Age=0.*Path=/`, 'i')));
  });
});

describe('the web host with its secret', () => {
  it('prints the secret in the fragment only, and a handshake that offers it opens the bridge, answered with the bridge protocol', async () => {
    const printed = new URL(stack.host.openUrl);
    expect(`${printed.origin}${printed.pathname}${printed.search}`).toBe(`${stack.host.url}/`);
    expect(printed.hash).toBe(`#k=${hostSecret(stack.host)}`);
    expect(hostSecret(stack.host)).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    const { protocol, first } = await new Promise<{ protocol: string; first: string }>((resolve, reject) => {
      const ws = new WebSocket(`${stack.host.url.replace('http', 'ws')}/bridge`, hostProtocols(stack.host), {
        headers: { Origin: origin() },
      });
      ws.once('message', (data) => {
        ws.close();
        resolve({ protocol: ws.protocol, first: String(data) });
      });
      ws.on('error', reject);
    });
    // The answer names the bridge's protocol, never the one that carries the secret.
    expect(protocol).toBe(BRIDGE_PROTOCOL);
    expect(protocol).not.toContain(SECRET_PROTOCOL_PREFIX);
    expect(first).toContain(PRIVATE);

    const name = `With the secret ${randomBytes(3).toString('hex')}`;
    const attempt = await tryBridge(stack.host, create(name), { protocols: hostProtocols(stack.host) });
    expect(attempt.status).toBe(101);
    expect(attempt.answers).toContainEqual({ id: 1, result: { ok: true, value: { projectId: expect.any(Number) } } });
    await expect.poll(() => projectNames()).toContain(name);
  });

  it('lets a tab that opens the printed address in, keeps it through a reload, and takes it out of the address bar; a tab without it gets nothing', async () => {
    const profile = await stack.browser.newContext({ viewport: { width: 420, height: 760 } });
    const { page, problems } = await openApp(stack, { context: profile });
    // The page took the secret out of the address: nothing to copy, nothing in the tab's history.
    expect(page.url()).toBe(`${stack.host.url}/`);
    // The tab's history: the blank page it started on, then the app's plain address.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    await page.goForward();
    expect(page.url()).toBe(`${stack.host.url}/`);
    // No cookie at all: the tab keeps it in its own sessionStorage, which other origins cannot read.
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate('JSON.stringify(Object.values(sessionStorage))')).toBe(
      JSON.stringify([hostSecret(stack.host)]),
    );

    await page.getByText(PRIVATE).waitFor();
    await page.reload();
    expect(page.url()).toBe(`${stack.host.url}/`);
    await page.getByText(PRIVATE).waitFor();
    // A call over the page's socket, which the kept secret opened.
    const marker = `logged-${randomBytes(4).toString('hex')}`;
    const box = page.getByRole('combobox', { name: 'Log time for today' });
    await box.fill(`0:05 @Browser ${marker}`);
    await box.press('Enter');
    await expect
      .poll(() => stack.account.core.getSnapshot().today.entries.some((e) => e.description === marker))
      .toBe(true);

    // The printed address with a route after it, opened in this same tab (a change of fragment
    // only, no new load): the route stays, the secret goes.
    await page.goto(`${stack.host.openUrl}#settings`);
    await expect.poll(() => page.url()).toBe(`${stack.host.url}/#settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(problems).toEqual([]);

    // A new tab of the same browser, given only the plain address, and another browser profile.
    const stranger = await stack.browser.newContext();
    try {
      for (const tab of [await profile.newPage(), await stranger.newPage()]) {
        tab.setDefaultTimeout(5_000);
        expect((await tab.goto(stack.host.url))?.status()).toBe(200);
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered (hidden text left out), is what these check; not the DOM property
        const text = await tab.getByTestId('needs-address').innerText();
        expect(text).toMatch(/Open the address Stint printed/);
        expect(await tab.locator('body').textContent()).not.toContain(PRIVATE);
        await tab.close();
      }
    } finally {
      await stranger.close();
      await profile.close();
    }
  });
});
