// Every view at popover widths (360 and 420 px), in the light and the dark theme, in Chromium
// against the real core and service (issue 27 items 12 and 13): no label, name or number is broken
// across lines (a word is only ever wrapped whole, never a letter per line, never "2:4 / 5"), an
// entry's project and note have the row's width beside its actions, and axe finds nothing.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import type { Settings } from '../../common/settings';
import type { ServiceApi } from '../../main/api/types';
import { axeViolations } from './axe';
import { explained, pageTheme, type Stack, stackForFile } from './support';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

const WIDTHS = [360, 420];
const THEMES: Array<Settings['theme']> = ['light', 'dark'];

/**
 * Each text in the page broken inside a word: two characters of one word (no space between them)
 * laid on different lines. Text shown nowhere (hidden, for screen readers only) is left out.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The page's globals, loosely: the e2e tests are type-checked without the DOM's types.
    type Rect = { top: number; height: number; width: number };
    type Text = { textContent: string; parentElement: El | null };
    type El = { closest(s: string): El | null; tagName: string };
    type Doc = {
      document: {
        body: unknown;
        createTreeWalker(root: unknown, what: number): { nextNode(): Text | null };
        createRange(): {
          setStart(n: Text, i: number): void;
          setEnd(n: Text, i: number): void;
          getClientRects(): Rect[];
        };
      };
    };
    const doc = (globalThis as unknown as Doc).document;
    const broken: string[] = [];
    const walker = doc.createTreeWalker(doc.body, 4);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent;
      if (!text.trim() || !node.parentElement) continue;
      if (node.parentElement.closest('.visually-hidden, [hidden], option, select, textarea, svg, script, style'))
        continue;
      const range = doc.createRange();
      let previousTop: number | null = null;
      for (let i = 0; i < text.length; i++) {
        if (/\s/.test(text[i]!)) {
          previousTop = null;
          continue;
        }
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = [...range.getClientRects()].find((r) => r.width > 0);
        if (!rect) continue;
        if (previousTop !== null && Math.abs(rect.top - previousTop) > rect.height / 2) {
          broken.push(`“${text.trim().slice(0, 60)}” breaks before “${text.slice(i, i + 10)}”`);
          break;
        }
        previousTop = rect.top;
      }
    }
    return broken;
  });
}

/** Each entry row whose project and note have under 60% of the row's width. */
function squeezedEntries(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type El = { getBoundingClientRect(): { width: number }; querySelector(s: string): El | null; textContent: string };
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): El[] } }).document;
    return [...doc.querySelectorAll('li.entry')].flatMap((row) => {
      const text = row.querySelector('.entry-text');
      if (!text) return [];
      const share = text.getBoundingClientRect().width / row.getBoundingClientRect().width;
      return share < 0.6 ? [`${row.textContent.slice(0, 40)}: ${Math.round(share * 100)}%`] : [];
    });
  });
}

async function seed() {
  const today = localDate(Date.now());
  const yesterday = localDate(Date.now() - 86_400_000);
  const website = await api.createProject({ name: 'Website' });
  const acme = await api.createProject({ name: 'Acme Corporation' });
  const backend = await api.createProject({ name: 'Backend' });
  await api.startTimer(backend.id);
  await api.addOrSubtractTime(backend.id, { seconds: 2_530 });
  await api.startTimer(acme.id, { description: 'quarterly report' });
  await api.addOrSubtractTime(acme.id, { seconds: 9_000 });
  await api.startTimer(website.id, { description: 'landing page copy' });
  await api.addOrSubtractTime(website.id, { seconds: 3_909 });
  await api.createEntry({
    date: today,
    minutes: 165,
    project_id: acme.id,
    description: 'design review with the client',
  });
  await api.createEntry({
    date: today,
    minutes: 30,
    project_id: website.id,
    description: '<img src=x onerror=alert(1)>',
  });
  const approved = await api.createEntry({ date: today, minutes: 45, project_id: website.id, description: 'standup' });
  await api.approveEntry(approved.id);
  await api.createEntry({ date: yesterday, minutes: 765, project_id: acme.id, description: 'workshop' });
}

