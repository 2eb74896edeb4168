// Two accounts in Chromium, the second ("Work", a second local service behind the fault proxy)
// stopped: what was logged on it offline, and what it last read, stay in the window across a
// switch to "This computer" and back (issue 27 item 1). The header never says Synced before a read
// of this open has landed and says how old what it shows is; the durations keep the user's format,
// the week its last read, the paused timer can be resumed; once Work answers again no total drops.
// And a running timer on either account shows while the other one is open (item 17).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../common/dispatch';
import { localDate } from '../../common/format';
import type { Result } from '../../common/result';
import type { Snapshot } from '../../common/snapshot';
import { createServiceApi } from '../../main/api/client';
import type { ServiceApi } from '../../main/api/types';
import { openStintApp, type StintApp } from '../../main/core/accounts/app';
import { createSessionSecrets } from '../../platform/keychain';
import { startService, type RunningService } from '../../service';
import { startWebHost, type WebHost } from '../../web/host';
import { startFaultProxy, type FaultProxy } from '../support/faultProxy';
import { CHROMIUM } from './support';

let dir: string;
let service: RunningService;
let proxy: FaultProxy;
let work: ServiceApi;
let app: StintApp;
let host: WebHost;
let browser: Browser;
let workId: string;
let clientX: number;

const call = (channel: string, request: unknown) => dispatch(app.handlers, channel, request) as Promise<Result<any>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stint-e2e-offline-account-'));
  service = await startService({ dataDir: join(dir, 'work'), rateLimit: 0 });
  proxy = await startFaultProxy(service.url);
  work = createServiceApi({
    baseUrl: service.url,
    credentials: { kind: 'personal', token: service.token },
    rateLimit: 0,
  });
  // The user reads durations in fractions of an hour, and has 1.50 logged today and a paused timer.
  await work.updateCurrentUser({ time_format: 'fraction' });
  clientX = (await work.createProject({ name: 'ClientX' })).id;
  await work.createEntry({ date: localDate(Date.now()), minutes: 90, project_id: clientX, description: 'stored line' });
  await work.startTimer(clientX, { description: 'design' });
  await work.pauseTimer(clientX);

  app = await openStintApp({ dataDir: join(dir, 'app'), secrets: createSessionSecrets(), remote: { rateLimit: 0 } });
  const added = await call('addAccountWithToken', { baseUrl: proxy.url, token: service.token, label: 'Work' });
  if (!added.ok) throw new Error(added.error.message);
  workId = added.value.accountId;
  host = await startWebHost({ app });
  browser = await chromium.launch(CHROMIUM);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await app?.stop();
  await proxy?.close();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 480, height: 900 } });
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(host.openUrl);
  return { page, problems };
}

/** Every state the header's status takes from now on, recorded in the page. */
async function recordStatusStates(page: Page): Promise<() => Promise<string[]>> {
  type Page_ = {
    document: { querySelector(s: string): { getAttribute(n: string): string | null } | null; body: unknown };
    MutationObserver: new (cb: () => void) => { observe(node: unknown, options: object): void };
    stintStates: string[];
  };
  await page.evaluate(() => {
    const w = globalThis as unknown as Page_;
    w.stintStates = [];
    const note = () => {
      const state = w.document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-state');
      const account = (w.document.querySelector('select[aria-label="Account"]') as unknown as { value: string } | null)
        ?.value;
      const seen = `${account}:${state}`;
      if (state && w.stintStates.at(-1) !== seen) w.stintStates.push(seen);
    };
    new w.MutationObserver(note).observe(w.document.body, { subtree: true, attributes: true, childList: true });
  });
  return () => page.evaluate(() => (globalThis as unknown as Page_).stintStates);
}

const status = (page: Page) => page.getByTestId('sync-status');
const switchTo = async (page: Page, label: string, id: string) => {
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label });
  await expect.poll(() => app.getSnapshot().account.id).toBe(id);
};

