// The window's header with two accounts, in Chromium against the real app (the embedded account and
// a second real service as a remote one): at 360, 420 and 1280 px its parts (the name, the account
// switcher, the status, Refresh, the links; the name only where it is shown) never lie over one another, and an account given a name
// in Settings › Accounts, from the keyboard, goes by it in the switcher and in Settings.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../common/dispatch';
import type { Result } from '../../common/result';
import { openStintApp, type StintApp } from '../../main/core/accounts/app';
import { createSessionSecrets } from '../../platform/keychain';
import { startService, type RunningService } from '../../service';
import { startWebHost, type WebHost } from '../../web/host';
import { axeViolations } from './axe';
import { CHROMIUM } from './support';

const TOKEN = 'header-test-token-0123456789';
const WIDTHS = [360, 420, 1280];

let serviceDir: string;
let appDir: string;
let work: RunningService;
let app: StintApp;
let host: WebHost;
let browser: Browser;
let workId: string;

beforeAll(async () => {
  serviceDir = mkdtempSync(join(tmpdir(), 'stint-e2e-header-service-'));
  appDir = mkdtempSync(join(tmpdir(), 'stint-e2e-header-app-'));
  work = await startService({ dataDir: serviceDir, rateLimit: 0, token: TOKEN });
  app = await openStintApp({ dataDir: appDir, secrets: createSessionSecrets(), remote: { rateLimit: 0 } });
  // Added without a name: it goes by its user at its address, as the local one's user does.
  const added = (await dispatch(app.handlers, 'addAccountWithToken', { baseUrl: work.url, token: TOKEN })) as Result<{
    accountId: string;
  }>;
  if (!added.ok) throw new Error(added.error.message);
  workId = added.value.accountId;
  host = await startWebHost({ app });
  browser = await chromium.launch(CHROMIUM);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await app?.stop();
  await work?.close();
  rmSync(serviceDir, { recursive: true, force: true });
  rmSync(appDir, { recursive: true, force: true });
});

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The header's parts as laid out: each one's box, named. */
async function headerBoxes(page: Page): Promise<Box[]> {
  const bar = page.locator('header.bar');
  const parts = [
    ['name', bar.getByRole('heading', { name: 'Stint' })],
    ['account switcher', bar.getByTestId('account-switcher')],
    ['status', bar.getByTestId('sync-status')],
    ['Refresh', bar.getByRole('button', { name: 'Refresh' })],
    ['Week', bar.getByRole('link', { name: 'Week' })],
    ['Activity', bar.getByRole('link', { name: 'Activity' })],
    ['Settings', bar.getByRole('link', { name: 'Settings' })],
  ] as const;
  const boxes: Box[] = [];
  for (const [name, locator] of parts) {
    const box = await locator.boundingBox();
    if (!box) throw new Error(`the header's ${name} is not shown`);
    // The name is there for screen readers only in a popover-sized window: it takes no room.
    if (name === 'name' && box.width <= 1) continue;
    boxes.push({ name, ...box });
  }
  return boxes;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every pair of the header's parts that lie over one another, and every part past the window's edge. */
async function headerProblems(page: Page, width: number): Promise<string[]> {
  const boxes = await headerBoxes(page);
  const problems: string[] = [];
  for (const [i, a] of boxes.entries()) {
    if (a.x < 0 || a.x + a.width > width) problems.push(`${width} px: ${a.name} is past the window's edge`);
    for (const b of boxes.slice(i + 1)) if (overlap(a, b)) problems.push(`${width} px: ${a.name} lies over ${b.name}`);
  }
  return problems;
}

/** The switcher's choices as the user reads them. */
const choices = (page: Page) => page.getByTestId('account-switcher').locator('option').allTextContents();

describe('the header with two accounts', () => {
  it('lays its parts side by side at 360, 420 and 1280 px, and shows the name given to an account', async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 420, height: 640 } });
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    await page.goto(host.openUrl);
    await page.getByTestId('account-switcher').waitFor();
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 640 });
      problems.push(...(await headerProblems(page, width)));
    }
    expect(problems).toEqual([]);

    // The remote account is named from Settings › Accounts, by keyboard only.
    await page.getByRole('link', { name: 'Settings' }).press('Enter');
    const row = page.locator(`[data-testid="account"][data-account-id="${workId}"]`);
    await row.getByRole('button', { name: /^Rename / }).press('Enter');
    const field = row.getByRole('textbox', { name: 'Account name' });
    await field.fill('Work');
    await field.press('Enter');
    await expect.poll(() => row.locator('.settings-account-label').textContent()).toBe('Work');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Back to Stint' }).click();
    await page.getByTestId('account-switcher').waitFor();
    await expect.poll(() => choices(page)).toEqual(['This computer', 'Work']);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 640 });
      problems.push(...(await headerProblems(page, width)));
    }
    expect(problems).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the open account’s whole name in its menu at 360 and 420 px, and names it in the tooltip', async () => {
    const renamed = await dispatch(app.handlers, 'renameAccount', {
      accountId: workId,
      label: 'Acme Corporation International',
    });
    expect((renamed as Result<null>).ok).toBe(true);
    const opened = await dispatch(app.handlers, 'setDefaultAccount', { accountId: workId });
    expect((opened as Result<null>).ok).toBe(true);
    const context = await browser.newContext({ viewport: { width: 420, height: 640 } });
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    await page.goto(host.openUrl);
    const menu = page.getByTestId('account-switcher');
    await expect.poll(() => menu.evaluate((s) => (s as unknown as { value: string }).value)).toBe(workId);
    const cut: string[] = [];
    const problemsAt: string[] = [];
    for (const width of [360, 420]) {
      await page.setViewportSize({ width, height: 640 });
      // The menu as wide as it would be with no room given to it: its longest name, whole.
      const [shown, needed] = await menu.evaluate((s) => {
        type El = { clientWidth: number; cloneNode(deep: boolean): El; style: Record<string, string>; remove(): void };
        const doc = (globalThis as unknown as { document: { body: { append(n: El): void } } }).document;
        const select = s as unknown as El;
        const free = select.cloneNode(true);
        Object.assign(free.style, { position: 'absolute', width: 'auto', maxWidth: 'none' });
        doc.body.append(free);
        const widths = [select.clientWidth, free.clientWidth];
        free.remove();
        return widths;
      });
      if (shown < needed) cut.push(`${width} px: ${shown} of ${needed} px`);
      problemsAt.push(...(await headerProblems(page, width)));
    }
    expect(cut).toEqual([]);
    expect(problemsAt).toEqual([]);
    expect(await menu.getAttribute('title')).toMatch(/^Acme Corporation/);
    await dispatch(app.handlers, 'setDefaultAccount', { accountId: 'local' });
    await context.close();
  });

  it('asks "Use … now?" where the user is once an account is added, then goes on from that account (issue 27 item 15)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stint-e2e-header-client-'));
    const client = await startService({ dataDir: dir, rateLimit: 0, token: 'client-token-0123456789' });
    const context = await browser.newContext({ viewport: { width: 420, height: 640 } });
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    try {
      await page.goto(host.openUrl);
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByTestId('add-account-baseUrl').fill(client.url);
      await page.getByLabel('With a personal token').check();
      await page.getByTestId('add-account-token').fill('client-token-0123456789');
      await page.getByRole('button', { name: 'Add account' }).press('Enter');
      const question = page.getByTestId('use-now');
      await question.waitFor({ timeout: 15_000 });
      await expect.poll(() => focusedText(page)).toBe('Switch');
      expect(
        await question.evaluate((q) => {
          const box = (
            q as unknown as { getBoundingClientRect(): { top: number; bottom: number } }
          ).getBoundingClientRect();
          return box.top >= 0 && box.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight;
        }),
      ).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'detached' });
      const added = page.locator('[data-testid="account"]').last();
      await expect
        .poll(() =>
          added.evaluate((row) =>
            row.contains((globalThis as unknown as { document: { activeElement: never } }).document.activeElement),
          ),
        )
        .toBe(true);
    } finally {
      await context.close();
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The text of the control that has the focus. */
const focusedText = (page: Page) =>
  page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { activeElement: { textContent: string } | null } }
      ).document.activeElement?.textContent?.trim() ?? null,
  );
