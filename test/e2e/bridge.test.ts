// The web host's bridge treats what arrives as untrusted: a call with wrong types is refused with
// invalid_argument before any handler runs, a page from another origin cannot connect, and the UI
// keeps working after a bad call.

import { get } from 'node:http';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { startWebHost } from '../../web/host';
import { soleCoreApp } from '../support/soleCore';
import { hostProtocols, hostSecret, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
stackForFile((shared) => ({ stack } = shared));

describe('the web bridge', () => {
  it('refuses malformed calls with invalid_argument, and the UI keeps working', async () => {
    const { page, problems } = await openApp(stack);

    // A second socket from the page itself (same origin, offering the secret as the page does),
    // sending what the renderer never would.
    const bridgeUrl = `${stack.host.url.replace('http', 'ws')}/bridge`;
    const answers = await page.evaluate(
      async ({ url, protocols }) => {
        // The browser's WebSocket (this function runs in the page), not the ws package's.
        const Socket = (globalThis as unknown as { WebSocket: typeof WebSocket }).WebSocket;
        const ws = new Socket(url, protocols);
        await new Promise((resolve) => (ws.onopen = resolve));
        const results = new Map<number, unknown>();
        ws.onmessage = (event: { data: unknown }) => {
          const message = JSON.parse(String(event.data));
          if (typeof message.id === 'number') results.set(message.id, message.result);
        };
        ws.send(JSON.stringify({ id: 1, channel: 'startTimer', request: { projectId: 'Website' } }));
        ws.send(JSON.stringify({ id: 2, channel: 'quickEntry', request: { text: 42 } }));
        ws.send(JSON.stringify({ id: 3, channel: 'createProject', request: { name: 'x', admin: true } }));
        ws.send(JSON.stringify({ id: 4, channel: 'deleteEverything', request: {} }));
        while (results.size < 4) await new Promise((resolve) => setTimeout(resolve, 20));
        ws.close();
        return [1, 2, 3, 4].map((id) => results.get(id));
      },
      { url: bridgeUrl, protocols: hostProtocols(stack.host) },
    );
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(answers[0]).toMatchObject({ error: { field: 'projectId' } });

    // Nothing was created by the refused calls, and the UI still starts a timer.
    const snapshot = stack.account.core.getSnapshot();
    expect(snapshot.projects.map((p) => p.name)).not.toContain('x');
    const form = page.getByRole('form', { name: 'New timer' });
    await form.getByLabel('Project').fill('After bad calls');
    await form.getByRole('button', { name: /start/i }).click();
    await expect
      .poll(() => page.locator('[data-testid="timer"][data-project="After bad calls"]').getAttribute('data-state'))
      .toBe('running');
    expect(problems).toEqual([]);
  });

  it('refuses a WebSocket from another origin', async () => {
    const url = `${stack.host.url.replace('http', 'ws')}/bridge`;
    const status = await new Promise<number>((resolve) => {
      // Offering the secret: the Origin alone is what is refused here.
      const ws = new WebSocket(url, hostProtocols(stack.host), { headers: { Origin: 'http://evil.example' } });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => {});
    });
    expect(status).toBe(403);
  });

  it('answers a page asked for under another host name with 421 (DNS rebinding)', async () => {
    // node:http, since fetch will not send a Host header of our choosing.
    const { port } = new URL(stack.host.url);
    const status = await new Promise<number>((resolve, reject) => {
      const request = get(
        { host: '127.0.0.1', port, path: '/', headers: { Host: `attacker.example:${port}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
    });
    expect(status).toBe(421);
  });

  it('serves the page with its content security policy, as a header only', async () => {
    const response = await fetch(stack.host.url);
    // Electron's policy (test/unit/build/contentSecurityPolicy.test.ts) plus the page's own
    // socket ('self' covers ws: on the same host and port) and no framing.
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; connect-src 'self'; frame-ancestors 'none'",
    );
    // No meta element beside it: the header alone is the policy (a meta one would also apply).
    expect(await response.text()).not.toMatch(/http-equiv="Content-Security-Policy"/i);
  });

  it('runs under that policy with nothing refused, under either of its host names', async () => {
    const { port } = new URL(stack.host.url);
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const page = await stack.browser.newPage();
      page.setDefaultTimeout(5_000);
      // Chromium reports each refusal (a blocked socket, script, style or image) on the console.
      const refusals: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
      });
      // The printed address under this host name (a tab's storage is per host name).
      await page.goto(`${origin}/#k=${hostSecret(stack.host)}`);
      // A quick entry only arrives over the page's socket.
      const box = page.getByRole('combobox', { name: 'Log time for today' });
      await box.fill(`0:05 @Policy ${origin}`);
      await box.press('Enter');
      await expect
        .poll(() => stack.account.core.getSnapshot().today.entries.some((e) => e.description === origin))
        .toBe(true);
      expect(refusals).toEqual([]);
      await page.close();
    }
  });

  it('says it is reconnecting while the host is away, and carries on when it is back', async () => {
    const { page, problems } = await openApp(stack);
    const status = page.getByTestId('sync-status');
    const port = Number(new URL(stack.host.url).port);
    await stack.host.close();
    await expect.poll(() => status.getAttribute('data-state')).toBe('disconnected');
    expect(await status.textContent()).toBe('Reconnecting…');

    // The same run's secret: the one the tab kept still opens the socket (a new run would need the new address).
    stack.host = await startWebHost({ app: soleCoreApp(stack.account.core), port, secret: hostSecret(stack.host) });
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 10_000 }).not.toBe('disconnected');
    const box = page.getByRole('combobox', { name: 'Log time for today' });
    await box.fill('0:10 @Reconnected');
    await box.press('Enter');
    await expect.poll(() => page.locator('[data-testid="today-entry"][data-project="Reconnected"]').count()).toBe(1);
    // The page lost its socket once and looked whether the host answers while it was away (to tell
    // an earlier run's tab): Chromium logs both as console errors, which is expected here.
    expect(problems.filter((p) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(p))).toEqual([]);
  });
});
