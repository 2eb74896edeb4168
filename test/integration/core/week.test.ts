// The week view against the real local service over HTTP: the shown week is one read (today's
// entries among it), another week is read when shown, and an entry of another day moves to the
// date the user typed, on the service too.
import { describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import { addDays, weekOf } from '../../../common/week';
import type { FaultProxy } from '../../support/faultProxy';
import { until } from '../../support/offline';
import { must, type Local, localForFile, type TempDir } from './harness';
import { SENT } from '../../../common/savedHere';

let local: Local;
let proxy: FaultProxy;
let dir: TempDir;
localForFile((shared) => ({ local, proxy, dir } = shared));

const entryReads = () => proxy.recent.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/entries'));

describe('the week view with the local service', () => {
  it('reads the shown week in one request, another week when shown, and moves an entry to another day', async () => {
    const today = localDate(local.clock.now());
    // The local service's users start their week on Monday.
    const week = weekOf(today, 'monday');
    const lastWeek = weekOf(addDays(week.start, -7), 'monday');
    const project = await local.api.createProject({ name: `Week ${process.pid}` });
    await local.api.createEntry({ date: today, minutes: 30, project_id: project.id, description: 'today' });
    await local.api.createEntry({ date: week.start, minutes: 45, project_id: project.id, description: 'first day' });
    const old = await local.api.createEntry({ date: lastWeek.start, minutes: 60, project_id: project.id });

    const before = entryReads().length;
    const core = await local.core(dir.path, local.client(proxy.url));
    await until(() => core.getSnapshot().week.loaded, 'the week read');
    await core.whenIdle();
    const reads = entryReads().slice(before);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.path).toContain(`from=${week.start}&to=${week.end}`);
    expect(reads[0]!.path).toContain('per_page=1000');
    const snap = core.getSnapshot();
    expect(snap.week).toMatchObject({ ...week, weekStart: 'monday', isCurrent: true, stale: false });
    expect(snap.today.entries.map((e) => e.description)).toContain('today');
    const mine = snap.week.projects.find((p) => p.projectName === project.name)!;
    expect(mine.totalMinutes).toBe(75);

    expect(await core.handlers.showWeek({ weekOf: '2025-02-30' })).toMatchObject({
      ok: false,
      error: { field: 'weekOf' },
    });
    // Last week: its read, and today's on its own (today is not in it).
    const shown = await must(core.handlers.showWeek({ weekOf: lastWeek.start }));
    expect(shown).toEqual(lastWeek);
    await until(() => core.getSnapshot().week.loaded && core.getSnapshot().week.start === lastWeek.start, 'last week');
    await core.whenIdle();
    expect(entryReads().length - before).toBe(3);
    expect(core.getSnapshot().week.days[0]!.entries.map((e) => e.id)).toEqual([old.id]);
    expect(core.getSnapshot().today.entries.map((e) => e.description)).toContain('today');

    // A future day is refused at the Date field; a day of last week is taken, here and on the service.
    const tomorrow = addDays(today, 1);
    const refused = await core.handlers.updateEntry({
      key: String(old.id),
      time: '1:00',
      description: '',
      project: project.name,
      date: tomorrow,
    });
    expect(refused).toMatchObject({ ok: false, error: { field: 'date' } });
    const moved = addDays(lastWeek.start, 2);
    await must(
      core.handlers.updateEntry({
        key: String(old.id),
        time: '1:00',
        description: '',
        project: project.name,
        date: moved,
      }),
    );
    expect(core.getSnapshot().week.days[2]!.entries.map((e) => e.id)).toEqual([old.id]);
    await core.whenIdle();
    expect((await local.api.getEntry(old.id)).date).toBe(moved);
    expect(core.getSnapshot().week.days[2]!.entries).toMatchObject([{ id: old.id, status: SENT }]);
  });
});
