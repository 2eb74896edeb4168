// Settings › Language in Chromium against the real core and service (issue 31 items 3, 7, 8, 9):
// a language picked there repaints the window at once (no reload) with the document's lang and
// dir, System goes back to the browser's own language, and the pseudo-locale (accented, 40 %
// longer) fits the main view at popover widths with no message id shown; Arabic passes axe.

import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import type { ServiceApi } from '../../main/api/types';
import { axeViolations } from './axe';
import { explained, type Stack, stackForFile } from './support';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

// The page's globals, loosely: the e2e tests are type-checked without the DOM's types.
type Root = { document: { documentElement: { lang: string; dir: string } } };
const documentLanguage = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as unknown as Root).document.documentElement;
    return { lang: root.lang, dir: root.dir || 'ltr' };
  });

/** A marker on the page's window: gone if the page was reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as { stintMarker: boolean }).stintMarker = true;
  });
const stillSamePage = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { stintMarker?: boolean }).stintMarker === true);

/** How far the document scrolls sideways (0: it fits). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

/** Each button or label shown whose text is wider than its box (cut off or spilling out). */
function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type El = {
      scrollWidth: number;
      clientWidth: number;
      textContent: string;
      getClientRects(): unknown[];
      closest(s: string): El | null;
    };
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): El[] } }).document;
    return [...doc.querySelectorAll('button, label, a')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('.visually-hidden, [hidden]'))
      .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `“${el.textContent.trim().slice(0, 60)}” is ${el.scrollWidth} px in ${el.clientWidth} px`);
  });
}

/** The catalogs' areas: a message id is one of them, a dot and a name ("window-quick.day"). */
const AREAS = new Set(readdirSync(new URL('../../common/i18n/catalogs/', import.meta.url)));

/**
 * Words on the page that look like a message id of one of the areas ("window-quick.day"): a message
 * shown by its id, not its words. Other dotted words (an account on "stint.local") are the user's.
 */
async function messageIdsShown(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered, is what a user reads
  const text = await page.locator('body').innerText();
  const attributes = await page.evaluate(() => {
    type El = { getAttribute(n: string): string | null };
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): El[] } }).document;
    return [...doc.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
    );
  });
  return [text, ...attributes]
    .flatMap((words) => words.match(/\b[a-z]+(-[a-z]+)*\.[a-zA-Z]+\b/g) ?? [])
    .filter((id) => AREAS.has(id.split('.')[0]!));
}

async function seed() {
  const website = await api.createProject({ name: 'Website' });
  await api.startTimer(website.id, { description: 'landing page copy' });
  await api.addOrSubtractTime(website.id, { seconds: 3_909 });
  await api.createEntry({
    date: localDate(Date.now()),
    minutes: 165,
    project_id: website.id,
    description: 'design review with the client',
  });
  // Made behind core's back: read them.
  await stack.account.core.handlers.refresh({});
}

describe('the language', () => {
  it('follows Settings › Language at once: Deutsch, العربية right to left, then System’s English', async () => {
    // The browser's own language is English: what System means here.
    const context = await stack.browser.newContext({ locale: 'en-US', viewport: { width: 420, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    await explained(stack, page, async () => {
      await page.goto(`${stack.host.openUrl}#settings`);
      await page.getByTestId('settings').waitFor();
      expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
      await markPage(page);

      await page.getByTestId('language').selectOption('de');
      await page.getByRole('heading', { name: 'Einstellungen' }).first().waitFor();
      await expect.poll(() => documentLanguage(page)).toEqual({ lang: 'de', dir: 'ltr' });
      expect(stack.account.core.getSnapshot().settings.language).toBe('de');

      await page.getByTestId('language').selectOption('ar');
      await page.getByRole('heading', { name: 'الإعدادات' }).first().waitFor();
      await expect.poll(() => documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });

      await page.getByTestId('language').selectOption('system');
      await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
      await expect.poll(() => documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
      // All of it in the one page: nothing reloaded it.
      expect(await stillSamePage(page)).toBe(true);
    });
    await context.close();
  });

  it('in the pseudo-locale, fits the main view with a timer and an entry at 360 and 420 px, and shows no message id', async () => {
    await seed();
    expect((await stack.account.core.handlers.updateSettings({ language: 'en-XA' })).ok).toBe(true);
    const problems: string[] = [];
    try {
      for (const width of [360, 420]) {
        const context = await stack.browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        page.setDefaultTimeout(5_000);
        await explained(stack, page, async () => {
          await page.goto(stack.host.openUrl);
          await page.getByTestId('today-entry').first().waitFor({ timeout: 10_000 });
          await page.getByTestId('timer').first().waitFor();
          await expect.poll(() => documentLanguage(page)).toEqual({ lang: 'en-XA', dir: 'ltr' });
          // The pseudo-locale's words, accented and 40 % longer, not English's.
          await page.getByRole('link', { name: /^Šéţţîñĝš~+$/ }).waitFor();
          const at = `main at ${width} px`;
          const scroll = await sidewaysScroll(page);
          if (scroll > 0) problems.push(`${at}: scrolls ${scroll} px sideways`);
          problems.push(...(await clippedControls(page)).map((p) => `${at}: clipped: ${p}`));
          problems.push(...(await messageIdsShown(page)).map((p) => `${at}: message id shown: ${p}`));
        });
        await context.close();
      }
    } finally {
      await stack.account.core.handlers.updateSettings({ language: 'system' });
    }
    expect(problems).toEqual([]);
  });

  it('passes axe on the main view in Arabic', async () => {
    expect((await stack.account.core.handlers.updateSettings({ language: 'ar' })).ok).toBe(true);
    try {
      const context = await stack.browser.newContext({ bypassCSP: true, viewport: { width: 420, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(5_000);
      await explained(stack, page, async () => {
        await page.goto(stack.host.openUrl);
        await page.getByTestId('timers').waitFor();
        await expect.poll(() => documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
        expect(await axeViolations(page)).toEqual([]);
      });
      await context.close();
    } finally {
      await stack.account.core.handlers.updateSettings({ language: 'system' });
    }
  });
});
