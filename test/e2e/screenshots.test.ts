// The README's screenshots, taken from the real app at popover size (420×640): a day with a
// running timer, three paused ones (a row each) and entries, in the light and the dark theme, the week view, and the settings view. Written to docs/screenshots/
// (committed docs); each is checked to be a real, small PNG.

import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import type { Settings } from '../../common/settings';
import type { ServiceApi } from '../../main/api/types';
import { root } from '../../scripts/electronBinary.mjs';
import { elsewhere, explained, openApp, pageTheme, startStack, type Stack } from './support';

const OUT = join(root, 'docs/screenshots');

let stack: Stack;
let api: ServiceApi;
beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  stack = await startStack();
  api = elsewhere(stack);
});
afterAll(async () => {
  await stack?.close();
});

function expectSmallPng(file: string) {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  expect(bytes.length).toBeLessThan(120_000);
}

const theme = async (value: Settings['theme']) =>
  expect((await stack.account.core.handlers.updateSettings({ theme: value })).ok).toBe(true);

describe('README screenshots', () => {
  it('shows a working day in the main window, light and dark, and the settings', async () => {
    const { page, problems } = await openApp(stack);
    await page.setViewportSize({ width: 420, height: 640 });
    await explained(stack, page, async () => {
      // Coloured, as the service's own apps and Stint colour the projects they create.
      const website = await api.createProject({ name: 'Website', color: '#1e88e5' });
      const backend = await api.createProject({ name: 'Backend', color: '#43a047' });
      // Paused timers beside the running one: each a row of its own.
      for (const [name, seconds, color] of [
        ['Docs', 1_260, '#fb8c00'],
        ['Client call', 540, '#8e24aa'],
      ] as const) {
        const project = await api.createProject({ name, color });
        await api.startTimer(project.id);
        await api.addOrSubtractTime(project.id, { seconds });
      }
      await api.startTimer(backend.id);
      await api.addOrSubtractTime(backend.id, { seconds: 2_530 });
      await api.startTimer(website.id, { description: 'landing page copy' });
      await api.addOrSubtractTime(website.id, { seconds: 3_909 });
      const today = localDate(Date.now());
      await api.createEntry({ date: today, minutes: 90, project_id: website.id, description: 'call with the client' });
      await api.createEntry({ date: today, minutes: 45, project_id: backend.id, description: 'review #ops' });
      await api.createEntry({ date: today, minutes: 30, project_id: website.id, description: 'standup' });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByTestId('today-entry').nth(2).waitFor();
      await expect.poll(() => page.getByTestId('timer').count()).toBe(4);

      for (const value of ['light', 'dark'] as const) {
        await theme(value);
        await expect.poll(() => pageTheme(page)).toBe(value);
        const file = join(OUT, `main-${value}.png`);
        await page.screenshot({ path: file });
        expectSmallPng(file);
      }

      await theme('light');
      await page.getByRole('link', { name: 'Week' }).click();
      await page.getByTestId('week-entry').nth(1).waitFor();
      const week = join(OUT, 'week-light.png');
      await page.screenshot({ path: week });
      expectSmallPng(week);

      await page.goto(`${stack.host.openUrl}#settings`);
      await page.getByTestId('settings').waitFor();
      const file = join(OUT, 'settings.png');
      await page.screenshot({ path: file });
      expectSmallPng(file);
    });
    expect(problems).toEqual([]);
  });
});
