// A timer changed in place, in Chromium against the real core and the real local service: five
// minutes added to a running timer, its note changed, the log's rounding shown before logging,
// and the log undone, the timer running on as it was.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { elsewhere, explained, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
stackForFile((shared) => ({ stack } = shared));

const timer = (page: Page, project: string) => page.locator(`[data-testid="timer"][data-project="${project}"]`);
const seconds = async (page: Page, project: string) =>
  Number(await timer(page, project).getByTestId('timer-time').getAttribute('data-seconds'));

describe('a timer changed in place, in the browser', () => {
  it('adds 5 minutes, changes the note, shows the rounded log, logs and undoes the log', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const form = page.getByRole('form', { name: 'New timer' });
      await form.getByLabel('Project').fill('Homepage');
      await form.getByRole('button', { name: /start/i }).click();
      await expect.poll(() => timer(page, 'Homepage').getAttribute('data-state')).toBe('running');
      // The project is new: its id is a local one (negative) until its creation reaches the service.
      await expect.poll(() => stack.account.core.getSnapshot().timers[0]?.projectId ?? 0).toBeGreaterThan(0);
      const projectId = stack.account.core.getSnapshot().timers[0]!.projectId;
      const service = elsewhere(stack);

      // +5: shown at once, and on the service once it is sent.
      await page.getByRole('button', { name: 'Add 5 minutes to Homepage' }).click();
      await expect.poll(() => seconds(page, 'Homepage')).toBeGreaterThanOrEqual(300);
      await expect.poll(async () => (await service.getTimer(projectId)).seconds).toBeGreaterThanOrEqual(300);
      expect((await service.getTimer(projectId)).seconds).toBeLessThan(330);

      // The note: Enter saves it.
      await page.getByRole('button', { name: 'Add a note to Homepage' }).click();
      const note = page.getByRole('textbox', { name: 'Note of Homepage' });
      await note.fill('hero copy');
      await note.press('Enter');
      await expect.poll(() => timer(page, 'Homepage').getByTestId('timer-note').textContent()).toBe('hero copy');
      await expect.poll(async () => (await service.getTimer(projectId)).description).toBe('hero copy');

      // Before logging: what the entry will get, rounded up to the project's 15 minutes.
      expect(await timer(page, 'Homepage').getByTestId('log-preview').textContent()).toMatch(
        /^Log 0:15 \(0:0[56] rounded up to Homepage's 15 minutes\)$/,
      );

      // Logged: the undo line names the minutes the service will store; undone, the timer is back, running on.
      await page.getByRole('button', { name: 'Log Homepage' }).click();
      await expect.poll(() => timer(page, 'Homepage').count()).toBe(0);
      const undo = page.getByRole('button', { name: 'Undo: Logged 0:15 on Homepage' });
      await undo.click();
      await expect.poll(() => timer(page, 'Homepage').getAttribute('data-state')).toBe('running');
      expect(await seconds(page, 'Homepage')).toBeGreaterThanOrEqual(300);
      expect(await page.locator('[data-testid="today-entry"]').count()).toBe(0);
      expect((await service.getTimer(projectId)).state).toBe('running');
      expect(problems).toEqual([]);
    });
  });
});
