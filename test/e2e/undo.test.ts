// Undo in the window, against the real service: a discarded timer leaves the list with a polite
// "Discarded …'s timer · Undo" line; Undo (reached by keyboard: focus lands on it) brings it back
// and the service never lost it. Left alone, the line goes when the grace ends and the timer is
// gone on the service. A deleted entry goes the same way.

import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import { collect } from '../../main/api/types';
import type { ServiceApi } from '../../main/api/types';
import { UNDO_GRACE_MS } from '../../main/core/model/undoGrace';
import { explained, openApp, type Stack, stackForFile } from './support';
import { CONDITION_WAIT_MS } from '../support/patience';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timersOf = (projectId: number) => collect(api.listTimers({ projects: [projectId] }));

describe('undo in the window', () => {
  it('discard, undo: the timer stays on the service; discard, wait: it is gone', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const project = await api.createProject({ name: 'Website' });
      await api.startTimer(project.id);
      await page.getByRole('button', { name: 'Refresh' }).click();
      const timer = page.getByTestId('timer').filter({ hasText: 'Website' });
      await timer.waitFor();

      await page.getByRole('button', { name: 'Discard Website', exact: true }).click();
      await page.getByRole('button', { name: 'Yes, discard Website' }).click();
      await expect.poll(() => timer.count()).toBe(0);
      const line = page.getByTestId('undo-line');
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered (hidden text left out), is what these check; not the DOM property
      await expect.poll(() => line.innerText()).toMatch(/Discarded Website's timer/);
      // The Discard button went with the timer: focus is on Undo, so Enter takes it back.
      const undo = page.getByRole('button', { name: "Undo: Discarded Website's timer" });
      expect(
        await undo.evaluate(
          (button) =>
            button === (button as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement,
        ),
      ).toBe(true);
      await page.keyboard.press('Enter');
      await timer.waitFor();
      expect(await line.count()).toBe(0);
      await sleep(UNDO_GRACE_MS + 500);
      expect((await timersOf(project.id)).map((t) => t.project.id)).toEqual([project.id]);

      await page.getByRole('button', { name: 'Discard Website', exact: true }).click();
      await page.getByRole('button', { name: 'Yes, discard Website' }).click();
      await line.waitFor();
      await line.waitFor({ state: 'detached', timeout: UNDO_GRACE_MS + 2_000 });
      await expect.poll(() => timersOf(project.id), { timeout: CONDITION_WAIT_MS }).toEqual([]);
      expect(await timer.count()).toBe(0);
    });
    expect(problems).toEqual([]);
  });

  it("deletes one of today's entries after the grace", async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const date = localDate(Date.now());
      const entry = await api.createEntry({ date, minutes: 90, description: 'call with the client' });
      await page.getByRole('button', { name: 'Refresh' }).click();
      const row = page.getByTestId('today-entry').filter({ hasText: 'call with the client' });
      await row.waitFor();
      await row.getByRole('button', { name: 'Delete 1:30 call with the client' }).click();
      await expect.poll(() => row.count()).toBe(0);
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered (hidden text left out), is what these check; not the DOM property
      await expect.poll(() => page.getByTestId('undo-line').innerText()).toMatch(/Deleted 1:30: call with the client/);
      await page.getByTestId('undo-line').waitFor({ state: 'detached', timeout: UNDO_GRACE_MS + 2_000 });
      await expect
        .poll(async () => (await collect(api.listEntries({ from: date, to: date }))).map((e) => e.id), {
          timeout: CONDITION_WAIT_MS,
        })
        .not.toContain(entry.id);
    });
    expect(problems).toEqual([]);
  });
});
