// The user's own time format (current_user time_format, spec 001) against the real local service:
// the snapshot carries it, so the window, the tray and the command line write every duration as
// the user chose on the service ("1.50" for fractions), and a change there shows after a read.
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { localDate } from '../../../common/format';
import type { Core } from '../../../main/core/types';
import { describeOperation, editableValues, type Operation } from '../../../main/core/model/operations';
import { mainWords } from '../../../main/core/mainWords';
import { trayModel } from '../../../main/core/views/trayModel';
import { until } from '../../support/offline';
import { must, untilSynced, type Local, localForFile, type TempDir } from './harness';

let local: Local;
let dir: TempDir;
localForFile((shared) => ({ local, dir } = shared));

/** Today's CSV as the export writes it. */
async function todaysCsv(core: Core): Promise<string> {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const day = localDate(local.clock.now());
  await must(core.exportCsv({ from: day, to: day }, out));
  return chunks.join('');
}

describe("the user's time format", () => {
  it('is read from the service: fractions make today 1.50 in the tray (issue 22)', async () => {
    await local.api.updateCurrentUser({ time_format: 'fraction' });
    const core = await local.core(dir.path);
    await untilSynced(core);
    await until(() => core.getSnapshot().user !== null, 'the user read');
    expect(core.getSnapshot().timeFormat).toBe('fraction');
    await must(core.handlers.quickEntry({ text: '1:30 no project' }));
    await untilSynced(core);
    expect(
      trayModel(core.getSnapshot(), local.clock.now(), 'linux', mainWords('en')).menu.find((i) => i.id === 'today')
        ?.label,
    ).toBe('Today: 1.50');
    // The CSV keeps its minutes; its hours follow the user.
    expect(await todaysCsv(core)).toContain(',90,1.50,,');
  });

  it('is hours and minutes for a user who chose them, in the CSV’s hours too', async () => {
    await local.api.updateCurrentUser({ time_format: 'hours_minutes' });
    const core = await local.core(dir.path);
    await untilSynced(core);
    await until(() => core.getSnapshot().user !== null, 'the user read');
    expect(core.getSnapshot().timeFormat).toBe('hours_minutes');
    expect(await todaysCsv(core)).toContain(',90,1:30,,');
  });

  it("writes what main says in the window in it too: the undo line, a failed change's words and its edit form", async () => {
    await local.api.updateCurrentUser({ time_format: 'fraction' });
    const core = await local.core(dir.path);
    await untilSynced(core);
    await until(() => core.getSnapshot().timeFormat === 'fraction', 'the user read');
    await must(core.handlers.quickEntry({ text: '1:30 undo me' }));
    await untilSynced(core);
    const entry = core.getSnapshot().today.entries.find((e) => e.description === 'undo me')!;
    await must(core.handlers.deleteEntry({ entryId: entry.id! }));
    expect(core.getSnapshot().undo.map((u) => u.summary)).toEqual(['Deleted 1.50: undo me']);
    await must(core.handlers.undo({ id: core.getSnapshot().undo[0]!.id }));

    // A failed entry (the list of changes not saved) reads as the user reads durations.
    const op = { kind: 'createEntry', minutes: 90, projectName: 'Website', description: 'call', date: '2026-11-27' };
    expect(describeOperation(op as Operation, 'fraction')).toBe('Log 1.50 on Website: call');
    expect(editableValues(op as Operation, 'fraction')[0]).toEqual({ field: 'time', value: '1.50' });
  });
});

describe("the user's time format and week start chosen in Stint (issue 27 item 9)", () => {
  it('show at once, go through the outbox once, and the service has them', async () => {
    await local.api.updateCurrentUser({ time_format: 'hours_minutes', week_start: 'monday' });
    const core = await local.core(dir.path);
    await untilSynced(core);
    await until(() => core.getSnapshot().user !== null, 'the user read');
    await must(core.handlers.quickEntry({ text: '1:30 chosen format' }));
    await must(core.handlers.updateCurrentUser({ timeFormat: 'fraction', weekStart: 'sunday' }));
    // Before the service has it: the snapshot shows the choice, and so does the tray.
    const shown = core.getSnapshot();
    expect(shown.timeFormat).toBe('fraction');
    expect(shown.week.weekStart).toBe('sunday');
    expect(
      trayModel(shown, local.clock.now(), 'linux', mainWords('en')).menu.find((i) => i.id === 'today')?.label,
    ).toMatch(/^Today: \d+\.\d\d$/);
    await untilSynced(core);
    const me = await local.api.getCurrentUser();
    expect([me.time_format, me.week_start]).toEqual(['fraction', 'Sunday']);
    // Read back, it stays; and the change is one operation, in the user's words.
    expect(core.getSnapshot().timeFormat).toBe('fraction');
    expect(core.getSnapshot().week.weekStart).toBe('sunday');
    const words = (await must(core.handlers.getActivity({}))).entries.map((e) => e.what);
    expect(words.filter((w) => w.startsWith('Write times'))).toEqual(['Write times as 1.50, weeks start on Sunday']);
    await core.stop();
  });

  it('sends nothing when the choice is the one in use', async () => {
    await local.api.updateCurrentUser({ time_format: 'hours_minutes', week_start: 'monday' });
    const core = await local.core(dir.path);
    await untilSynced(core);
    await until(() => core.getSnapshot().user !== null, 'the user read');
    await must(core.handlers.updateCurrentUser({ timeFormat: 'hours_minutes', weekStart: 'monday' }));
    expect(core.getSnapshot().outbox.pending).toBe(0);
    await core.stop();
  });

  it('shows offline at once and is sent once the service answers', async () => {
    await local.api.updateCurrentUser({ time_format: 'hours_minutes', week_start: 'monday' });
    const offline = await local.offlineCore(dir.path);
    await must(offline.handlers.updateCurrentUser({ timeFormat: 'fraction' }));
    expect(offline.getSnapshot().timeFormat).toBe('fraction');
    expect(offline.getSnapshot().outbox.pending).toBe(1);
    await offline.stop();
    const core = await local.core(dir.path);
    await untilSynced(core);
    expect((await local.api.getCurrentUser()).time_format).toBe('fraction');
    expect(core.getSnapshot().timeFormat).toBe('fraction');
    await core.stop();
  });
});

describe("the Activity page's words for a change", () => {
  it('give the minutes the service stores, after the increment, not the ones typed (issue 27 item 10)', async () => {
    await local.api.updateCurrentUser({ time_format: 'fraction' });
    const name = `Halves ${process.pid}`;
    await local.api.createProject({ name, billing_increment: 30 });
    const core = await local.core(dir.path);
    await untilSynced(core);
    await until(() => core.getSnapshot().projects.some((p) => p.name === name), 'the projects read');
    await must(core.handlers.quickEntry({ text: `0:20 @${name} stored` }));
    const words = (await must(core.handlers.getActivity({}))).entries.map((e) => e.what);
    expect(words).toContain(`Log 0.50 on ${name}: stored`);
    await untilSynced(core);
    await core.stop();
  });
});
