// The window by keyboard in Chromium against the real core and the real local service: the week's
// ←, → and T work at once after the Week link is clicked (the focus still on the link) and on
// every press, and "/" focuses quick entry from anywhere in the window, the week and Activity views included.

import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import { addDays, weekOf } from '../../common/week';
import { weekLabel } from '../../renderer/components/week/days';
import { elsewhere, explained, focusedAttribute, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
stackForFile((shared) => ({ stack } = shared));

describe('the window by keyboard', () => {
  it('moves through weeks by ←, → and T at once and again and again; "/" focuses quick entry', async () => {
    const start = weekOf(localDate(Date.now()), 'monday').start;
    const label = (weeks: number) => weekLabel(addDays(start, 7 * weeks), addDays(start, 7 * weeks + 6));
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      await page.getByRole('link', { name: 'Week' }).click();
      const range = page.getByTestId('week').locator('.week-range');
      await expect.poll(() => range.textContent()).toBe(label(0));

      // The focus is still on the header's link: the keys work anyway, and on every press.
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => range.textContent()).toBe(label(-1));
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => range.textContent()).toBe(label(-2));
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => range.textContent()).toBe(label(-1));
      await page.keyboard.press('t');
      await expect.poll(() => range.textContent()).toBe(label(0));

      // A button clicked (the focus on it, and it is disabled while this week shows): still the keys work.
      await page.getByRole('button', { name: '← Previous week' }).click();
      await expect.poll(() => range.textContent()).toBe(label(-1));
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => range.textContent()).toBe(label(-2));

      // "/" from the week view: back to the main view, the focus in quick entry, where "/" is text.
      await page.keyboard.press('/');
      await expect.poll(() => focusedAttribute(page, 'id')).toBe('quick-input');
      await page.keyboard.type('0:15 /x');
      expect(await page.getByTestId('quick-input').inputValue()).toBe('0:15 /x');

      // From a link in the main view too, and from the Activity view.
      await page.getByRole('link', { name: 'Settings' }).focus();
      await page.keyboard.press('/');
      await expect.poll(() => focusedAttribute(page, 'id')).toBe('quick-input');
      await page.getByRole('link', { name: 'Activity' }).click();
      await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
      await page.keyboard.press('/');
      await expect.poll(() => focusedAttribute(page, 'id')).toBe('quick-input');
    });
    expect(problems).toEqual([]);
  });

  it('puts the focus on the next sensible control after each action, never on the page (issue 27 item 15)', async () => {
    const api = elsewhere(stack);
    const project = await api.createProject({ name: 'Focus' });
    const today = localDate(Date.now());
    await api.createEntry({ date: today, minutes: 30, project_id: project.id, description: 'call client' });
    await api.createEntry({ date: today, minutes: 15, project_id: project.id, description: 'to move' });
    await api.startTimer(project.id, { description: 'write report' });
    await api.addOrSubtractTime(project.id, { seconds: 600 });
    await api.pauseTimer(project.id);
    const { page, problems } = await openApp(stack);
    type Doc = { document: { activeElement: { tagName: string; textContent: string } | null } };
    const focused = () =>
      page.evaluate(() => {
        const e = (globalThis as unknown as Doc).document.activeElement;
        return e ? `${e.tagName}: ${e.textContent.trim()}` : 'nothing';
      });
    await explained(stack, page, async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const row = (note: string) => page.getByTestId('today-entry').filter({ hasText: note });
      await row('to move').waitFor();

      // Continue's question, answered "Log that time first": back on Continue.
      await row('call client')
        .getByRole('button', { name: /^Continue / })
        .press('Enter');
      await page.getByRole('button', { name: 'Log that time first' }).press('Enter');
      await page.getByTestId('time-so-far-question').waitFor({ state: 'detached' });
      await expect.poll(() => focusedAttribute(page, 'aria-label')).toBe('Continue 0:30 Focus call client');

      // An edit saved onto another day: the row leaves Today, the focus goes to where it went.
      await row('to move')
        .getByRole('button', { name: /^Edit / })
        .press('Enter');
      await page.getByTestId('edit-entry').getByLabel('Date').fill('yesterday');
      await page.getByTestId('edit-entry').getByLabel('Date').press('Enter');
      await expect.poll(focused).toMatch(/^P: Moved to /);

      // A delete undone: the focus goes to the entry that came back.
      await row('call client')
        .getByRole('button', { name: /^Delete / })
        .press('Enter');
      await page.getByRole('button', { name: /^Undo: Deleted / }).waitFor();
      await expect.poll(() => focusedAttribute(page, 'aria-label')).toMatch(/^Undo: Deleted /);
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedAttribute(page, 'aria-label')).toBe('Edit 0:30 Focus call client');
    });
    expect(problems).toEqual([]);
  });
});
