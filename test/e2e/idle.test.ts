// The idle prompt in the window: the real core and service behind the web host, in Chromium. The
// OS is the one thing faked: the shell's lock and unlock events are sent to core as they would be,
// the lock dated half an hour back.

import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { must } from '../support/result';
import { until } from '../support/offline';
import { elsewhere, explained, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
stackForFile((shared) => ({ stack } = shared));

/** axe-core's rules over the prompt (the page's CSP does not apply to evaluate). */
async function violations(page: Page, selector: string): Promise<string[]> {
  const require = createRequire(import.meta.url);
  await page.evaluate(require('node:fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') as string);
  return page.evaluate(async (include) => {
    const axe = (
      globalThis as unknown as {
        axe: { run(c: object): Promise<{ violations: Array<{ id: string; nodes: Array<{ html: string }> }> }> };
      }
    ).axe;
    const result = await axe.run({ include: [include] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`));
  }, selector);
}

describe('the idle prompt', () => {
  it('appears after time away with focus on Keep, and Discard takes that time off the service’s timer', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const core = stack.account.core;
      const api = elsewhere(stack);

      // An hour on Website, running.
      const { projectId } = await must(core.handlers.createProject({ name: 'Website' }));
      await must(core.handlers.startTimer({ projectId }));
      await core.whenIdle();
      const id = core.getSnapshot().timers[0]!.projectId;
      await api.addOrSubtractTime(id, { seconds: 3600 });
      await must(core.handlers.refresh({}));
      await until(() => core.getSnapshot().timers[0]!.seconds >= 3600, 'the added hour to be read');

      core.notify({ kind: 'lock', at: Date.now() - 30 * 60_000 });
      core.notify({ kind: 'unlock', at: Date.now() });

      const prompt = page.getByRole('alertdialog', { name: 'Time away' });
      await prompt.waitFor();
      // The clock as the window writes it, in the browser's locale (with the day in front when the
      // time away began before midnight) (renderer/dateTime.ts): 19:26 or 7:26 PM.
      expect(await prompt.textContent()).toMatch(
        /You were away 30 min \(since (?:[^)]*\d{4},? )?\d{1,2}:\d\d(?:[\s\u202f][AP]M)?\) while Website ran\./,
      );
      await expect.poll(() => page.locator(':focus').textContent()).toBe('Keep');
      expect(await violations(page, '[data-testid="idle-prompt"]')).toEqual([]);
      await page.screenshot({ path: join('artifacts', 'e2e-idle-prompt.png'), fullPage: true });

      await prompt.getByRole('button', { name: 'Discard 0:30' }).click();
      await expect.poll(() => prompt.count()).toBe(0);
      await core.whenIdle();
      const timer = await api.getTimer(id);
      expect(timer.state).toBe('running');
      expect(Math.abs(timer.seconds - 1800)).toBeLessThan(10);
      expect(problems).toEqual([]);
    });
  });
});
