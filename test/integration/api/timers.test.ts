// Timers against the real local service: the round trip the tray makes all day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { failureOf, startLocal, uniqueName, type Local } from './harness';

let local: Local;
beforeAll(async () => {
  local = await startLocal();
});
afterAll(() => local?.close());

describe('timers', () => {
  it('start, pause, add time, describe, log: the timer becomes an entry', async () => {
    const { api } = local;
    const project = await api.createProject({ name: uniqueName('Timers'), billing_increment: 1 });

    const started = await api.startTimer(project.id, { description: 'Writing #docs', entry_date: '2025-03-04' });
    expect(started.state).toBe('running');
    expect(started.project.id).toBe(project.id);
    expect(started.date).toBe('2025-03-04');
    expect(started.formatted_time).toMatch(/^\d\d:\d\d:\d\d$/);

    // Adjusted while running: spec 001 leaves a paused timer "unchanged" by add_or_subtract_time.
    const added = await api.addOrSubtractTime(project.id, { minutes: 20, seconds: 30 });
    expect(added.state).toBe('running');
    expect(added.seconds).toBeGreaterThanOrEqual(started.seconds + 20 * 60 + 30);
    expect(added.seconds).toBeLessThan(started.seconds + 20 * 60 + 30 + 5);
    const subtracted = await api.addOrSubtractTime(project.id, { minutes: -5 });
    expect(subtracted.seconds).toBeGreaterThanOrEqual(added.seconds - 5 * 60);
    expect(subtracted.seconds).toBeLessThan(added.seconds - 5 * 60 + 5);

    const paused = await api.pauseTimer(project.id);
    expect(paused.state).toBe('paused');
    expect(paused.seconds).toBeGreaterThanOrEqual(subtracted.seconds);
    // pausing a paused timer is harmless (why the client may repeat it)
    const again = await api.pauseTimer(project.id);
    expect(again.state).toBe('paused');
    expect(again.seconds).toBe(paused.seconds);

    const described = await api.updateTimer(project.id, { description: 'Reviewing #docs' });
    expect(described.description).toBe('Reviewing #docs');
    expect(described.state).toBe('paused');
    expect((await api.getTimer(project.id)).description).toBe('Reviewing #docs');

    await api.logTimer(project.id, { minutes: 25 });
    expect((await failureOf(api.getTimer(project.id))).kind).toBe('not_found');

    const entries = await collect(api.listEntries({ project_ids: [project.id] }));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ minutes: 25, date: '2025-03-04', description: 'Reviewing #docs' });
    expect(entries[0]!.tags.map((t) => t.name)).toEqual(['docs']);
  });

  it('starting a timer pauses the one that ran; the list shows the running one first', async () => {
    const { api } = local;
    const a = await api.createProject({ name: uniqueName('First') });
    const b = await api.createProject({ name: uniqueName('Second') });

    await api.startTimer(a.id);
    const running = await api.startTimer(b.id);
    expect(running.state).toBe('running');
    expect((await api.getTimer(a.id)).state).toBe('paused');
    // starting the running timer again changes nothing (why the client may repeat it)
    expect((await api.startTimer(b.id)).state).toBe('running');
    expect((await api.getTimer(a.id)).state).toBe('paused');

    const timers = await collect(api.listTimers({ projects: [a.id, b.id] }));
    expect(timers.map((t) => [t.project.id, t.state])).toEqual([
      [b.id, 'running'],
      [a.id, 'paused'],
    ]);
    expect((await collect(api.listTimers())).filter((t) => t.state === 'running')).toHaveLength(1);
    expect((await collect(api.listTimers({ projects: [a.id] }))).map((t) => t.project.id)).toEqual([a.id]);
  });

  it('discarding a timer leaves no entry; a missing timer answers not_found', async () => {
    const { api } = local;
    const project = await api.createProject({ name: uniqueName('Discard') });
    await api.startTimer(project.id);
    await api.deleteTimer(project.id);
    expect((await failureOf(api.getTimer(project.id))).kind).toBe('not_found');
    expect(await collect(api.listEntries({ project_ids: [project.id] }))).toEqual([]);

    // GAPS.md "Timers": 404 on GET, pause, add_or_subtract_time and log of a missing timer
    for (const call of [
      api.pauseTimer(project.id),
      api.addOrSubtractTime(project.id, { minutes: 1 }),
      api.logTimer(project.id),
    ]) {
      const e = await failureOf(call);
      expect(e.kind).toBe('not_found');
      expect(e.status).toBe(404);
    }
  });

  it('PUT timer creates a pending timer with a description', async () => {
    const { api } = local;
    const project = await api.createProject({ name: uniqueName('Pending') });
    const timer = await api.updateTimer(project.id, { description: 'later' });
    expect(timer).toMatchObject({ state: 'pending', seconds: 0, formatted_time: '00:00:00', description: 'later' });
    await api.deleteTimer(project.id);
  });
});
