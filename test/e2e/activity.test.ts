// The Activity view in Chromium against the real core and service (issue 14): an entry logged in
// quick entry shows in the Activity view confirmed, with the id the service gave it and how long it
// took; Export JSON downloads the same, with no secret of the account in it.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collect } from '../../main/api/types';
import { elsewhere, explained, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
stackForFile((shared) => ({ stack } = shared));

describe('Activity', () => {
  it('shows a logged entry confirmed with its service id, and exports it as JSON', async () => {
    const api = elsewhere(stack);
    const project = await api.createProject({ name: 'Ledger' });
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const quick = page.getByRole('combobox', { name: 'Log time for today' });
      await quick.fill('0:25 @Ledger ledger check');
      await quick.press('Enter');
      const onService = () => collect(api.listEntries({ project_ids: [project.id] }));
      await expect.poll(async () => (await onService()).length).toBe(1);
      const [entry] = await onService();

      await page.getByRole('link', { name: 'Activity' }).click();
      await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
      const row = page.getByTestId('activity-table').getByRole('row').filter({ hasText: 'ledger check' });
      await expect
        .poll(() => row.getByRole('cell').allTextContents())
        .toEqual([
          expect.any(String),
          // What the service stores: 0:25 rounded up to the project's 15 minutes (issue 27 item 10).
          'Log 0:30 on Ledger: ledger check',
          'Confirmed',
          expect.stringMatching(/s$/),
          `id ${entry!.id}`,
        ]);
      expect(await page.getByTestId('activity-waiting').textContent()).toContain('nothing waiting');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export JSON' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^stint-activity-.*\.json$/);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(JSON.parse(text).entries[0]).toMatchObject({
        state: 'confirmed',
        serviceId: entry!.id,
        kind: 'createEntry',
      });
      expect(text).not.toContain(stack.account.service.token);

      await page.getByRole('link', { name: 'Back to Stint' }).click();
      await page.getByTestId('timers').waitFor();
    });
    expect(problems).toEqual([]);
  });
});
