// Long names and words in Chromium, against the real core and service: a 5000-character word typed
// in quick entry, the longest project name the service takes (255 characters, on a timer and an
// entry) and a 300-character one (refused where it is typed) wrap or are cut with an ellipsis, the
// full text on hover: the page never becomes wider than the window.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import type { ServiceApi } from '../../main/api/types';
import { explained, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

/** How far the page reaches beyond the window's width, in px: 0 when nothing sticks out. */
function overflow(page: Page): Promise<number> {
  type Doc = { document: { documentElement: { scrollWidth: number; clientWidth: number } } };
  return page.evaluate(() => {
    const root = (globalThis as unknown as Doc).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

describe('long names and words', () => {
  it('keep the page within the window: wrapped, or cut with the full text in a title', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const word = 'w'.repeat(5000);
      // The service takes names up to 255 characters: the longest a project can have.
      const longest = `P${'r'.repeat(254)}`;
      const project = await api.createProject({ name: longest });
      await api.startTimer(project.id, { description: word });
      await api.createEntry({ date: localDate(Date.now()), minutes: 30, project_id: project.id, description: word });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByTestId('today-entry').waitFor();
      await page.getByTestId('timer').waitFor();

      // Typed: the longest project and a 5000-character word, shown in the preview as typed.
      const box = page.getByTestId('quick-input');
      await box.fill(`1:00 @${longest} ${word}`);
      await page.getByTestId('preview-description').waitFor();
      expect(await overflow(page)).toBe(0);

      // A 300-character project: refused where it is typed, the refusal and the text both wrapped.
      const tooLong = `Q${'q'.repeat(299)}`;
      await box.fill(`1:00 @${tooLong} ${word}`);
      await box.press('Enter');
      await page.getByTestId('quick-error').waitFor();
      await page.screenshot({ path: join('artifacts', 'e2e-long-text.png'), fullPage: true });
      expect(await overflow(page)).toBe(0);

      // Cut to one line where a name must be: the full name on hover.
      const name = page.getByTestId('timer').locator('.timer-name');
      expect(await name.getAttribute('title')).toBe(longest);
      const [shown, full] = await name.evaluate((e) => [e.clientWidth, e.scrollWidth]);
      expect(shown).toBeLessThan(full!);
      // Descriptions in lists: a few lines, the rest on hover.
      const description = page.getByTestId('today-entry').locator('.entry-description');
      expect(await description.getAttribute('title')).toBe(word);
      expect((await description.boundingBox())!.height).toBeLessThan(80);
      expect(problems).toEqual([]);
    });
    await page.close();
  });
});
