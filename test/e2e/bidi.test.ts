// User text with a right-to-left override (U+202E) in Chromium, against the real core and service:
// the name reads as it was written, but the override stops at the name, so the words Stint
// writes around it ("Logged 0:30 on … yesterday", "Deleted …") keep their order.

import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { elsewhere, explained, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
stackForFile((shared) => ({ stack } = shared));

/** Where a piece of an element's text starts and ends on screen (left and right edge, px). */
function span(element: Locator, piece: string): Promise<{ left: number; right: number }> {
  type Doc = {
    document: {
      createTreeWalker(root: unknown, what: number): { nextNode(): { textContent: string } | null };
      createRange(): {
        setStart(n: unknown, o: number): void;
        setEnd(n: unknown, o: number): void;
        getBoundingClientRect(): { left: number; right: number };
      };
    };
  };
  return element.evaluate((e, p) => {
    const doc = (globalThis as unknown as Doc).document;
    const walker = doc.createTreeWalker(e, 4);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent.indexOf(p);
      if (at < 0) continue;
      const range = doc.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + p.length);
      const { left, right } = range.getBoundingClientRect();
      return { left, right };
    }
    throw new Error(`no "${p}" in ${e.textContent}`);
  }, piece);
}

describe('a right-to-left override in a name', () => {
  it('stays inside the name: the words after it keep their place', async () => {
    const api = elsewhere(stack);
    // Written "‮etisbeW", read right to left: "Website".
    const name = '\u202eetisbeW';
    await api.createProject({ name });
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const quick = page.getByTestId('quick-input');
      await quick.fill(`yesterday 0:30 @${name} planning`);
      await page.getByTestId('preview-project').waitFor();
      await quick.press('Enter');
      const done = page.getByTestId('quick-done');
      await expect.poll(() => done.textContent()).toMatch(/yesterday/);
      // "Logged 0:30 on ‮etisbeW yesterday (…)": "yesterday" to the right of the name, not taken into it.
      const named = await span(done, 'etisbeW');
      const after = await span(done, 'yesterday');
      expect(after.left).toBeGreaterThanOrEqual(named.right - 1);
    });
    expect(problems).toEqual([]);
  });
});
