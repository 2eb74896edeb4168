// A failed operation is fixed in the window: the real service refuses a quick entry (its project
// was archived there after the window last read it), the entry shows as not saved with the
// service's words, the user edits it by keyboard, and the service then holds it exactly once.
// A bad value typed in the edit form is refused at its field, keeping what was typed. Notices (a
// conflict reconciled while sending) show in a polite live region until dismissed.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import type { Entry } from '../../wire/serviceTypes';
import type { Snapshot } from '../../common/snapshot';
import type { Catalog } from '../../common/i18n/words';
import { windowCatalog } from '../../platform/catalogFiles';
import type { ServiceApi } from '../../main/api/types';
import { explained, focusedAttribute, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

/** The page's globals this file reads, loosely: it is type-checked without the DOM's types. */
interface PageGlobals {
  document: { activeElement: { getAttribute(name: string): string | null } | null };
  stint?: object;
  dismissed?: string[];
}

async function todaysEntries(): Promise<Entry[]> {
  const today = localDate(Date.now());
  const entries: Entry[] = [];
  for await (const e of api.listEntries({ from: today, to: today })) entries.push(e);
  return entries;
}

describe('editing a failed operation in the window', () => {
  it('fixes a quick entry the service refused, and the service gets it once', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const website = await api.createProject({ name: 'Website' });
      await api.createProject({ name: 'Backend' });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect
        .poll(() => stack.account.core.getSnapshot().projects.map((p) => p.name))
        .toEqual(['Backend', 'Website']);
      // Archived behind the window's back: it still offers Website, and the service refuses the
      // entry. (Only a project with entries can be archived: one from yesterday.)
      await api.createEntry({ date: localDate(Date.now() - 86_400_000), minutes: 15, project_id: website.id });
      await api.archiveProject(website.id);

      const box = page.getByRole('combobox', { name: 'Log time for today' });
      await box.fill('0:45 @Website call with the client');
      await box.press('Enter');

      const failed = page.getByTestId('failed-operation');
      await expect.poll(() => failed.count(), { timeout: 10_000 }).toBe(1);
      expect(await failed.textContent()).toContain('Log 0:45 on Website: call with the client');
      expect(await failed.textContent()).toContain('Project "Website" is archived');

      // A time that does not parse is refused at the time field, and what was typed stays.
      await failed.getByRole('button', { name: 'Edit: Log 0:45 on Website: call with the client' }).click();
      const form = page.getByRole('form', { name: /^Edit: Log 0:45 on Website/ });
      const time = form.getByLabel('Time');
      await expect.poll(() => focusedAttribute(page, 'name')).toBe('time');
      expect(await time.inputValue()).toBe('0:45');
      expect(await form.getByLabel('Date').inputValue()).toBe(localDate(Date.now()));
      expect(await form.getByLabel('Project', { exact: true }).inputValue()).toBe('Website');
      expect(await form.getByLabel('Description').inputValue()).toBe('call with the client');
      await time.fill('soon');
      await time.press('Enter');
      const timeError = form.getByTestId('edit-error-time');
      await expect.poll(() => timeError.textContent()).toContain('“soon” is not a time');
      expect(await time.inputValue()).toBe('soon');
      expect(await time.getAttribute('aria-invalid')).toBe('true');
      expect((await time.getAttribute('aria-describedby'))?.split(' ')).toContain(await timeError.getAttribute('id'));
      expect(stack.account.core.getSnapshot().outbox.failed).toHaveLength(1);
      await page.screenshot({ path: join('artifacts', 'e2e-failed-edit-error.png'), fullPage: true });

      // Escape leaves the form as it was, back on its Edit button.
      await time.press('Escape');
      await expect.poll(() => form.count()).toBe(0);
      const edit = failed.getByRole('button', { name: /^Edit:/ });
      await expect
        .poll(() => edit.evaluate((b) => b === (globalThis as unknown as PageGlobals).document.activeElement))
        .toBe(true);

      // By keyboard: open again, move the entry to Backend with an hour, save with Enter.
      await page.keyboard.press('Enter');
      await expect.poll(() => time.inputValue()).toBe('0:45');
      await expect.poll(() => focusedAttribute(page, 'name')).toBe('time');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('1:00');
      const project = form.getByLabel('Project', { exact: true });
      await project.focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Backend');
      await page.keyboard.press('Enter');

      await expect.poll(() => page.getByTestId('failed-operations').count(), { timeout: 10_000 }).toBe(0);
      await expect.poll(() => stack.account.core.getSnapshot().outbox.pending, { timeout: 10_000 }).toBe(0);
      const entries = await todaysEntries();
      expect(entries.map((e) => [e.project?.name, e.minutes, e.description])).toEqual([
        ['Backend', 60, 'call with the client'],
      ]);
      expect(entries[0]!.source_url).toMatch(/^https:\/\/stint\.invalid\/op\//);

      const shown = page.locator('[data-testid="today-entry"][data-project="Backend"]');
      await expect.poll(() => shown.getByTestId('entry-minutes').textContent()).toBe('1:00');
      await expect.poll(() => shown.textContent()).not.toContain('saved here');
      // The notices' live region is in the page before anything is announced in it.
      expect(await page.getByRole('status', { name: 'Notices' }).count()).toBe(1);
      await page.screenshot({ path: join('artifacts', 'e2e-failed-edit-saved.png'), fullPage: true });
      expect(problems).toEqual([]);
    });
  });
});

