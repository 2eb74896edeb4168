// The week view in Chromium against the real core and the real local service: opened from the
// window's header, a week back by keyboard, a day opened to its entries, an entry moved to another
// day (on the service too), deleted and taken back with Undo, and continued as a running timer.

import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import { collect, type ServiceApi } from '../../main/api/types';
import { addDays, weekOf } from '../../common/week';
import { explained, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

describe('the week view', () => {
  it('goes back a week, moves an entry to another day, deletes it with undo, and continues it', async () => {
    const today = localDate(Date.now());
    const lastWeek = weekOf(addDays(weekOf(today, 'monday').start, -7), 'monday');
    const monday = lastWeek.start;
    const tuesday = addDays(monday, 1);
    const website = await api.createProject({ name: 'Website' });
    await api.createEntry({ date: today, minutes: 30, project_id: website.id, description: 'standup' });
    const old = await api.createEntry({ date: monday, minutes: 60, project_id: website.id, description: 'planning' });

    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      // Made behind core's back after it started: read them.
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByTestId('today-entry').waitFor();
      await page.getByRole('link', { name: 'Week' }).click();
      const week = page.getByTestId('week');
      await week.waitFor();
      await expect.poll(() => page.getByTestId('week-total').textContent()).toBe('0:30');

      // A week back by keyboard, from a button in the view.
      await page.getByRole('button', { name: 'Next week →' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => page.getByTestId('week-total').textContent()).toBe('1:00');
      const day = (date: string) => page.getByTestId('week-day').and(page.locator(`[data-date="${date}"]`));
      await day(monday).getByRole('button', { expanded: false }).click();
      const row = page.getByTestId('week-entry').filter({ hasText: 'planning' });
      await row.waitFor();

      // Moved to Tuesday: it leaves Monday, and the service has it on Tuesday.
      await row.getByRole('button', { name: 'Edit 1:00 Website planning' }).click();
      const form = page.getByTestId('edit-entry');
      await form.getByLabel('Date').fill(tuesday);
      await form.getByLabel('Date').press('Enter');
      await form.waitFor({ state: 'detached' });
      await expect.poll(() => day(monday).getByTestId('week-entry').count()).toBe(0);
      await expect.poll(async () => (await api.getEntry(old.id)).date, { timeout: 10_000 }).toBe(tuesday);
      await day(tuesday).getByRole('button', { expanded: false }).click();
      await row.waitFor();

      // Deleted, then taken back within the grace: it stays on the service.
      await row.getByRole('button', { name: 'Delete 1:00 Website planning' }).click();
      await expect.poll(() => row.count()).toBe(0);
      await page.getByRole('button', { name: 'Undo: Deleted 1:00 on Website: planning' }).click();
      await row.waitFor();

      // Continue: Website's timer runs with the entry's note.
      await row.getByRole('button', { name: 'Continue 1:00 Website planning' }).click();
      await expect
        .poll(
          async () => (await collect(api.listTimers({ projects: [website.id] }))).map((t) => [t.state, t.description]),
          {
            timeout: 10_000,
          },
        )
        .toEqual([['running', 'planning']]);
      expect((await api.getEntry(old.id)).date).toBe(tuesday);

      // T: back to this week, where today's total counts the running timer.
      await page.getByRole('button', { name: '← Previous week' }).focus();
      await page.keyboard.press('t');
      await expect.poll(() => page.getByTestId('week-total').textContent()).toBe('0:30');
      await expect.poll(() => page.getByTestId('week-today-total').textContent()).toBe('0:30');
    });
    expect(problems).toEqual([]);
  });
});
