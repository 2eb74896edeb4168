// Continue (or a new timer with a note) on a project whose timer already has time and another
// note, against the real local service. The service has one timer per project, so the two cannot
// both run: core refuses to put the new note over the time so far until the user answers (the
// window asks): log it apart as its own entry (as Toggl's Continue and Harvest's Start keep both),
// or keep it under the new note. Nothing is rewritten without a word (issue 22 item 6).
import { describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import { collect } from '../../../main/api/types';
import type { Core } from '../../../main/core/types';
import { uniqueName } from '../../support/names';
import { until } from '../../support/offline';
import { must, untilSynced, type Local, localForFile, type TempDir } from './harness';

const MIN = 60_000;
let local: Local;
let dir: TempDir;
localForFile((shared) => ({ local, dir } = shared));

const untilKnows = (core: Core, id: number) =>
  until(() => core.getSnapshot().projects.some((p) => p.id === id), 'the project read');

// From yesterday: the harness's clock moves on by the hours these tests let pass, so after about
// 22:00 an entry logged from a timer started before midnight is on the day it started, not today.
const entriesOn = async (projectId: number) =>
  (
    await collect(
      local.api.listEntries({ from: localDate(local.clock.now() - 24 * 60 * MIN), to: localDate(local.clock.now()) }),
    )
  )
    .filter((e) => e.project?.id === projectId)
    .map((e) => [e.description, e.minutes]);

describe('continuing an entry on a project whose timer has time under another note', () => {
  it.each(['running', 'paused'] as const)(
    'keeps the %s timer’s note and time and asks what becomes of them',
    async (state) => {
      const { core, project } = await timed(state);

      const asked = await core.handlers.startTimer({ projectId: project.id, description: 'call client' });
      expect(asked.ok ? 'started' : asked.error).toMatchObject({ field: 'timeSoFar' });
      expect(asked.ok ? '' : asked.error.message).toContain('0:40 on “write report”');
      const shown = core.getSnapshot().timers.find((t) => t.projectId === project.id);
      expect(shown).toMatchObject({ state, description: 'write report' });
      await untilSynced(core);
      const timer = await local.api.getTimer(project.id);
      expect([timer.state, timer.description]).toEqual([state, 'write report']);
      expect(timer.seconds).toBeGreaterThanOrEqual(40 * 60);
      expect(await entriesOn(project.id)).toEqual([]);
    },
  );

  it('logs the time so far under its own note and starts the entry’s note at 0:00 when told to', async () => {
    const { core, project } = await timed('running');
    await must(core.handlers.startTimer({ projectId: project.id, description: 'call client', timeSoFar: 'log' }));
    const shown = core.getSnapshot().timers.find((t) => t.projectId === project.id);
    expect(shown).toMatchObject({ state: 'running', description: 'call client', seconds: 0 });
    await untilSynced(core);

    expect(await entriesOn(project.id)).toEqual([['write report', 45]]);
    const timer = await local.api.getTimer(project.id);
    expect([timer.state, timer.description]).toEqual(['running', 'call client']);
    expect(timer.seconds).toBeLessThan(5 * 60);
  });

  it('keeps the time under the new note when told to', async () => {
    const { core, project } = await timed('paused');
    await must(core.handlers.startTimer({ projectId: project.id, description: 'call client', timeSoFar: 'keep' }));
    await untilSynced(core);
    expect(await entriesOn(project.id)).toEqual([]);
    const timer = await local.api.getTimer(project.id);
    expect([timer.state, timer.description]).toEqual(['running', 'call client']);
    expect(timer.seconds).toBeGreaterThanOrEqual(40 * 60);
  });

  it('cuts long notes in its question, as the card cuts them, since the question names the group for screen readers', async () => {
    const { core, project } = await timed('running');
    const long = 'a'.repeat(3000);
    const asked = await core.handlers.startTimer({ projectId: project.id, description: long });
    const question = asked.ok ? '' : asked.error.message;
    expect(question).toContain('0:40 on “write report”');
    expect(question).toContain('…');
    expect(question.length).toBeLessThan(300);
  });

  it('gives a timer with no note of its own the note, keeping its time, without asking', async () => {
    const project = await local.api.createProject({ name: uniqueName('Continue') });
    const core = await local.core(dir.path);
    await untilKnows(core, project.id);
    await must(core.handlers.startTimer({ projectId: project.id }));
    await untilSynced(core);
    local.clock.pass(20 * MIN);
    await must(core.handlers.startTimer({ projectId: project.id, description: 'call client' }));
    await untilSynced(core);
    expect(await entriesOn(project.id)).toEqual([]);
    const timer = await local.api.getTimer(project.id);
    expect(timer.description).toBe('call client');
    expect(timer.seconds).toBeGreaterThanOrEqual(20 * 60);
  });
});

/** A project (15-minute increment) whose timer has timed 40 minutes on “write report”, left running or paused. */
async function timed(state: 'running' | 'paused') {
  const project = await local.api.createProject({ name: uniqueName('Continue'), billing_increment: 15 });
  const core = await local.core(dir.path);
  await untilKnows(core, project.id);
  await must(core.handlers.startTimer({ projectId: project.id, description: 'write report' }));
  await untilSynced(core);
  local.clock.pass(40 * MIN);
  if (state === 'paused') {
    await must(core.handlers.pauseTimer({ projectId: project.id }));
    await untilSynced(core);
  }
  return { core, project };
}
