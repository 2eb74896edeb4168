// What every end-to-end test starts: the embedded local account (the real service on SQLite and
// the real core, in a temp folder), the web host in front of it, and Debian's Chromium.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import { createServiceApi } from '../../main/api/client';
import type { ServiceApi } from '../../main/api/types';
import { openEmbeddedAccount, type EmbeddedAccount } from '../../main/core/embedded/embeddedAccount';
import { createSessionSecrets } from '../../platform/keychain';
import type { Core } from '../../main/core/types';
import { bridgeProtocols, SECRET_FRAGMENT_KEY } from '../../common/webHostSecret';
import { startWebHost, type WebHost } from '../../web/host';
import { soleCoreApp } from '../support/soleCore';

export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

export interface Stack {
  account: EmbeddedAccount;
  host: WebHost;
  browser: Browser;
  dataDir: string;
  close(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stint-e2e-'));
  const account = await openEmbeddedAccount({
    dataDir,
    secrets: createSessionSecrets(),
    downloadsDir: join(dataDir, 'Downloads'),
  });
  const host = await startWebHost({ app: soleCoreApp(account.core) });
  const browser = await chromium.launch(CHROMIUM);
  return {
    account,
    host,
    browser,
    dataDir,
    async close() {
      await browser.close();
      await host.close();
      await account.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A page of the app, with every page error and console error collected for the test to check. */
/** The embedded account's service as another device of the same user talks to it: behind core's back. */
export function elsewhere(stack: Pick<Stack, 'account'>): ServiceApi {
  const { url, token } = stack.account.service;
  return createServiceApi({ baseUrl: url, credentials: { kind: 'personal', token }, rateLimit: 0 });
}

/** The stack a test file shares, and its account's service as another device of the user talks to it. */
export interface SharedStack {
  stack: Stack;
  api: ServiceApi;
}

/**
 * Starts one stack before the file's tests (with the artifacts folder their screenshots go to) and
 * closes it after them. `take` is handed the stack and the API elsewhere once they are up, so a
 * file keeps them in its own variables: `stackForFile((s) => ({ stack, api } = s))`.
 */
export function stackForFile(take: (shared: SharedStack) => void): void {
  let stack: Stack | undefined;
  beforeAll(async () => {
    mkdirSync('artifacts', { recursive: true });
    stack = await startStack();
    take({ stack, api: elsewhere(stack) });
  });
  afterAll(async () => {
    await stack?.close();
  });
}

/** An attribute of the element that has the keyboard focus (read in the page). */
export function focusedAttribute(page: Page, name: string): Promise<string | null> {
  // The page's globals, loosely: the e2e tests are type-checked without the DOM's types.
  type Focus = { document: { activeElement: { getAttribute(name: string): string | null } | null } };
  return page.evaluate((n) => (globalThis as unknown as Focus).document.activeElement?.getAttribute(n) ?? null, name);
}

/** The theme the page applies (data-theme on its root element), read in the page. */
export function pageTheme(page: Page): Promise<string | undefined> {
  type Root = { document: { documentElement: { dataset: { theme?: string } } } };
  return page.evaluate(() => (globalThis as unknown as Root).document.documentElement.dataset.theme);
}

export async function openApp(
  stack: Pick<Stack, 'browser' | 'host'>,
  /** context: a browser profile of the test's own (one cookie jar for several tabs); default a new one. */
  options: { colorScheme?: 'light' | 'dark'; context?: BrowserContext } = {},
): Promise<{ page: Page; problems: string[] }> {
  const look = { viewport: { width: 420, height: 760 }, colorScheme: options.colorScheme ?? 'light' } as const;
  const page = await (options.context ?? stack.browser).newPage(options.context ? {} : look);
  // Fail fast with the locator's name rather than at the test's timeout.
  page.setDefaultTimeout(5_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  // The address the host prints: the page keeps its secret and offers it to open its socket.
  await page.goto(stack.host.openUrl);
  await page.getByTestId('timers').waitFor();
  return { page, problems };
}

/** Runs a test's steps; when one fails, prints what the page showed and what core held. */
export async function explained(
  stack: { account: { core: Pick<Core, 'getSnapshot'> } },
  page: Page,
  steps: () => Promise<void>,
): Promise<void> {
  try {
    await steps();
  } catch (error) {
    console.log(
      `page:\n${await page
        .locator('body')
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered (hidden text left out), is what these check; not the DOM property
        .innerText()
        .catch(() => '?')}\ncore: ${JSON.stringify(stack.account.core.getSnapshot())}`,
    );
    throw error;
  }
}

/** This run's secret, read from the fragment of the address the host prints (web/host.ts). */
export function hostSecret(host: Pick<WebHost, 'openUrl'>): string {
  const fragment = new URLSearchParams(new URL(host.openUrl).hash.slice(1));
  return fragment.get(SECRET_FRAGMENT_KEY)!;
}

/** The subprotocols the app's page offers when it opens its socket, for clients that are not a browser. */
export const hostProtocols = (host: Pick<WebHost, 'openUrl'>): string[] => bridgeProtocols(hostSecret(host));

/**
 * Opens the bridge as a local program would (its own headers and offered subprotocols, the host's
 * Origin unless told otherwise) and, if the host lets it in, makes one call at once. Answers the
 * upgrade's status (101: it got in) and every message the socket received.
 */
export function tryBridge(
  host: Pick<WebHost, 'url'>,
  call: { channel: string; request: unknown },
  options: { headers?: Record<string, string>; protocols?: string[] } = {},
): Promise<{ status: number; answers: unknown[] }> {
  return new Promise((resolve) => {
    const answers: unknown[] = [];
    const ws = new WebSocket(`${host.url.replace('http', 'ws')}/bridge`, options.protocols ?? [], {
      headers: { Origin: host.url, ...options.headers },
    });
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, answers });
    });
    ws.on('open', () => {
      ws.send(JSON.stringify({ id: 1, ...call }));
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

/** A loopback port free right now (for a callback that must be registered before it listens). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
