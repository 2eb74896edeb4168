// The calendars' thread in the shipped bundle (issue 28 item 1): main/core/calendars/calendarThread.ts
// bundled as CommonJS the way scripts/build.mjs bundles main, with the worker entry beside it as
// calendarWorker.cjs, starts its thread from that file (no tsx, no sources) and gets a day listed.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { externalExceptEsmOnly, importMetaUrlInCjs } from '../../../scripts/build.mjs';
import type { startCalendarThread as StartCalendarThread } from '../../../main/core/calendars/calendarThread';
import { dstWeekCalendar } from '../../support/calendars';
import { root } from '../../../scripts/electronBinary.mjs';

// Inside the project, as dist/main is: the bundle's packages (ical.js) load from its node_modules.
mkdirSync(join(root, 'dist'), { recursive: true });
const work = mkdtempSync(join(root, 'dist', '.calendar-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the calendars thread, bundled', () => {
  it('starts from calendarWorker.cjs beside the bundle and lists a day', async () => {
    await build({
      entryPoints: {
        account: 'main/core/calendars/calendarThread.ts',
        calendarWorker: 'main/core/calendars/calendarWorker.ts',
      },
      outdir: work,
      outExtension: { '.js': '.cjs' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node24',
      logLevel: 'silent',
      plugins: [externalExceptEsmOnly(['conf'])],
      ...importMetaUrlInCjs,
    });
    const { startCalendarThread } = createRequire(import.meta.url)(join(work, 'account.cjs')) as {
      startCalendarThread: typeof StartCalendarThread;
    };
    const thread = startCalendarThread();
    try {
      const from = Date.UTC(2026, 9, 21);
      const answer = await thread.load('c', dstWeekCalendar(), [{ date: 'd', from, to: from + 86_400_000 }]);
      expect(answer.ok || answer.message).toBe(true);
      expect(answer).toMatchObject({ ok: true, facts: { eventCount: 6, name: 'Work' } });
      expect(answer.ok && answer.days.d!.map((o) => o.summary)).toContain('Team offsite');
    } finally {
      thread.stop();
    }
  });
});
