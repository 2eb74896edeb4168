// Without a keychain, in Chromium: a restart keeps the remote account "Work" (not its token), open
// on what it last read, and its row in Settings takes this session's token in place, after which
// Work reads and sends again (issue 27 item 18).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../common/dispatch';
import type { Result } from '../../common/result';
import { createServiceApi } from '../../main/api/client';
import { openStintApp, type StintApp } from '../../main/core/accounts/app';
import { startService, type RunningService } from '../../service';
import { startWebHost } from '../../web/host';
import { CHROMIUM } from './support';

let dir: string;
let service: RunningService;
let browser: Browser;
const apps: StintApp[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stint-e2e-keychainless-'));
  service = await startService({ dataDir: join(dir, 'work'), rateLimit: 0 });
  browser = await chromium.launch(CHROMIUM);
});

afterAll(async () => {
  for (const app of apps) await app.stop();
  await browser?.close();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The app as the web host runs it with --session-secrets: no keychain, secrets in memory for this run. */
async function start(): Promise<StintApp> {
  const app = await openStintApp({ dataDir: join(dir, 'app'), sessionOnly: true, remote: { rateLimit: 0 } });
  apps.push(app);
  return app;
}

const call = (app: StintApp, channel: string, request: unknown) =>
  dispatch(app.handlers, channel, request) as Promise<Result<any>>;

describe('a remote account without a keychain', () => {
  it('is kept across a restart, open on its last read, and takes this session’s token in its row', async () => {
    const work = createServiceApi({ baseUrl: service.url, credentials: { kind: 'personal', token: service.token } });
    await work.createProject({ name: 'ClientX' });
    const first = await start();
    const added = await call(first, 'addAccountWithToken', {
      baseUrl: service.url,
      token: service.token,
      label: 'Work',
    });
    if (!added.ok) throw new Error(added.error.message);
    expect(await call(first, 'setDefaultAccount', { accountId: added.value.accountId })).toMatchObject({ ok: true });
    await expect.poll(() => first.getSnapshot().projects.map((p) => p.name)).toContain('ClientX');
    await first.stop();

    const second = await start();
    const host = await startWebHost({ app: second });
    const page = await browser.newPage({ viewport: { width: 480, height: 900 } });
    page.setDefaultTimeout(10_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    try {
      await page.goto(host.openUrl);
      // Work is still the account shown, on what it last read.
      expect(await page.getByRole('combobox', { name: 'Account' }).inputValue()).toBe(added.value.accountId);
      expect(second.getSnapshot().projects.map((p) => p.name)).toContain('ClientX');

      await page.goto(`${host.openUrl}#settings`);
      const row = page.locator(`[data-testid="account"][data-account-id="${added.value.accountId}"]`);
      await expect.poll(() => row.getAttribute('data-state')).toBe('keychain-unavailable');
      expect(await row.textContent()).toContain('Paste a personal token');
      await row.getByLabel('Personal token for Work').fill(service.token);
      await row.getByRole('button', { name: 'Use token' }).click();
      await expect.poll(() => row.getAttribute('data-state')).toBe('ok');
      await expect.poll(() => second.getSnapshot().readSinceOpen && second.getSnapshot().online).toBe(true);
      expect(second.getSnapshot().account.id).toBe(added.value.accountId);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      await host.close();
    }
  });
});
