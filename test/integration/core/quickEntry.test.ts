// Quick entry and the project-name rule against the real local service: the day it logs to, the
// minutes the service stores, names the service cannot take refused before anything is queued,
// the entry editor creating a new project as quick entry does, and the projects used recently.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../common/dayWords';
import { localDate } from '../../../common/format';
import { collect } from '../../../main/api/types';
import type { Core } from '../../../main/core/types';
import { until } from '../../support/offline';
import { must, untilSynced, type Local, localForFile, type TempDir } from './harness';

let local: Local;
let dir: TempDir;
localForFile((shared) => ({ local, dir } = shared));

let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid}x${++counter}`;
const today = () => localDate(local.clock.now());
const onService = async (date: string, description: string) =>
  (await collect(local.api.listEntries({ from: date, to: date }))).filter((e) => e.description === description);

/** Core has read the projects made on the service from outside it. */
const untilKnows = (core: Core, ...names: string[]) =>
  until(() => names.every((n) => core.getSnapshot().projects.some((p) => p.name === n)), 'projects read');

describe('quick entry with the local service', () => {
  it('logs "yesterday 9:00-10:30" to yesterday, 90 minutes, and answers that day', async () => {
    const project = await local.api.createProject({ name: unique('Website') });
    const core = await local.core(dir.path);
    await untilKnows(core, project.name);
    const note = unique('review');
    const yesterday = addDays(today(), -1);
    const answer = await must(core.handlers.quickEntry({ text: `yesterday 9:00-10:30 @${project.name} ${note}` }));
    expect(answer).toEqual({
      minutes: 90,
      typedMinutes: 90,
      increment: 15,
      projectName: project.name,
      date: yesterday,
      key: expect.any(String),
    });
    await untilSynced(core);
    expect((await onService(yesterday, note)).map((e) => [e.minutes, e.project?.id])).toEqual([[90, project.id]]);
    expect(await onService(today(), note)).toEqual([]);
  });

  it('answers the minutes the service stores after the project billing increment', async () => {
    const project = await local.api.createProject({ name: unique('Remote'), billing_increment: 30 });
    const core = await local.core(dir.path);
    await untilKnows(core, project.name);
    const note = unique('x');
    const answer = await must(core.handlers.quickEntry({ text: `0:20 @${project.name} ${note}` }));
    expect(answer).toMatchObject({ minutes: 30, typedMinutes: 20, increment: 30 });
    await untilSynced(core);
    expect((await onService(today(), note)).map((e) => e.minutes)).toEqual([30]);
  });

  it('creates a new project of two words written in quotes, the rest the note (issue 22)', async () => {
    const core = await local.core(dir.path);
    await untilSynced(core);
    const name = `Acme Corp ${process.pid}x${++counter}`;
    const note = unique('design');
    const answer = await must(core.handlers.quickEntry({ text: `1:00 @"${name}" ${note}` }));
    expect(answer.projectName).toBe(name);
    await untilSynced(core);
    expect((await onService(today(), note)).map((e) => e.project?.name)).toEqual([name]);
  });

  it('refuses a project name longer than the service takes at the field, queueing nothing', async () => {
    const core = await local.core(dir.path);
    await untilSynced(core);
    const answer = await core.handlers.quickEntry({ text: `1:00 @${'n'.repeat(300)} x` });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'A project name can be at most 255 characters; this one has 300.',
        field: 'project',
      },
    });
    expect(core.getSnapshot().outbox).toEqual({ pending: 0, failed: [] });
  });

  it('refuses a future ISO date at the date field', async () => {
    const core = await local.core(dir.path);
    const answer = await core.handlers.quickEntry({ text: `${addDays(today(), 1)} 1:00 x` });
    expect(answer).toMatchObject({ ok: false, error: { field: 'date', message: /is in the future/ } });
    expect(core.getSnapshot().outbox.pending).toBe(0);
  });

  it('the entry editor moves an entry to a new project name, which the service creates', async () => {
    const project = await local.api.createProject({ name: unique('Website') });
    const core = await local.core(dir.path);
    await untilKnows(core, project.name);
    const note = unique('moved');
    await must(core.handlers.quickEntry({ text: `1:00 @${project.name} ${note}` }));
    await untilSynced(core);
    const entry = core.getSnapshot().today.entries.find((e) => e.description === note)!;
    const newName = unique('Zeta');
    await must(core.handlers.updateEntry({ key: entry.key, time: '1:00', description: note, project: newName }));
    await untilSynced(core);
    const [moved] = await onService(today(), note);
    expect(moved?.project?.name).toBe(newName);
    expect(core.getSnapshot().projects.map((p) => p.name)).toContain(newName);
    expect(core.getSnapshot().today.entries.find((e) => e.description === note)?.projectName).toBe(newName);
  });

  it("puts the projects of today's entries in recentProjectIds, newest first", async () => {
    const a = await local.api.createProject({ name: unique('Alpha') });
    const b = await local.api.createProject({ name: unique('Beta') });
    const core = await local.core(dir.path);
    await untilKnows(core, a.name, b.name);
    await must(core.handlers.quickEntry({ text: `0:15 @${a.name} one` }));
    await must(core.handlers.quickEntry({ text: `0:15 @${b.name} two` }));
    const recent = core.getSnapshot().recentProjectIds;
    expect(recent.indexOf(b.id)).toBeGreaterThanOrEqual(0);
    expect(recent.indexOf(b.id)).toBeLessThan(recent.indexOf(a.id));
    await untilSynced(core);
    const read = core.getSnapshot().recentProjectIds;
    expect(read.indexOf(b.id)).toBeLessThan(read.indexOf(a.id));
  });
});
