// A user who chose fractions of an hour on the service (time_format 'fraction', issue 22 item 9)
// reads them in Chromium wherever the window writes a duration: the timer card, Today and the
// week, against the real core and the real local service.

import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import type { ServiceApi } from '../../main/api/types';
import { explained, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

describe("the user's time format in the window", () => {
  it('shows a fraction user fractions on the timer card, in Today and in the week', async () => {
    await api.updateCurrentUser({ time_format: 'fraction' });
    const website = await api.createProject({ name: 'Website', billing_increment: 1 });
    await api.createEntry({ date: localDate(Date.now()), minutes: 90, project_id: website.id, description: 'call' });
    // A paused timer at 0:45, so its time holds still while it is read (the service adds time to a running one only).
    await api.startTimer(website.id);
    await api.addOrSubtractTime(website.id, { minutes: 45 });
    await api.pauseTimer(website.id);

    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      // Made behind core's back after it started: read them, and the user's format with them.
      await page.getByRole('button', { name: 'Refresh' }).click();
      const card = page.getByTestId('timer').filter({ hasText: 'Website' });
      await expect.poll(() => card.getByTestId('timer-time').textContent(), { timeout: 10_000 }).toBe('0.75');
      // A paused timer is one row: its Log is under More.
      await card.getByRole('button', { name: 'More for Website' }).click();
      expect(await card.getByTestId('log-button').textContent()).toBe('Log 0.75');
      expect(await page.getByTestId('today-total').textContent()).toBe('1.50');
      expect(await page.getByTestId('entry-minutes').textContent()).toBe('1.50');

      await page.getByRole('link', { name: 'Week' }).click();
      await page.getByTestId('week').waitFor();
      await expect.poll(() => page.getByTestId('week-total').textContent()).toBe('1.50');
      expect(await page.getByTestId('week-today-total').textContent()).toBe('1.50');
      const projects = page.getByTestId('week-projects').getByRole('row', { name: /Website/ });
      expect(await projects.getByRole('cell').allTextContents()).toEqual(['1.50', '0.00', '1.50']);
    });
    expect(problems).toEqual([]);
  });

  it('changes to fractions and a Sunday week in Settings: every view shows them at once, and the service has them (issue 27 item 9)', async () => {
    await api.updateCurrentUser({ time_format: 'hours_minutes', week_start: 'monday' });
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => page.getByTestId('today-total').textContent(), { timeout: 10_000 }).toBe('1:30');

      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('radio', { name: /^1\.50/ }).check();
      await page.getByRole('radio', { name: 'Sunday' }).check();
      await page.getByRole('link', { name: 'Back to Stint' }).click();
      await expect.poll(() => page.getByTestId('today-total').textContent()).toBe('1.50');
      expect(await page.getByTestId('entry-minutes').textContent()).toBe('1.50');
      const card = page.getByTestId('timer').filter({ hasText: 'Website' });
      expect(await card.getByTestId('timer-time').textContent()).toBe('0.75');

      await page.getByRole('link', { name: 'Week' }).click();
      await page.getByTestId('week').waitFor();
      // The week as the user now counts it: Sunday first.
      const first = () => page.getByTestId('week-day').first().getAttribute('data-date');
      await expect.poll(async () => new Date(`${await first()}T12:00:00Z`).getUTCDay()).toBe(0);
      await expect.poll(() => page.getByTestId('week-today-total').textContent()).toBe('1.50');

      // Sent through the outbox: the service has both.
      await expect
        .poll(async () => {
          const me = await api.getCurrentUser();
          return [me.time_format, me.week_start];
        })
        .toEqual(['fraction', 'Sunday']);
    });
    expect(problems).toEqual([]);
  });
});
