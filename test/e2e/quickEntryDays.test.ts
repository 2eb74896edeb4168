// Quick entry for another day, in Chromium against the real service: "yesterday 9:00-10:30
// @Website x" previews the day it logs to, Enter logs it there (the service holds it on
// yesterday's date), the message names the day; a 300-character project name is refused where it
// is typed, with the text kept and nothing queued. The same app then exports the two days to CSV
// from the week view's form, into the Downloads folder it was given. A pasted day is previewed
// line by line, its bad line refused at the line and kept to be fixed, and every good line lands once.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, formatDay } from '../../common/dayWords';
import { localDate } from '../../common/format';
import { collect, type ServiceApi } from '../../main/api/types';
import { explained, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

describe('quick entry for another day', () => {
  it('previews and logs "yesterday 9:00-10:30" to yesterday; refuses a 300-character project name in place', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const today = localDate(Date.now());
      const yesterday = addDays(today, -1);
      const website = await api.createProject({ name: 'Website' });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => stack.account.core.getSnapshot().projects.map((p) => p.name)).toEqual(['Website']);

      // Its label names the day the line logs to: yesterday here.
      const box = page.getByRole('combobox', { name: /^Log time for / });
      await box.fill('yesterday 9:00-10:30 @Website x');
      const day = `yesterday (${formatDay(yesterday, today)})`;
      await expect.poll(() => page.getByTestId('preview-day').textContent()).toBe(day);
      expect(await page.getByTestId('preview-time').textContent()).toBe('1:30');
      expect(await page.getByTestId('preview-project').textContent()).toBe('Website');
      await page.screenshot({ path: join('artifacts', 'e2e-quick-entry-yesterday.png'), fullPage: true });
      await box.press('Enter');
      await expect.poll(() => page.getByTestId('quick-done').textContent()).toBe(`Logged 1:30 on Website ${day}.`);
      expect(await box.inputValue()).toBe('');

      await expect.poll(() => stack.account.core.getSnapshot().outbox.pending, { timeout: 10_000 }).toBe(0);
      const logged = await collect(api.listEntries({ from: yesterday, to: today }));
      expect(logged.map((e) => [e.date, e.minutes, e.project?.id, e.description])).toEqual([
        [yesterday, 90, website.id, 'x'],
      ]);
      // Not today's: today's list stays empty.
      expect(await page.getByTestId('today-entry').count()).toBe(0);

      const long = `1:00 @${'n'.repeat(300)} x`;
      await box.fill(long);
      await expect
        .poll(() => page.getByTestId('quick-preview').textContent())
        .toBe('A project name can be at most 255 characters; this one has 300.');
      await box.press('Enter');
      await expect
        .poll(() => page.getByTestId('quick-error').textContent())
        .toBe('A project name can be at most 255 characters; this one has 300.');
      expect(await box.inputValue()).toBe(long);
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByTestId('quick-done').count()).toBe(0);
      expect(stack.account.core.getSnapshot().outbox).toEqual({ pending: 0, failed: [] });
    });
    expect(problems).toEqual([]);
  });

  it("exports a day to CSV from the week view: the file in Downloads has its entry, hours in the user's format", async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      // Its own entry on a day no other test of the file logs to: the test stands alone.
      const day = addDays(localDate(Date.now()), -3);
      const project = await api.createProject({ name: 'Exported' });
      await api.createEntry({ date: day, minutes: 90, project_id: project.id, description: 'x' });
      await page.getByRole('link', { name: 'Week' }).click();
      const form = page.getByRole('form', { name: 'Export to CSV' });
      await form.getByLabel('From').fill(day);
      await form.getByLabel('To').fill(day);
      await form.getByRole('button', { name: 'Export' }).click();
      const path = join(stack.dataDir, 'Downloads', `stint-${day}-to-${day}.csv`);
      await expect.poll(() => form.getByRole('status').textContent()).toBe(`Saved 1 entry to ${path}`);
      // Hours in the user's own format (hours and minutes, the service's default).
      expect(readFileSync(path, 'utf8')).toBe(
        `date,minutes,hours,project,tags,billable,description,approved,invoiced\r\n${day},90,1:30,Exported,,true,x,,\r\n`,
      );
    });
    expect(problems).toEqual([]);
  });

  it('a pasted day: each line previewed or refused at its line, the good ones logged once', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const today = localDate(Date.now());
      const box = page.getByRole('combobox', { name: 'Log time for today' });
      await expect.poll(() => stack.account.core.getSnapshot().projects.map((p) => p.name)).toContain('Website');
      // The clipboard as the browser hands it to the box: a paste event carrying the lines.
      await box.focus();
      await box.evaluate((input, text) => {
        // The page's own DOM classes (this file type-checks without the DOM's types).
        const page = globalThis as any;
        const data = new page.DataTransfer();
        data.setData('text/plain', text);
        input.dispatchEvent(new page.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, '0:30 @Website pasted standup\nxx @Website pasted typo\n0:45 @Website pasted review');
      await expect.poll(() => page.getByTestId('paste-line').count()).toBe(3);
      expect(await page.getByTestId('paste-line-error').textContent()).toContain('“xx” is not a time');
      await page.getByRole('button', { name: 'Log 2 entries (1:15)' }).click();
      await expect.poll(() => page.getByTestId('paste-lines').inputValue()).toBe('xx @Website pasted typo');
      await page.getByTestId('paste-lines').fill('0:15 @Website pasted typo');
      await page.getByRole('button', { name: 'Log 1 entry (0:15)' }).click();
      await expect.poll(() => page.getByTestId('quick-done').textContent()).toBe('Logged 1 entry, 0:15 in all.');

      await expect.poll(() => stack.account.core.getSnapshot().outbox.pending, { timeout: 10_000 }).toBe(0);
      const pasted = (await collect(api.listEntries({ from: today, to: today })))
        .filter((e) => e.description?.startsWith('pasted'))
        .map((e) => [e.description, e.minutes])
        .sort();
      expect(pasted).toEqual([
        ['pasted review', 45],
        ['pasted standup', 30],
        ['pasted typo', 15],
      ]);
    });
    expect(problems).toEqual([]);
  });
});
