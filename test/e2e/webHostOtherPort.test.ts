// Browsers do not keep cookies apart by port: whatever a page of 127.0.0.1:A gets its browser to
// send by itself (a cookie above all) goes to 127.0.0.1:B as well. So after the user opened the
// address Stint printed, a page of another local server (another user's, or one any site
// redirects to) must receive nothing that opens the bridge. This test is that server: it records
// every request the browser makes to it, from a page of its own and from the app's own tab sent
// there, then tries the bridge from its page and, as a local program, with all it received.

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, tryBridge, type Stack } from './support';

let stack: Stack;
let other: Server;
let otherUrl: string;
/** Every request (and upgrade) the other server received: its line and its headers, raw. */
const received: Array<{ line: string; headers: string[] }> = [];
const PRIVATE = `private-${randomBytes(6).toString('hex')}`;

const record = (request: IncomingMessage) =>
  received.push({ line: `${request.method} ${request.url}`, headers: request.rawHeaders });

beforeAll(async () => {
  stack = await startStack();
  const logged = await stack.account.core.handlers.quickEntry({ text: `0:15 @Client ${PRIVATE}` });
  expect(logged.ok).toBe(true);
  other = createServer((request, response) => {
    record(request);
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Another local server</title><p>Another local server</p>');
  });
  other.on('upgrade', (request, socket) => {
    record(request);
    socket.destroy();
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  other?.closeAllConnections();
  await new Promise((resolve) => other?.close(resolve));
  await stack?.close();
});

/** The secret, wherever the printed address carries it: the one run of 43+ base64url characters. */
const secret = () => /[A-Za-z0-9_-]{43,}/.exec(stack.host.openUrl.slice(stack.host.url.length))![0];
const projectNames = () => stack.account.core.getSnapshot().projects.map((p) => p.name);

describe('another server on another loopback port, after the user opened the printed address', () => {
  it('receives nothing that opens the bridge, and cannot open it from its page or with what it received', async () => {
    // One browser profile (one cookie jar), as the user's own browser.
    const context = await stack.browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    await page.goto(stack.host.openUrl);
    await page.getByText(PRIVATE).waitFor();
    expect(new URL(otherUrl).port).not.toBe(new URL(stack.host.url).port);

    // A page of the other server in the same browser, asking its own server for more (with
    // credentials, as any page may), then the app's own tab sent there.
    const visitor = await context.newPage();
    await visitor.goto(`${otherUrl}/landing`);
    const fromPage = await visitor.evaluate(
      async ({ own, bridge }) => {
        type Socket = { onopen: (() => void) | null; onclose: (() => void) | null; close(): void };
        const g = globalThis as unknown as {
          fetch(url: string, init: object): Promise<unknown>;
          WebSocket: new (url: string, protocols?: string[]) => Socket;
        };
        await g.fetch(`${own}/probe`, { credentials: 'include' });
        await g.fetch(`${own}/probe-no-cors`, { credentials: 'include', mode: 'no-cors' });
        // The app's bridge, straight from this page: as bare as it can, and offering the bridge's protocol.
        const tries = [[], ['stint.bridge']].map(
          (protocols) =>
            new Promise<string>((resolve) => {
              const ws = new g.WebSocket(bridge, protocols);
              ws.onopen = () => {
                ws.close();
                resolve('opened');
              };
              ws.onclose = () => resolve('refused');
            }),
        );
        return Promise.all(tries);
      },
      { own: otherUrl, bridge: `${stack.host.url.replace('http', 'ws')}/bridge` },
    );
    expect(fromPage).toEqual(['refused', 'refused']);
    await page.goto(`${otherUrl}/from-the-app-tab`);
    await context.close();

    const lines = received.map((r) => r.line);
    expect(lines).toEqual(
      expect.arrayContaining(['GET /landing', 'GET /probe', 'GET /probe-no-cors', 'GET /from-the-app-tab']),
    );
    // No cookie at all, and the secret nowhere in what arrived (lines and headers, Referer included).
    for (const { line, headers } of received) {
      const names = headers.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
      expect(names, line).not.toContain('cookie');
      expect(JSON.stringify({ line, headers }), line).not.toContain(secret());
    }

    // A local program replays every header that server received, with the app's own Origin.
    for (const [i, { line, headers }] of received.entries()) {
      const replayed: Record<string, string> = {};
      for (let h = 0; h < headers.length; h += 2) {
        const name = headers[h]!.toLowerCase();
        if (['host', 'connection', 'upgrade', 'origin'].includes(name) || name.startsWith('sec-websocket')) continue;
        replayed[name] = headers[h + 1]!;
      }
      const text = `0:05 @Stolen nobody-${i} ${randomBytes(3).toString('hex')}`;
      const attempt = await tryBridge(stack.host, { channel: 'quickEntry', request: { text } }, { headers: replayed });
      expect(attempt.status, line).toBe(403);
      expect(JSON.stringify(attempt.answers)).not.toContain(PRIVATE);
    }
    expect(projectNames()).not.toContain('Stolen');
    expect(JSON.stringify(stack.account.core.getSnapshot().today)).not.toContain('nobody-');
  });
});
