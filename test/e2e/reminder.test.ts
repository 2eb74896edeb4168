// The working-hours reminder in Chromium, against the real core and service behind the web host:
// the user turns it on in Settings with hours that hold now (a refused end time is named at its
// field first), sees the bar in the window, snoozes it, and after the next idle stretch starts
// the last timer from it, which then runs on the service.

import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../main/api/types';
import { must } from '../support/result';
import { ALL_DAY, outsideMidnight } from './reminderHours';
import { elsewhere, explained, openApp, startStack, type Stack } from './support';

let stack: Stack;
beforeAll(async () => {
  mkdirSync('artifacts', { recursive: true });
  await outsideMidnight();
  stack = await startStack();
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

describe('the working-hours reminder', () => {
  it('is turned on in Settings, shows its bar when no timer runs, snoozes, and starts the last timer', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const core = stack.account.core;
      const { projectId } = await must(core.handlers.createProject({ name: 'Website' }));
      await must(core.handlers.startTimer({ projectId }));
      await core.whenIdle();
      expect(await page.getByTestId('reminder').count()).toBe(0);

      // Settings: on, every day, hours that hold now; an end before the start is refused at its field.
      await page.getByRole('link', { name: 'Settings' }).click();
      const section = page.getByTestId('reminder-settings');
      await section.getByRole('checkbox', { name: /Remind me when no timer runs/ }).check();
      await expect.poll(() => core.getSnapshot().settings.reminder.enabled).toBe(true);
      for (const day of ['Saturday', 'Sunday']) await section.getByRole('checkbox', { name: day }).check();
      await expect.poll(() => core.getSnapshot().settings.reminder.days).toEqual(ALL_DAY.days);
      const from = section.getByLabel('From');
      const to = section.getByLabel('To');
      await from.fill('10:00');
      await to.fill('08:00');
      await section.getByRole('button', { name: 'Save hours' }).click();
      // In the window's clock style: "10:00", or "10:00 AM" in a 12-hour locale.
      expect(await section.getByTestId('reminder-to-error').textContent()).toMatch(
        /^The hours must end after they start: choose a time later than 10:00(?:[\s\u202f]AM)?\.$/,
      );
      expect(await to.inputValue()).toBe('08:00');
      expect(await to.getAttribute('aria-invalid')).toBe('true');
      await section.screenshot({ path: join('artifacts', 'e2e-reminder-settings.png') });
      await from.fill(ALL_DAY.from);
      await to.fill(ALL_DAY.to);
      // As soon as a timer stops (10 minutes by default: a break goes unremarked).
      await section.getByLabel('Remind after (minutes without a timer)').fill(String(ALL_DAY.afterMinutes));
      await section.getByRole('button', { name: 'Save hours' }).click();
      await expect.poll(() => core.getSnapshot().settings.reminder).toEqual({ enabled: true, ...ALL_DAY });
      expect(await section.getByTestId('reminder-to-error').count()).toBe(0);

      // Back in the window, the timer still runs: no reminder. Paused: the bar.
      await page.getByRole('link', { name: 'Back to Stint' }).click();
      await page.getByTestId('timers').waitFor();
      expect(await page.getByTestId('reminder').count()).toBe(0);
      await page.getByRole('button', { name: 'Pause Website' }).click();
      const bar = page.getByRole('region', { name: 'No timer running' });
      await bar.waitFor();
      expect(await bar.getByRole('alert').textContent()).toBe('It is within your working hours. Start Website again?');
      await page.screenshot({ path: join('artifacts', 'e2e-reminder-bar.png'), fullPage: true });

      // Snooze: the bar goes, and core holds it off.
      await bar.getByRole('button', { name: 'Snooze 30 min' }).click();
      await bar.waitFor({ state: 'detached' });
      expect(core.getSnapshot().reminder).toBeNull();

      // A timer run ends the stretch; the next one is reminded of, and Start last resumes Website.
      await page.getByRole('button', { name: 'Resume Website' }).click();
      await page.getByRole('button', { name: 'Pause Website' }).click();
      await bar.waitFor();
      await bar.getByRole('button', { name: 'Start last: Website' }).click();
      await bar.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Pause Website' }).waitFor();
      await core.whenIdle();
      const timers = await collect(
        elsewhere(stack).listTimers({ projects: [core.getSnapshot().timers[0]!.projectId] }),
      );
      expect(timers.map((t) => t.state)).toEqual(['running']);
      expect(problems).toEqual([]);
    });
  });
});
