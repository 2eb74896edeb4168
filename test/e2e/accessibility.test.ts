// axe-core over the window in each of its states, in the light and the dark theme: empty; a
// running timer with paused ones and today's entries; an entry's edit form with a refused time; a
// paused timer's row opened to its actions (More); a discard waiting for its undo; a notice; a failed change with its edit form open; the settings
// view (#settings), with a refused reminder time; the working-hours reminder's bar; the week view
// (#week) with a day open and an entry's edit form; and the Activity view (#activity). 0 violations.

import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import type { Settings } from '../../common/settings';
import type { ServiceApi } from '../../main/api/types';
import { must } from '../support/result';
import { axeViolations } from './axe';
import { ALL_DAY, outsideMidnight } from './reminderHours';
import { explained, pageTheme, type Stack, stackForFile } from './support';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

const THEMES: Array<Settings['theme']> = ['light', 'dark'];

/** The app in a page that lets axe's script in (bypassCSP: the check only, not the app's CSP). */
async function openForAxe(hash = '') {
  const context = await stack.browser.newContext({ bypassCSP: true, viewport: { width: 420, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(5_000);
  await page.goto(`${stack.host.openUrl}${hash}`);
  return { page, close: () => context.close() };
}

/** Checks the page in both themes; answers every violation, named by state and theme. */
async function check(state: string, page: Awaited<ReturnType<typeof openForAxe>>['page']): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    const saved = await stack.account.core.handlers.updateSettings({ theme });
    expect(saved.ok).toBe(true);
    await expect.poll(() => pageTheme(page)).toBe(theme);
    found.push(...(await axeViolations(page)).map((v) => `${state}, ${theme}: ${v}`));
  }
  return found;
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('has no violations in any state of the window, light or dark', async () => {
    const { page, close } = await openForAxe();
    const violations: string[] = [];
    await explained(stack, page, async () => {
      await page.getByTestId('timers').waitFor();
      violations.push(...(await check('empty', page)));

      const website = await api.createProject({ name: 'Website' });
      const backend = await api.createProject({ name: 'Backend' });
      const docs = await api.createProject({ name: 'Docs' });
      await api.startTimer(backend.id);
      await api.startTimer(docs.id);
      await api.startTimer(website.id);
      const today = localDate(Date.now());
      await api.createEntry({ date: today, minutes: 90, project_id: website.id, description: 'call with the client' });
      await api.createEntry({ date: today, minutes: 30, description: 'email' });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByTestId('today-entry').nth(1).waitFor();
      await expect.poll(() => page.getByTestId('timer').count()).toBe(3);
      violations.push(...(await check('running and paused timers, entries', page)));

      // One of today's entries being edited, a refusal shown at its field.
      await page.getByRole('button', { name: 'Edit 0:30 email' }).click();
      const entryForm = page.getByTestId('edit-entry');
      await entryForm.getByLabel('Time').fill('soon');
      await entryForm.getByLabel('Time').press('Enter');
      await entryForm.getByTestId('edit-error-time').waitFor();
      violations.push(...(await check("an entry's edit form with a refused time", page)));
      await entryForm.getByLabel('Time').press('Escape');
      await entryForm.waitFor({ state: 'detached' });

      // A paused timer's Discard is under its More: the open row is checked too.
      await page.getByRole('button', { name: 'More for Docs' }).click();
      violations.push(...(await check("a paused timer's actions open", page)));
      await page.getByRole('button', { name: 'Discard Docs', exact: true }).click();
      violations.push(...(await check('discard confirmation', page)));
      await page.getByRole('button', { name: 'Yes, discard Docs' }).click();
      await page.getByTestId('undo-line').waitFor();
      violations.push(...(await check('undo line', page)));

      // A notice: the timer is discarded behind the window's back, then logged here.
      await api.deleteTimer(backend.id);
      await page.getByRole('button', { name: 'More for Backend' }).click();
      await page.getByRole('button', { name: 'Log Backend', exact: true }).click();
      await page.getByTestId('notice').waitFor({ timeout: 15_000 });
      violations.push(...(await check('a notice', page)));

      // Quick entry's preview of another day and of a likely typo, asked about before it is created.
      // Its label names the day the line logs to: yesterday here.
      const quick = page.getByRole('combobox', { name: /^Log time for / });
      await quick.fill('yesterday 0:20 @Backedn review');
      await quick.press('Enter');
      await page.getByText(/Press Enter again/).waitFor();
      violations.push(...(await check('quick entry: another day, a likely typo', page)));
      await quick.fill('');

      // A failed change: the service refuses an entry for a project archived behind its back.
      await api.createEntry({ date: localDate(Date.now() - 86_400_000), minutes: 15, project_id: website.id });
      await api.archiveProject(website.id);
      const box = page.getByRole('combobox', { name: 'Log time for today' });
      await box.fill('0:45 @Website review');
      await box.press('Enter');
      const failed = page.getByTestId('failed-operation');
      await failed.waitFor({ timeout: 15_000 });
      await failed.getByRole('button', { name: /^Edit/ }).click();
      violations.push(...(await check('a failed change with its edit form open', page)));
    });
    await close();
    expect(violations).toEqual([]);
  });

  it('has no violations in the week view, light or dark', async () => {
    const { page, close } = await openForAxe('#week');
    const violations: string[] = [];
    await explained(stack, page, async () => {
      const project = await api.createProject({ name: 'Week review' });
      await api.createEntry({ date: localDate(Date.now()), minutes: 50, project_id: project.id, description: 'notes' });
      await stack.account.core.handlers.refresh({});
      const row = page.getByTestId('week-entry').filter({ hasText: 'notes' });
      await row.waitFor({ timeout: 10_000 });
      violations.push(...(await check('week view, today open', page)));
      await row.getByRole('button', { name: /^Edit/ }).click();
      await page.getByTestId('edit-entry').getByLabel('Date').fill('not a day');
      await page.getByTestId('edit-entry').getByLabel('Date').press('Enter');
      await page.getByTestId('edit-error-date').waitFor();
      violations.push(...(await check("week view, an entry's edit form with a refused date", page)));
    });
    await close();
    expect(violations).toEqual([]);
  });

  it('has no violations in the settings view, light or dark', async () => {
    const { page, close } = await openForAxe('#settings');
    try {
      // No settings view is a failure here, not a check skipped.
      await page.getByTestId('settings').waitFor();
      expect(await check('settings', page)).toEqual([]);

      // The reminder's hours refused at their field.
      const reminder = page.getByTestId('reminder-settings');
      await reminder.getByLabel('To').fill('08:00');
      await reminder.getByRole('button', { name: 'Save hours' }).click();
      await reminder.getByTestId('reminder-to-error').waitFor();
      expect(await check('settings with a refused reminder time', page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('has no violations in the Activity view, light or dark', async () => {
    // After the first test: its changes are listed, confirmed, refused and discarded among them.
    const { page, close } = await openForAxe('#activity');
    try {
      await page.getByTestId('activity-table').waitFor();
      expect(await check('activity', page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('has no violations with the working-hours reminder’s bar, light or dark', async () => {
    await outsideMidnight();
    const core = stack.account.core;
    for (const t of core.getSnapshot().timers) if (t.state === 'running') await api.pauseTimer(t.projectId);
    await must(core.handlers.refresh({}));
    await expect.poll(() => core.getSnapshot().timers.some((t) => t.state === 'running')).toBe(false);
    await must(core.handlers.updateSettings({ reminder: { enabled: true, ...ALL_DAY } }));
    const { page, close } = await openForAxe();
    try {
      await page.getByTestId('reminder').waitFor();
      expect(await check('the reminder bar', page)).toEqual([]);
    } finally {
      await close();
      await must(core.handlers.updateSettings({ reminder: { enabled: false } }));
    }
  });
});
