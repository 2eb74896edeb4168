// The window at popover size (420×640), in Chromium against the real core and service, on a busy
// day: one running timer, four paused ones and eight of today's entries. Without scrolling, the
// running timer's actions, the quick-entry box and today's total are on screen; each paused timer
// is one row (name, time, Resume) whose other actions open on demand, by keyboard alone; axe finds
// nothing in either theme, the rows closed or one open.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import { axeViolations } from './axe';
import { elsewhere, explained, focusedAttribute, pageTheme, type Stack, stackForFile } from './support';

let stack: Stack;
stackForFile((shared) => ({ stack } = shared));

const WIDTH = 420;
const HEIGHT = 640;
const PAUSED = ['Backend', 'Docs', 'Design', 'Research'];

const timer = (page: Page, project: string) => page.locator(`[data-testid="timer"][data-project="${project}"]`);
const seconds = async (page: Page, project: string) =>
  Number(await timer(page, project).getByTestId('timer-time').getAttribute('data-seconds'));

/** The element's box lies wholly inside the window as first shown (the page not scrolled). */
async function expectOnScreen(what: string, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, `${what} is shown`).not.toBeNull();
  expect({
    what,
    top: box!.y >= 0,
    bottom: box!.y + box!.height <= HEIGHT,
    right: box!.x + box!.width <= WIDTH,
  }).toEqual({ what, top: true, bottom: true, right: true });
}

/** Presses Tab (Shift+Tab backwards) until the focus is on the element with this aria-label; a bounded walk. */
async function tabTo(page: Page, label: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 80; i++) {
    if ((await focusedAttribute(page, 'aria-label')) === label) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached "${label}"`);
}

async function busyDay() {
  const api = elsewhere(stack);
  const today = localDate(Date.now());
  const ids: number[] = [];
  for (const [i, name] of [...PAUSED, 'Website'].entries()) {
    const project = await api.createProject({ name });
    ids.push(project.id);
    // Each start pauses the one before: the last one runs.
    await api.startTimer(project.id, i === 4 ? { description: 'landing page copy' } : {});
    await api.addOrSubtractTime(project.id, { seconds: 600 + i * 700 });
  }
  for (let i = 0; i < 8; i++) {
    await api.createEntry({ date: today, minutes: 15 + i * 5, project_id: ids[i % 5]!, description: `task ${i + 1}` });
  }
}

describe('the popover at 420×640 on a busy day', () => {
  it('shows the running timer, quick entry and the total at once; paused timers are one row, the rest on demand', async () => {
    await busyDay();
    const context = await stack.browser.newContext({ bypassCSP: true, viewport: { width: WIDTH, height: HEIGHT } });
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    await page.goto(stack.host.openUrl);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await explained(stack, page, async () => {
      // Made behind core's back: a refresh reads them.
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => page.getByTestId('timer').count()).toBe(5);
      await expect.poll(() => page.getByTestId('today-entry').count()).toBe(8);
      const running = page.getByTestId('running-timers');
      const violations: string[] = [];

      for (const theme of ['light', 'dark'] as const) {
        expect((await stack.account.core.handlers.updateSettings({ theme })).ok).toBe(true);
        await expect.poll(() => pageTheme(page)).toBe(theme);
        expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
        for (const action of ['Pause Website', 'Log Website', 'Discard Website']) {
          await expectOnScreen(`${theme}: ${action}`, running.getByRole('button', { name: action }));
        }
        await expectOnScreen(`${theme}: the quick-entry box`, page.locator('#quick-input'));
        await expectOnScreen(`${theme}: today's total`, page.getByTestId('today-total'));

        for (const name of PAUSED) {
          const row = timer(page, name);
          expect(await row.getAttribute('data-state')).toBe('paused');
          // One row: its name, time and Resume on one line; its other actions closed.
          const rowBox = (await row.boundingBox())!;
          const resume = (await row.getByRole('button', { name: `Resume ${name}` }).boundingBox())!;
          expect(rowBox.height, `${name}'s row`).toBeLessThan(2 * resume.height);
          const time = (await row.getByTestId('timer-time').boundingBox())!;
          expect(Math.abs(time.y + time.height / 2 - (resume.y + resume.height / 2))).toBeLessThan(resume.height / 2);
          expect(await row.getByRole('button').count(), `${name}'s buttons shown`).toBe(2);
        }
        violations.push(...(await axeViolations(page)).map((v) => `${theme}, rows closed: ${v}`));
      }

      // The service changes a paused timer's time only by running it, which would pause Website:
      // so Website is paused first, or the five minutes added below are refused (and the test
      // would read the window's guess before the refusal, passing only on a quiet machine).
      const website = stack.account.core.getSnapshot().timers.find((t) => t.projectName === 'Website')!;
      expect((await stack.account.core.handlers.pauseTimer({ projectId: website.projectId })).ok).toBe(true);
      await expect.poll(() => timer(page, 'Website').getAttribute('data-state')).toBe('paused');

      // Keyboard only: Tab to Docs' More, open it, add five minutes, close it with Escape.
      await tabTo(page, 'More for Docs');
      await page.keyboard.press('Enter');
      const more = timer(page, 'Docs').getByRole('button', { name: 'More for Docs' });
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      for (const action of ['Log Docs', 'Discard Docs', 'Add 5 minutes to Docs', 'Take 5 minutes off Docs']) {
        await timer(page, 'Docs').getByRole('button', { name: action }).waitFor();
      }
      for (const theme of ['light', 'dark'] as const) {
        expect((await stack.account.core.handlers.updateSettings({ theme })).ok).toBe(true);
        await expect.poll(() => pageTheme(page)).toBe(theme);
        violations.push(...(await axeViolations(page)).map((v) => `${theme}, a row open: ${v}`));
      }
      const before = await seconds(page, 'Docs');
      await tabTo(page, 'Add 5 minutes to Docs');
      await page.keyboard.press('Enter');
      await expect.poll(() => seconds(page, 'Docs')).toBe(before + 300);
      // Sent and kept: no notice that the service refused it.
      await expect.poll(() => stack.account.core.getSnapshot().outbox.pending).toBe(0);
      expect(await page.getByText(/could not be saved/).count()).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
      expect(await focusedAttribute(page, 'aria-label')).toBe('More for Docs');
      expect(await timer(page, 'Docs').getByRole('button').count()).toBe(2);

      // Open again and log it, still by keyboard: the timer goes, its entry comes.
      await page.keyboard.press('Enter');
      await tabTo(page, 'Log Docs');
      await page.keyboard.press('Enter');
      await expect.poll(() => timer(page, 'Docs').count()).toBe(0);
      await expect.poll(() => page.getByTestId('today-entry').count()).toBe(9);

      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
    });
    await context.close();
  });
});