describe('notices in the window', () => {
  it('are announced politely and dismissed one by one, by keyboard', async () => {
    // The page is given a bridge holding two notices, as the preload gives one in Electron: the
    // messages come from sending timer changes (senders/sendOnce.ts), which this test does not provoke.
    const snapshot: Snapshot = {
      ...stack.account.core.getSnapshot(),
      notices: [
        { id: 'n2', message: 'Backend’s timer was paused elsewhere; it stays paused.', at: Date.now() },
        { id: 'n1', message: 'Website’s timer was changed elsewhere: kept the time from both.', at: Date.now() - 1000 },
      ],
    };
    const page = await stack.browser.newPage({ viewport: { width: 420, height: 760 } });
    page.setDefaultTimeout(5_000);
    await page.addInitScript(
      ({ initial, english }: { initial: Snapshot; english: Catalog }) => {
        let current = initial;
        const listeners = new Set<(s: Snapshot) => void>();
        const dismissed: string[] = [];
        const done = async () => ({ ok: true, value: null });
        const globals = globalThis as unknown as PageGlobals;
        globals.dismissed = dismissed;
        globals.stint = new Proxy(
          {
            getSnapshot: async () => ({ ok: true, value: current }),
            // The window's words, as main hands them over before the first paint.
            getCatalog: async () => ({ ok: true, value: english }),
            // Named, or the fallback below would answer it with a promise for the first render.
            latestSnapshot: () => current,
            onSnapshot: (l: (s: Snapshot) => void) => (listeners.add(l), () => listeners.delete(l)),
            onUiCommand: () => () => {},
            async dismissNotice({ id }: { id: string }) {
              dismissed.push(id);
              current = { ...current, notices: current.notices.filter((n) => n.id !== id) };
              for (const l of listeners) l(current);
              return { ok: true, value: null };
            },
          },
          { get: (target, key) => (target as Record<string | symbol, unknown>)[key] ?? done },
        );
      },
      { initial: snapshot, english: windowCatalog('en') },
    );
    await page.goto(stack.host.openUrl);

    const region = page.getByRole('status', { name: 'Notices' });
    await region.waitFor();
    expect(await region.getAttribute('aria-live')).toBe('polite');
    const notices = region.getByTestId('notice');
    expect(await notices.allTextContents()).toEqual([
      expect.stringContaining('Backend’s timer was paused'),
      expect.stringContaining('Website’s timer was changed'),
    ]);
    await page.screenshot({ path: join('artifacts', 'e2e-notices.png'), fullPage: true });

    await region.getByRole('button', { name: /^Dismiss: Backend/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => notices.count()).toBe(1);
    // Focus moves to the notice now in its place, so the next Enter dismisses that one.
    await expect.poll(() => focusedAttribute(page, 'aria-label')).toMatch(/^Dismiss: Website/);
    await page.keyboard.press('Enter');
    await expect.poll(() => notices.count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).dismissed)).toEqual(['n2', 'n1']);
    // The region stays, empty, ready for the next announcement.
    expect(await region.count()).toBe(1);
    await page.close();
  });
});