/** What is wrong with the view as shown now, in each theme, named by the view. */
async function problemsOf(page: Page, view: string, width: number): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    expect((await stack.account.core.handlers.updateSettings({ theme })).ok).toBe(true);
    await expect.poll(() => pageTheme(page)).toBe(theme);
    const at = `${view} at ${width} px, ${theme}`;
    found.push(...(await brokenWords(page)).map((p) => `${at}: ${p}`));
    found.push(...(await squeezedEntries(page)).map((p) => `${at}: entry squeezed: ${p}`));
    found.push(...(await axeViolations(page)).map((p) => `${at}: ${p}`));
  }
  return found;
}

describe('every view at 360 and 420 px', () => {
  it('breaks no label, name or number across lines, gives entries their text’s room, and passes axe', async () => {
    await seed();
    // Made behind core's back: read them.
    await stack.account.core.handlers.refresh({});
    // A change made here, for the Activity view to list.
    expect((await stack.account.core.handlers.quickEntry({ text: '0:20 @Backend review #ops' })).ok).toBe(true);
    const problems: string[] = [];
    for (const width of WIDTHS) {
      const context = await stack.browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(5_000);
      await explained(stack, page, async () => {
        await page.goto(stack.host.openUrl);
        await page.getByTestId('today-entry').nth(3).waitFor({ timeout: 10_000 });
        await expect.poll(() => page.getByTestId('timer').count()).toBe(3);
        problems.push(...(await problemsOf(page, 'main', width)));
        // An entry's actions shown (hovered), and Continue's question asked under it.
        await page.getByTestId('today-entry').first().hover();
        problems.push(...(await problemsOf(page, 'main, an entry hovered', width)));

        await page.getByRole('link', { name: 'Week' }).click();
        await page.getByTestId('week-day').first().waitFor();
        await page.getByTestId('week-entry').first().waitFor({ timeout: 10_000 });
        problems.push(...(await problemsOf(page, 'week', width)));

        await page.getByRole('link', { name: 'Settings' }).click();
        await page.getByTestId('reminder-settings').waitFor();
        problems.push(...(await problemsOf(page, 'settings', width)));

        await page.getByRole('link', { name: 'Back to Stint' }).click();
        await page.getByRole('link', { name: 'Activity' }).click();
        await page.getByTestId('activity-table').waitFor();
        problems.push(...(await problemsOf(page, 'activity', width)));
      });
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('keeps Continue under the pointer while it asks: a second click deletes nothing (issue 27 item 7)', async () => {
    const project = await api.createProject({ name: 'Twice' });
    await api.createEntry({
      date: localDate(Date.now()),
      minutes: 30,
      project_id: project.id,
      description: 'call client',
    });
    await api.startTimer(project.id, { description: 'write report' });
    await api.addOrSubtractTime(project.id, { seconds: 600 });
    await api.pauseTimer(project.id);
    await stack.account.core.handlers.refresh({});
    const context = await stack.browser.newContext({ viewport: { width: 360, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    await explained(stack, page, async () => {
      await page.goto(stack.host.openUrl);
      const row = page.getByTestId('today-entry').filter({ hasText: 'call client' });
      const button = row.getByRole('button', { name: /^Continue / });
      await button.hover();
      const box = (await button.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.click(x, y);
      await page.getByTestId('time-so-far-question').waitFor();
      const under = await page.evaluate(
        ([px, py]) => {
          type Doc = { document: { elementFromPoint(x: number, y: number): { textContent: string } | null } };
          return (globalThis as unknown as Doc).document.elementFromPoint(px!, py!)?.textContent ?? null;
        },
        [x, y],
      );
      expect(under).toBe('Continue');
      expect(await button.isDisabled()).toBe(true);
      await page.mouse.click(x, y);
      expect(await page.getByTestId('undo-line').count()).toBe(0);
      expect(stack.account.core.getSnapshot().outbox.pending).toBe(0);
      await expect.poll(() => row.count()).toBe(1);
    });
    await context.close();
  });
});
