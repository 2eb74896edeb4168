// Billable at a glance, in Chromium against the real local service over HTTP (issue 22 item 14):
// an entry shows whether it is billable; unticking Billable in its editor writes the service's
// unbillable tag into the description, Save sends it through the outbox like every edit, and the
// service then holds the entry as not billable; ticking it again makes it billable again. The
// page, with the marks and the form, is axe-clean in both themes.

import { describe, expect, it } from 'vitest';
import { localDate } from '../../common/format';
import type { ServiceApi } from '../../main/api/types';
import { axeViolations } from './axe';
import { explained, openApp, pageTheme, type Stack, stackForFile } from './support';

let stack: Stack;
let api: ServiceApi;
stackForFile((shared) => ({ stack, api } = shared));

describe('billable in the entry editor', () => {
  it('unticking Billable makes the entry unbillable on the service, ticking it makes it billable again', async () => {
    // bypassCSP lets axe's script in (the check only; the CSP is tested elsewhere).
    const context = await stack.browser.newContext({ bypassCSP: true, viewport: { width: 420, height: 760 } });
    const { page, problems } = await openApp(stack, { context });
    await explained(stack, page, async () => {
      const website = await api.createProject({ name: 'Website', color: '#ffeb3b' });
      const entry = await api.createEntry({
        date: localDate(Date.now()),
        minutes: 90,
        project_id: website.id,
        description: 'call with the client',
      });
      await page.getByRole('button', { name: 'Refresh' }).click();
      const row = page.getByTestId('today-entry').filter({ hasText: 'call with the client' });
      await row.getByRole('img', { name: 'Billable' }).waitFor();

      await row.getByRole('button', { name: 'Edit 1:30 Website call with the client' }).click();
      const form = page.getByRole('form', { name: 'Edit entry: 1:30 Website call with the client' });
      const billable = form.getByRole('checkbox', { name: 'Billable' });
      expect(await billable.isChecked()).toBe(true);
      await billable.uncheck();
      expect(await form.getByLabel('Description').inputValue()).toBe('call with the client #unbillable*');

      const violations: string[] = [];
      for (const theme of ['light', 'dark'] as const) {
        expect((await stack.account.core.handlers.updateSettings({ theme })).ok).toBe(true);
        await expect.poll(() => pageTheme(page)).toBe(theme);
        violations.push(...(await axeViolations(page)).map((v) => `${theme}: ${v}`));
      }
      expect(violations).toEqual([]);

      await form.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => form.count()).toBe(0);
      const edited = page.getByTestId('today-entry').filter({ hasText: 'call with the client #unbillable*' });
      // Shown at once, before the service answers.
      await edited.getByRole('img', { name: 'Not billable' }).waitFor();
      await expect.poll(async () => (await api.getEntry(entry.id)).billable, { timeout: 20_000 }).toBe(false);
      expect((await api.getEntry(entry.id)).description).toBe('call with the client #unbillable*');

      // And back: ticked, the tag goes and the service bills the entry again.
      await edited.getByRole('button', { name: /^Edit 1:30 Website/ }).click();
      const again = page.getByRole('form', { name: /^Edit entry: 1:30 Website/ });
      expect(await again.getByRole('checkbox', { name: 'Billable' }).isChecked()).toBe(false);
      await again.getByRole('checkbox', { name: 'Billable' }).check();
      expect(await again.getByLabel('Description').inputValue()).toBe('call with the client');
      await again.getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => (await api.getEntry(entry.id)).billable, { timeout: 20_000 }).toBe(true);
      await row.getByRole('img', { name: 'Billable' }).waitFor();
      await expect.poll(() => stack.account.core.getSnapshot().outbox.pending, { timeout: 20_000 }).toBe(0);
      expect(stack.account.core.getSnapshot().outbox.failed).toEqual([]);
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});