describe('an offline account after a switch', () => {
  it('shows its last read with the unsent line, says how old it is, never Synced, and drops no total when back', async () => {
    expect(await call('setDefaultAccount', { accountId: workId })).toEqual({ ok: true, value: null });
    const { page, problems } = await openPage();
    try {
      await expect.poll(() => status(page).getAttribute('data-state')).toBe('online');
      await expect.poll(() => page.getByTestId('today-total').textContent()).toBe('1.50');

      // Work's service stops answering; one line logged on it waits in the outbox.
      proxy.chaos({ seed: 1, rate: 1, weights: { 'reset-before': 1 } });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => status(page).getAttribute('data-state')).toBe('offline');
      const box = page.getByRole('combobox', { name: 'Log time for today' });
      await box.fill('1.5 @ClientX offline line');
      await box.press('Enter');
      await expect.poll(() => page.getByTestId('today-entry').count()).toBe(2);

      await switchTo(page, 'This computer', 'local');
      await expect.poll(() => page.getByTestId('today-total').textContent()).toBe('0:00');
      const states = await recordStatusStates(page);
      await switchTo(page, 'Work', workId);

      // At once: what Work last read, with the line not sent yet, in the user's format.
      await expect.poll(() => page.getByTestId('today-total').textContent()).toBe('3.00');
      expect(await page.getByTestId('today-entry').count()).toBe(2);
      await expect
        .poll(() => status(page).textContent())
        .toMatch(/^Offline · 1 waiting · last read \d?\d:\d\d( [AP]M)?$/);
      // Work's states, from the moment the switch back showed it: never Synced, nor sending.
      const workStates = (await states()).filter((seen) => seen.startsWith(`${workId}:`));
      expect(workStates).not.toContain(`${workId}:online`);
      expect(workStates).not.toContain(`${workId}:syncing`);
      const timer = page.locator('[data-testid="timer"][data-project="ClientX"]');
      expect(await timer.getAttribute('data-state')).toBe('paused');
      expect(app.getSnapshot().week).toMatchObject({ loaded: true, stale: true, totalMinutes: 180 });
      await page.getByRole('link', { name: 'Week' }).click();
      await expect.poll(() => page.getByTestId('week').textContent()).toContain('Offline: as last read');
      await page.goBack();

      // The paused timer resumes (the change waits too).
      await page.getByRole('button', { name: 'Resume ClientX' }).click();
      await expect.poll(() => timer.getAttribute('data-state')).toBe('running');

      // Work answers again: everything is sent, and no total drops on the way.
      const totals: number[] = [];
      const record = (s: Snapshot) => {
        if (s.account.id === workId) totals.push(s.today.totalMinutes, s.week.totalMinutes);
      };
      const unsubscribe = app.subscribe(record);
      proxy.heal();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => status(page).getAttribute('data-state'), { timeout: 20_000 }).toBe('online');
      unsubscribe();
      expect(totals.filter((minutes) => minutes < 180)).toEqual([]);
      expect(await page.getByTestId('today-total').textContent()).toBe('3.00');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      await work.pauseTimer(clientX).catch(() => {});
    }
  });
});

describe("other accounts' running timers", () => {
  it('shows a running timer of either account while the other one is open', async () => {
    const { page, problems } = await openPage();
    try {
      await switchTo(page, 'This computer', 'local');
      expect(await call('createProject', { name: 'Home chores' })).toMatchObject({ ok: true });
      const home = () => app.getSnapshot().projects.find((p) => p.name === 'Home chores' && p.id > 0);
      await expect.poll(() => home()?.id ?? null).not.toBeNull();
      expect(await call('startTimer', { projectId: home()!.id })).toMatchObject({ ok: true });
      await expect
        .poll(() =>
          app
            .getSnapshot()
            .timers.some((t) => t.projectName === 'Home chores' && t.state === 'running' && t.status.state === 'sent'),
        )
        .toBe(true);

      const line = page.getByTestId('other-account-timer');
      await switchTo(page, 'Work', workId);
      await expect.poll(() => line.textContent()).toContain('Home chores is running on This computer');

      // And the other way round: Work's own timer, started elsewhere, while this computer is open.
      await work.startTimer(clientX);
      await page.getByRole('button', { name: 'Switch to This computer' }).click();
      await expect.poll(() => app.getSnapshot().account.id).toBe('local');
      await expect.poll(() => line.textContent()).toContain('ClientX is running on Work');
      expect(await line.count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      await work.pauseTimer(clientX).catch(() => {});
    }
  });
});
