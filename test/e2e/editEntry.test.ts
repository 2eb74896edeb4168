// Editing one of today's entries in the window, by keyboard, against the real service: Edit opens
// an inline form on the entry with its values, a time that does not parse is refused at the time
// field with what was typed kept, Escape leaves the entry as it was, and a saved edit shows at
// once and is what the service then holds, on the same entry.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import { collect, type ServiceApi } from '../../main/api/types';
import { explained, focusedAttribute, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

describe("editing one of today's entries in the window", () => {
  it('by keyboard: a bad time is refused at its field, Escape cancels, a saved edit reaches the service', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const date = localDate(Date.now());
      const website = await api.createProject({ name: 'Website' });
      const backend = await api.createProject({ name: 'Backend' });
      const entry = await api.createEntry({
        date,
        minutes: 90,
        project_id: website.id,
        description: 'call with the client',
      });
      await page.getByRole('button', { name: 'Refresh' }).click();
      const row = page.getByTestId('today-entry').filter({ hasText: 'call with the client' });
      await row.waitFor();
      await expect
        .poll(() => stack.account.core.getSnapshot().projects.map((p) => p.name))
        .toEqual(['Backend', 'Website']);

      const edit = row.getByRole('button', { name: 'Edit 1:30 Website call with the client' });
      await edit.focus();
      await page.keyboard.press('Enter');
      const form = page.getByRole('form', { name: 'Edit entry: 1:30 Website call with the client' });
      const time = form.getByLabel('Time');
      await expect.poll(() => focusedAttribute(page, 'name')).toBe('time');
      expect(await time.inputValue()).toBe('1:30');
      expect(await form.getByLabel('Project', { exact: true }).inputValue()).toBe('Website');
      expect(await form.getByLabel('Description').inputValue()).toBe('call with the client');

      // A time that does not parse: refused at the time field, and what was typed stays.
      await page.keyboard.press('Control+A');
      await page.keyboard.type('soon');
      await page.keyboard.press('Enter');
      const timeError = form.getByTestId('edit-error-time');
      await expect.poll(() => timeError.textContent()).toContain('“soon” is not a time');
      expect(await time.inputValue()).toBe('soon');
      expect(await time.getAttribute('aria-invalid')).toBe('true');
      expect((await time.getAttribute('aria-describedby'))?.split(' ')).toContain(await timeError.getAttribute('id'));
      expect(stack.account.core.getSnapshot().outbox.pending).toBe(0);
      await page.screenshot({ path: join('artifacts', 'e2e-entry-edit-error.png'), fullPage: true });

      // Escape leaves the entry as it was, back on its Edit button.
      await page.keyboard.press('Escape');
      await expect.poll(() => form.count()).toBe(0);
      await expect.poll(() => focusedAttribute(page, 'aria-label')).toBe('Edit 1:30 Website call with the client');
      expect(await row.getByTestId('entry-minutes').textContent()).toBe('1:30');

      // Again, by keyboard only: two hours, on Backend, a new description with a tag; Enter saves.
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedAttribute(page, 'name')).toBe('time');
      expect(await time.inputValue()).toBe('1:30');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2h');
      await page.keyboard.press('Tab');
      expect(await focusedAttribute(page, 'name')).toBe('project');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Backend');
      await page.keyboard.press('Tab');
      expect(await focusedAttribute(page, 'name')).toBe('description');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('call and follow-up #sales');
      await page.keyboard.press('Enter');

      await expect.poll(() => form.count()).toBe(0);
      const edited = page.getByTestId('today-entry').filter({ hasText: 'call and follow-up #sales' });
      expect(await edited.getByTestId('entry-minutes').textContent()).toBe('2:00');
      expect(await edited.getAttribute('data-project')).toBe('Backend');
      await expect.poll(() => focusedAttribute(page, 'aria-label')).toBe('Edit 2:00 Backend call and follow-up #sales');

      await expect.poll(() => stack.account.core.getSnapshot().outbox.pending, { timeout: 10_000 }).toBe(0);
      const entries = await collect(api.listEntries({ from: date, to: date }));
      expect(entries.map((e) => [e.id, e.minutes, e.project?.id, e.description, e.tags.map((t) => t.name)])).toEqual([
        [entry.id, 120, backend.id, 'call and follow-up #sales', ['sales']],
      ]);
      await expect.poll(() => edited.textContent()).not.toContain('saved here');
      expect(stack.account.core.getSnapshot().outbox.failed).toEqual([]);
      await page.screenshot({ path: join('artifacts', 'e2e-entry-edit-saved.png'), fullPage: true });
    });
    expect(problems).toEqual([]);
  });
});
