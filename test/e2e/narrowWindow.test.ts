// What a new user met in the 420 px window, in Chromium against the real core and service: the
// reminder's hours shown whole, the Activity table's headers as words (not a letter per line), and
// quick entry's "Note" label on one line beside a long preview.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import { elsewhere, explained, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
stackForFile((shared) => ({ stack } = shared));

/** How many lines an element's text takes as rendered. */
function lines(element: Locator): Promise<number> {
  type Doc = {
    document: {
      createRange(): {
        selectNodeContents(n: unknown): void;
        getClientRects(): Iterable<{ top: number; width: number }>;
      };
    };
  };
  return element.evaluate((e) => {
    const range = (globalThis as unknown as Doc).document.createRange();
    range.selectNodeContents(e);
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
    return new Set(tops).size;
  });
}

/** Each header's words: none is broken across lines, so it takes at most a line per word. */
async function brokenWords(headers: Locator): Promise<string[]> {
  const broken: string[] = [];
  for (const header of await headers.all()) {
    const text = (await header.textContent())!.trim();
    if ((await lines(header)) > text.split(/\s+/).length) broken.push(text);
  }
  return broken;
}

/**
 * How much narrower the field is than it needs to be to show its value whole, or how far it
 * sticks out of its label over the next field (0: it shows its value whole, in its own place).
 */
function clipped(page: Page, testId: string): Promise<number> {
  type Doc = {
    document: {
      querySelector(s: string): Field | null;
      body: { append(n: Clone): void };
    };
  };
  type Box = { getBoundingClientRect(): { right: number } };
  type Field = Box & { cloneNode(): Clone; clientWidth: number; parentElement: Box };
  type Clone = { style: Record<string, string>; clientWidth: number; remove(): void };
  return page.evaluate((id) => {
    const doc = (globalThis as unknown as Doc).document;
    const field = doc.querySelector(`[data-testid="${id}"]`)!;
    // The same field free to take its own width: what its value and picker need.
    const free = field.cloneNode();
    Object.assign(free.style, { position: 'absolute', width: 'auto', minWidth: '0', maxWidth: 'none' });
    doc.body.append(free);
    const needed = free.clientWidth;
    free.remove();
    const beyondLabel = field.getBoundingClientRect().right - field.parentElement.getBoundingClientRect().right;
    return Math.max(0, needed - field.clientWidth, Math.round(beyondLabel));
  }, testId);
}

describe('the 420 px window', () => {
  it('shows the reminder hours whole, the Activity headers as words, and "Note" on one line', async () => {
    const api = elsewhere(stack);
    await api.createProject({ name: 'Website' });
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const quick = page.getByTestId('quick-input');
      const note = 'a long note about the call with the client, '.repeat(6).trim();
      await quick.fill(`0:30 @Website ${note}`);
      const label = page.getByTestId('quick-preview').locator('dt', { hasText: 'Note' });
      await page.getByTestId('preview-description').waitFor();
      expect(await lines(label)).toBe(1);
      await quick.press('Enter');
      await page.getByTestId('today-entry').waitFor();

      await page.getByRole('link', { name: 'Activity' }).click();
      const table = page.getByTestId('activity-table');
      await table.waitFor();
      expect(await brokenWords(table.locator('th'))).toEqual([]);

      await page.getByRole('link', { name: 'Back to Stint' }).click();
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByTestId('reminder-settings').waitFor();
      expect(await clipped(page, 'reminder-from')).toBe(0);
      expect(await clipped(page, 'reminder-to')).toBe(0);
    });
    expect(problems).toEqual([]);
  });

  it('opens each view at its top, or where the user left that view (issue 27 item 14)', async () => {
    const api = elsewhere(stack);
    const project = await api.createProject({ name: 'Scrolled' });
    for (let i = 0; i < 25; i++)
      await api.createEntry({
        date: localDate(Date.now()),
        minutes: 15,
        project_id: project.id,
        description: `part ${i}`,
      });
    const { page, problems } = await openApp(stack);
    await page.setViewportSize({ width: 420, height: 640 });
    type Win = { scrollY: number; scrollTo(x: number, y: number): void };
    const offset = () => page.evaluate(() => Math.round((globalThis as unknown as Win).scrollY));
    const scrollTo = (y: number) => page.evaluate((to) => (globalThis as unknown as Win).scrollTo(0, to), y);
    await explained(stack, page, async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => page.getByTestId('today-entry').count()).toBeGreaterThanOrEqual(25);
      await scrollTo(400);
      await expect.poll(offset).toBe(400);

      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByTestId('reminder-settings').waitFor();
      expect(await offset()).toBe(0);
      await scrollTo(300);
      await expect.poll(offset).toBe(300);
      await page.getByRole('link', { name: 'Back to Stint' }).click();
      await page.getByTestId('timers').waitFor();
      await expect.poll(offset).toBe(400);

      await page.getByRole('link', { name: 'Week' }).click();
      await page.getByTestId('week').waitFor();
      expect(await offset()).toBe(0);
      await page.getByRole('link', { name: 'Today' }).click();
      await page.getByTestId('timers').waitFor();
      await expect.poll(offset).toBe(400);
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByTestId('reminder-settings').waitFor();
      await expect.poll(offset).toBe(300);
    });
    expect(problems).toEqual([]);
  });
});
