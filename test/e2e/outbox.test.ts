// Nothing is dropped silently: what the service refuses waits in the window for a retry or a
// discard, and what is done while the service is down is queued, shown as waiting, and sent
// when it is back. The real service is stopped and started again; nothing is faked.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { localDate } from '../../common/format';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../service';
import { elsewhere, explained, openApp, startStack, type Stack } from './support';

let stack: Stack;
let restarted: RunningService | null = null;
beforeAll(async () => {
  mkdirSync('artifacts', { recursive: true });
  stack = await startStack();
});
afterAll(async () => {
  await restarted?.close();
  await stack?.close();
});

const status = (page: Page) => page.getByTestId('sync-status');

describe('the outbox in the window', () => {
  it('starts a timer on a project another app made a moment ago; shows an operation the service refused, and retries or discards it on request', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      // Made behind core's back: creating it again from the window is refused as existing, and the
      // window's project resolves to that one by name (issue 22), so the timer starts on it.
      const launch = await elsewhere(stack).createProject({ name: 'Launch' });
      const form = page.getByRole('form', { name: 'New timer' });
      await form.getByLabel('Project').fill('Launch');
      await form.getByRole('button', { name: /start/i }).click();
      await expect
        .poll(() => stack.account.core.getSnapshot().timers.find((t) => t.projectName === 'Launch')?.projectId, {
          timeout: 10_000,
        })
        .toBe(launch.id);
      const failed = page.getByTestId('failed-operation');
      expect(await failed.count()).toBe(0);

      // Archived elsewhere, the project's timer cannot be started again: the service refuses the
      // resume, and the window shows it as an operation to retry or discard.
      await page.getByRole('button', { name: 'Pause Launch' }).click();
      await expect.poll(() => stack.account.core.getSnapshot().outbox.pending, { timeout: 10_000 }).toBe(0);
      // (A project without records is deleted, not archived: give it an entry first.)
      await elsewhere(stack).createEntry({ date: localDate(Date.now()), minutes: 15, project_id: launch.id });
      await elsewhere(stack).archiveProject(launch.id);
      await page.getByRole('button', { name: 'Resume Launch' }).click();
      const startRefused = failed.filter({ hasText: 'Launch' });
      await expect.poll(() => startRefused.count(), { timeout: 10_000 }).toBe(1);
      const refused = await failed.count();
      expect(await status(page).textContent()).toBe(`${refused} not saved`);
      await page.screenshot({ path: join('artifacts', 'e2e-outbox-failed.png'), fullPage: true });

      // Retrying asks the service again; it refuses again, and the operation stays to be dealt with.
      // The click reaches core over the bridge a moment later: wait to see the retry queued, then
      // settled, or the discards below could race it.
      let retried = false;
      const stop = stack.account.core.subscribe((s) => (retried ||= s.outbox.pending > 0));
      await startRefused.getByRole('button', { name: /^Retry/ }).click();
      await expect
        .poll(() => retried && stack.account.core.getSnapshot().outbox.pending === 0, { timeout: 10_000 })
        .toBe(true);
      stop();
      // The window shows it refused again once it has drawn the snapshot core holds: waited for, not
      // read at once (a loaded run read the list while the retried operation was being redrawn).
      await expect.poll(() => failed.count(), { timeout: 10_000 }).toBe(refused);

      while ((await failed.count()) > 0) {
        const before = await failed.count();
        await failed
          .first()
          .getByRole('button', { name: /^Discard/ })
          .click();
        await expect.poll(() => failed.count()).toBe(before - 1);
      }
      await expect.poll(() => page.getByTestId('failed-operations').count()).toBe(0);
      expect(await status(page).getAttribute('data-state')).toBe('online');
      expect(problems).toEqual([]);
    });
  });

  it('queues work while the service is down, shows it waiting, and sends it when it is back', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const { port, token } = stack.account.service;
      await stack.account.service.close();

      const box = page.getByRole('combobox', { name: 'Log time for today' });
      await box.fill('0:30 @Offline work notes');
      await box.press('Enter');
      const entry = page.locator('[data-testid="today-entry"][data-project="Offline"]');
      await expect.poll(() => entry.getByTestId('entry-minutes').textContent()).toBe('0:30');
      expect(await entry.textContent()).toContain('saved here');
      // Not "Logged" while nothing answers: saved here, to be sent.
      const said = page.getByTestId('quick-done');
      await expect.poll(() => said.textContent()).toMatch(/^Saved here · sends when .+ answers: 0:30 on Offline\.$/);
      await expect.poll(() => status(page).getAttribute('data-state'), { timeout: 10_000 }).toBe('offline');
      expect(await status(page).textContent()).toMatch(/Offline · \d+ waiting/);
      // Why, in words; the system's words (ECONNREFUSED) only behind Details.
      const why = page.getByTestId('connection-problem');
      expect(await why.locator('p').textContent()).toBe(
        `Cannot reach 127.0.0.1:${port}: nothing answers there. Stint keeps your changes and retries.`,
      );
      expect(await why.locator('code').isVisible()).toBe(false);
      await why.getByText('Details').click();
      expect(await why.locator('code').textContent()).toContain('ECONNREFUSED');
      await page.screenshot({ path: join('artifacts', 'e2e-outbox-offline.png'), fullPage: true });

      restarted = await startService({ dataDir: join(stack.dataDir, 'local-service'), token, rateLimit: 0, port });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => status(page).getAttribute('data-state'), { timeout: 10_000 }).toBe('online');
      expect(await page.getByTestId('connection-problem').count()).toBe(0);
      await expect.poll(() => entry.textContent()).not.toContain('saved here');
      await expect.poll(() => said.textContent()).toBe('Logged 0:30 on Offline.');
      expect(await page.getByTestId('failed-operations').count()).toBe(0);
      expect(problems).toEqual([]);
    });
  });
});
