// What every end-to-end test starts: the embedded local account (the real service on SQLite and
// the real core, in a temp folder), the web host in front of it, and Debian's Chromium.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServiceApi } from '../../main/api/client';
import type { ServiceApi } from '../../main/api/types';
import { openEmbeddedAccount, type EmbeddedAccount } from '../../main/core/embedded/embeddedAccount';
import { createSessionSecrets } from '../../main/core/embedded/keychain';
import type { Core } from '../../main/core/types';
import { SECRET_PARAM, secretCookieName, startWebHost, type WebHost } from '../../web/host';

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
  const host = await startWebHost({ core: account.core });
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
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; problems: string[] }> {
  const page = await stack.browser.newPage({
    viewport: { width: 420, height: 760 },
    colorScheme: options.colorScheme ?? 'light',
  });
  // Fail fast with the locator's name rather than at the test's timeout.
  page.setDefaultTimeout(5_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  // The address the host prints: its secret becomes the page's cookie (web/host.ts).
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

/** This run's secret, read from the address the host prints (web/host.ts). */
export const hostSecret = (host: Pick<WebHost, 'openUrl'>): string =>
  new URL(host.openUrl).searchParams.get(SECRET_PARAM)!;

/** The Cookie header a browser that opened the printed address sends, for clients that are not a browser. */
export function hostCookie(host: Pick<WebHost, 'url' | 'openUrl'>): string {
  return `${secretCookieName(Number(new URL(host.url).port))}=${hostSecret(host)}`;
}

/** A loopback port free right now (for a callback that must be registered before it listens). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
