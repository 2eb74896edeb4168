// The user's story, played in Chromium against the real core and the real local service: start,
// tick, pause, switch, log, quick entry with its preview, and refused input kept in the box.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { explained, openApp, type Stack, stackForFile } from './support';
import { CONDITION_WAIT_MS } from '../support/patience';

let stack: Stack;
stackForFile((shared) => ({ stack } = shared));

const timer = (page: Page, project: string) => page.locator(`[data-testid="timer"][data-project="${project}"]`);
const running = (page: Page) => page.locator('[data-testid="timer"][data-state="running"]');
const seconds = async (page: Page, project: string) =>
  Number(await timer(page, project).getByTestId('timer-time').getAttribute('data-seconds'));

async function startNewTimer(page: Page, project: string) {
  const form = page.getByRole('form', { name: 'New timer' });
  await form.getByLabel('Project').fill(project);
  await form.getByRole('button', { name: /start/i }).click();
}

async function story(page: Page, problems: string[]) {
  // A new project typed in the timer form is created and its timer starts.
  await startNewTimer(page, 'Website');
  await expect.poll(() => timer(page, 'Website').getAttribute('data-state')).toBe('running');

  // Its time ticks by itself.
  const first = await seconds(page, 'Website');
  await expect.poll(() => seconds(page, 'Website'), { timeout: CONDITION_WAIT_MS }).toBeGreaterThan(first);

  await page.getByRole('button', { name: 'Pause Website' }).click();
  await expect.poll(() => timer(page, 'Website').getAttribute('data-state')).toBe('paused');
  const paused = await seconds(page, 'Website');
  await page.waitForTimeout(1_200);
  // It stands still. (The service keeps whole seconds: when its answer replaces the window's own
  // 1.334 s with 1 s, the shown 0:00:01 stays; a ticking timer would be 1.2 s on.)
  expect(Math.abs((await seconds(page, 'Website')) - paused)).toBeLessThan(1);

  // A second project; starting it leaves Website paused.
  await startNewTimer(page, 'Client call');
  await expect.poll(() => timer(page, 'Client call').getAttribute('data-state')).toBe('running');
  // A call of a few seconds: logging a timer under one second would log 0 minutes.
  await expect.poll(() => seconds(page, 'Client call'), { timeout: CONDITION_WAIT_MS }).toBeGreaterThanOrEqual(2);

  // Starting Website again pauses Client call: only one timer runs.
  await page.getByRole('button', { name: 'Resume Website' }).click();
  await expect.poll(() => timer(page, 'Website').getAttribute('data-state')).toBe('running');
  await expect.poll(() => timer(page, 'Client call').getAttribute('data-state')).toBe('paused');
  expect(await running(page).count()).toBe(1);

  // Logging a timer moves it to today's list, rounded up to the billing increment (15 min).
  // A paused timer is one row: Log is under its More.
  await page.getByRole('button', { name: 'More for Client call' }).click();
  await page.getByRole('button', { name: 'Log Client call' }).click();
  await expect.poll(() => timer(page, 'Client call').count()).toBe(0);
  const logged = page.locator('[data-testid="today-entry"][data-project="Client call"]');
  await expect.poll(() => logged.getByTestId('entry-minutes').textContent()).toBe('0:15');
  // Website's timer runs meanwhile and the total counts its minutes too: the logged part is checked.
  await expect.poll(() => page.getByTestId('today-total').getAttribute('data-logged-minutes')).toBe('15');

  // Quick entry: the preview shows what will be logged before Enter logs it.
  const box = page.getByRole('combobox', { name: 'Log time for today' });
  await box.fill('1:30 @Website #meeting call with the client');
  await expect.poll(() => page.getByTestId('preview-time').textContent()).toBe('1:30');
  expect(await page.getByTestId('preview-project').textContent()).toBe('Website');
  expect(await page.getByTestId('preview-tags').textContent()).toBe('#meeting');
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe('');
  const quick = page.locator('[data-testid="today-entry"][data-project="Website"]');
  await expect.poll(() => quick.getByTestId('entry-minutes').textContent()).toBe('1:30');
  expect(await quick.textContent()).toContain('call with the client');
  await expect.poll(() => page.getByTestId('today-total').getAttribute('data-logged-minutes')).toBe('105');

  // Refused input: the reason shows under the box and the text stays to be fixed.
  for (const bad of ['1:75 @Website x', 'abc']) {
    await box.fill(bad);
    await box.press('Enter');
    const error = page.getByTestId('quick-error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect((await error.textContent())!.length).toBeGreaterThan(5);
    expect(await box.inputValue()).toBe(bad);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
  }
  expect(await page.locator('[data-testid="today-entry"]').count()).toBe(2);

  mkdirSync('artifacts', { recursive: true });
  await box.fill('0:45 @Web');
  await page.screenshot({ path: join('artifacts', 'e2e-story.png'), fullPage: true });
  expect(problems).toEqual([]);
}

describe('the timer story, in the browser', () => {
  it('starts, ticks, pauses, switches, logs and quick-enters time, and keeps refused text', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, () => story(page, problems));
  });

  it('shows a refused quick entry in place in the dark scheme too, without page errors', async () => {
    const { page, problems } = await openApp(stack, { colorScheme: 'dark' });
    const box = page.getByRole('combobox', { name: 'Log time for today' });
    await box.fill('1:75 @Website x');
    await box.press('Enter');
    await expect.poll(() => page.getByTestId('quick-error').isVisible()).toBe(true);
    mkdirSync('artifacts', { recursive: true });
    await page.screenshot({ path: join('artifacts', 'e2e-story-dark.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('completes @project names from the keyboard', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      await startNewTimer(page, 'Design review');
      await expect.poll(() => timer(page, 'Design review').count()).toBe(1);

      const box = page.getByRole('combobox', { name: 'Log time for today' });
      await box.click();
      await box.pressSequentially('0:30 @des');
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      await expect
        .poll(() => page.getByRole('option', { name: '@Design review' }).getAttribute('aria-selected'))
        .toBe('true');
      await box.press('Enter');
      // A name of two words is written quoted, so the note after it stays the note (issue 22).
      expect(await box.inputValue()).toBe('0:30 @"Design review" ');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await box.pressSequentially('sketches');
      expect(await page.getByTestId('preview-project').textContent()).toBe('Design review');
      expect(await page.getByTestId('preview-description').textContent()).toBe('sketches');

      // Escape closes the list; once the whole name is typed, Enter logs the entry as it stands.
      await box.fill('');
      await box.pressSequentially('0:05 @Des');
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      await box.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await box.pressSequentially('ign review');
      await box.press('Enter');
      await expect
        .poll(() => page.locator('[data-testid="today-entry"][data-project="Design review"]').count())
        .toBe(1);
      expect(problems).toEqual([]);
    });
  });

  it('discards a timer only once that is confirmed, all from the keyboard', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      await startNewTimer(page, 'Scratch');
      await expect.poll(() => timer(page, 'Scratch').count()).toBe(1);

      await page.getByRole('button', { name: 'Discard Scratch' }).press('Enter');
      // The question takes focus on its safe answer.
      await expect.poll(() => page.locator('*:focus').textContent()).toBe('Keep');
      await page.keyboard.press('Enter');
      expect(await timer(page, 'Scratch').count()).toBe(1);

      await page.getByRole('button', { name: 'Discard Scratch' }).press('Enter');
      // Once the question has put its focus on Keep, as a user sees it: pressed sooner, Enter on
      // Yes could be moved to Keep by that focus (a loaded fresh-clone run kept the timer so).
      await expect.poll(() => page.locator('*:focus').textContent()).toBe('Keep');
      await page.getByRole('button', { name: 'Yes, discard Scratch' }).press('Enter');
      await expect.poll(() => timer(page, 'Scratch').count()).toBe(0);
      expect(problems).toEqual([]);
    });
  });
});
