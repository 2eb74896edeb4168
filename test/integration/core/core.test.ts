// Core against the real local service and the real client: what the user does lands on the
// service once, in order, and comes back in the snapshot.
import { describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import { collect } from '../../../main/api/types';
import type { Core } from '../../../main/core/types';
import { UNDO_GRACE_MS } from '../../../main/core/model/undoGrace';
import { until } from '../../support/offline';
import { lossyProxy, must, untilSynced, type Local, localForFile, type TempDir } from './harness';
import { SENT } from '../../../common/savedHere';

let local: Local;
let dir: TempDir;
localForFile((shared) => ({ local, dir } = shared));

let counter = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${++counter}`;
const today = () => localDate(local.clock.now());
/** A log waits out its undo grace (main/core/model/undoGrace.ts): it runs out on the shared clock, and core is told, as a resume would. */
const graceEnds = (core: Core) => {
  local.clock.pass(UNDO_GRACE_MS);
  core.notify('resume');
};
const entriesWithMarker = async () =>
  (await collect(local.api.listEntries({ from: today(), to: today() }))).filter((e) =>
    e.source_url?.startsWith('https://stint.invalid/op/'),
  );

describe('core with the local service', () => {
  it('reads the user, projects, timers and today on start-up', async () => {
    const project = await local.api.createProject({ name: unique('Startup') });
    await local.api.startTimer(project.id);
    const core = await local.core(dir.path);
    await until(() => core.getSnapshot().lastSyncAt !== null && core.getSnapshot().timers.length > 0, 'first sync');
    const snap = core.getSnapshot();
    expect(snap.user).toEqual({ name: 'me@stint.local', email: 'me@stint.local' });
    expect(snap.projects.map((p) => p.name)).toContain(project.name);
    expect(snap.timers[0]).toMatchObject({ projectId: project.id, state: 'running', status: SENT });
    expect(snap.online).toBe(true);
    await local.api.deleteTimer(project.id);
  });

  it('start A, start B: A pauses; log B: the entry appears in today with its minutes rounded up', async () => {
    const core = await local.core(dir.path);
    const { projectId: tmpA } = await must(core.handlers.createProject({ name: unique('A') }));
    const { projectId: tmpB } = await must(core.handlers.createProject({ name: unique('B') }));
    await must(core.handlers.startTimer({ projectId: tmpA }));
    local.clock.pass(3 * 60_000);
    await must(core.handlers.startTimer({ projectId: tmpB }));
    await untilSynced(core);

    const [a, b] = core.getSnapshot().timers.slice().reverse();
    expect(core.getSnapshot().timers.map((t) => t.state)).toEqual(['running', 'paused']);
    expect(a!.projectId).toBeGreaterThan(0);
    expect(Math.round(a!.seconds / 60)).toBe(3);
    const onService = await collect(local.api.listTimers({ projects: [a!.projectId, b!.projectId] }));
    expect(onService.map((t) => [t.project.id, t.state])).toEqual([
      [b!.projectId, 'running'],
      [a!.projectId, 'paused'],
    ]);

    local.clock.pass(7 * 60_000);
    await must(core.handlers.logTimer({ projectId: b!.projectId }));
    graceEnds(core);
    await untilSynced(core);
    const snap = core.getSnapshot();
    expect(snap.timers.map((t) => t.projectId)).toEqual([a!.projectId]);
    const logged = snap.today.entries.find((e) => e.projectName === b!.projectName);
    // 7 minutes on a project with the default increment of 15.
    expect(logged).toMatchObject({ minutes: 15, status: SENT });
    expect(logged!.id).toBeGreaterThan(0);
    await must(core.handlers.discardTimer({ projectId: a!.projectId }));
    await untilSynced(core);
    expect(await collect(local.api.listTimers({ projects: [a!.projectId] }))).toEqual([]);
  });

  it('a quick entry for an unknown project creates it on the service', async () => {
    const core = await local.core(dir.path);
    await untilSynced(core);
    const name = unique('Quick').replace(/\s/g, '-');
    // The answer states what the service stores: a new project rounds up to the default 15 minutes.
    expect(await must(core.handlers.quickEntry({ text: `1:20 @${name} #meeting kickoff` }))).toEqual({
      minutes: 90,
      typedMinutes: 80,
      increment: 15,
      projectName: name,
      date: today(),
      key: expect.any(String),
    });
    await untilSynced(core);
    const snap = core.getSnapshot();
    expect(snap.projects.find((p) => p.name === name)?.id).toBeGreaterThan(0);
    expect(snap.today.entries.find((e) => e.projectName === name)).toMatchObject({
      minutes: 90,
      description: '#meeting kickoff',
      status: SENT,
    });
    const projects = await collect(local.api.listProjects({ name }));
    expect(projects.map((p) => p.name)).toEqual([name]);
  });

  it('gives the projects it creates colours of their own, on the service and at once in the window', async () => {
    const core = await local.core(dir.path);
    await untilSynced(core);
    const timerProject = unique('Painted');
    const { projectId } = await must(core.handlers.createProject({ name: timerProject }));
    // Shown in its colour before the service answers.
    const shown = core.getSnapshot().projects.find((p) => p.id === projectId)!.color;
    expect(shown).toMatch(/^#[0-9a-f]{6}$/);
    // A project quick entry names for the first time: the service makes it, Stint colours it.
    const typed = unique('Fresh').replace(/\s/g, '-');
    await must(core.handlers.quickEntry({ text: `0:10 @${typed} idea` }));
    await untilSynced(core);

    const stored = async (name: string) => (await collect(local.api.listProjects({ name })))[0]?.color;
    expect(await stored(timerProject)).toBe(shown);
    const typedColor = await stored(typed);
    expect(typedColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(typedColor).not.toBe(shown);
    await must(core.handlers.refresh({}));
    await until(() => core.getSnapshot().projects.find((p) => p.name === typed)?.color === typedColor, 'read back');
  });

  it('keeps an operation the service refuses, with its message, until the user retries or discards it', async () => {
    const core = await local.core(dir.path);
    await untilSynced(core);
    const name = unique('Long').padEnd(300, 'g'); // longer than the service takes
    const { projectId } = await must(core.handlers.createProject({ name }));
    await must(core.handlers.startTimer({ projectId }));
    await until(() => core.getSnapshot().outbox.failed.length === 2, 'both to fail');
    const failed = core.getSnapshot().outbox.failed;
    expect(failed.map((f) => f.summary)).toEqual([`Create project ${name}`, `Start ${name}`]);
    expect(failed[1]!.message).toContain('project could not be created');

    await must(core.handlers.retryOperation({ id: failed[0]!.id }));
    await until(
      () => core.getSnapshot().outbox.pending === 0 && core.getSnapshot().outbox.failed.length === 2,
      'refused again',
    );
    // Discarding the creation takes the start waiting on it along: nothing is left that no click can send.
    await must(core.handlers.discardOperation({ id: failed[0]!.id }));
    expect(core.getSnapshot().outbox).toEqual({ pending: 0, failed: [] });
  });

  it('starts a timer for a project the service got a moment before, refused as existing (issue 22)', async () => {
    const core = await local.core(dir.path);
    await untilSynced(core);
    const name = unique('Omega').replace(/ /g, '_'); // one word, as typed in quick entry
    const note = unique('x');
    // The entry creates the project on the service (project_name); the window does not know it yet.
    await must(core.handlers.quickEntry({ text: `0:30 @${name} ${note}` }));
    const { projectId } = await must(core.handlers.createProject({ name }));
    await must(core.handlers.startTimer({ projectId }));
    await untilSynced(core);
    expect(core.getSnapshot().outbox.failed).toEqual([]);
    const projects = await collect(local.api.listProjects({ name }));
    expect(projects.map((p) => p.name)).toEqual([name]);
    const timer = await local.api.getTimer(projects[0]!.id);
    expect(timer.state).toBe('running');
    expect(core.getSnapshot().timers.find((t) => t.projectName === name)?.projectId).toBe(projects[0]!.id);
  });

  it('re-reads timers when the window is shown', async () => {
    const core = await local.core(dir.path);
    await untilSynced(core);
    const project = await local.api.createProject({ name: unique('Elsewhere') });
    await local.api.startTimer(project.id);
    core.notify('window-shown');
    await until(() => core.getSnapshot().timers.some((t) => t.projectId === project.id), 'timer started elsewhere');
    await local.api.deleteTimer(project.id);
  });
});

describe('offline, then online', () => {
  it('sends what was queued offline exactly once, from a new core on the same data folder', async () => {
    const offline = await local.offlineCore(dir.path);
    await until(() => !offline.getSnapshot().online, 'offline');
    const project = unique('Offline');
    const fresh = unique('Fresh').replace(/\s/g, '-');
    const { projectId } = await must(offline.handlers.createProject({ name: project }));
    await must(offline.handlers.startTimer({ projectId }));
    await must(offline.handlers.quickEntry({ text: `20 @${project} notes` }));
    await must(offline.handlers.quickEntry({ text: `0:10 @${fresh} idea` }));
    local.clock.pass(4 * 60_000);
    await must(offline.handlers.logTimer({ projectId }));
    local.clock.pass(UNDO_GRACE_MS);
    expect(offline.getSnapshot().outbox.pending).toBe(5);
    await offline.stop();

    const before = (await entriesWithMarker()).length;
    const online = await local.core(dir.path);
    await untilSynced(online);

    const created = (await entriesWithMarker()).slice(0, (await entriesWithMarker()).length - before);
    const ours = (await collect(local.api.listEntries({ from: today(), to: today() }))).filter((e) =>
      [project, fresh].includes(e.project?.name ?? ''),
    );
    expect(ours.map((e) => [e.project?.name, e.minutes, e.description]).sort()).toEqual(
      [
        [project, 15, null], // the timer: 4 minutes, rounded up
        [project, 30, 'notes'],
        [fresh, 15, 'idea'],
      ].sort(),
    );
    expect(created.length).toBe(2);
    expect((await collect(local.api.listProjects({ name: project }))).length).toBe(1);
    expect(online.getSnapshot().timers.some((t) => t.projectName === project)).toBe(false);
  });

  it('replays a timer used offline so the service counts the time the user saw', async () => {
    const offline = await local.offlineCore(dir.path);
    const name = unique('Replay');
    const { projectId } = await must(offline.handlers.createProject({ name }));
    await must(offline.handlers.startTimer({ projectId }));
    local.clock.pass(30 * 60_000);
    await must(offline.handlers.pauseTimer({ projectId }));
    await offline.stop();
    local.clock.pass(60 * 60_000); // back online an hour later

    const online = await local.core(dir.path);
    await untilSynced(online);
    const timer = online.getSnapshot().timers.find((t) => t.projectName === name)!;
    const onService = await local.api.getTimer(timer.projectId);
    expect(onService.state).toBe('paused');
    expect(Math.abs(onService.seconds - 30 * 60)).toBeLessThan(5);
    await local.api.deleteTimer(timer.projectId);
  });
});

describe('exactly once when an answer is lost', () => {
  it('a quick entry whose answer never came is not created twice', async () => {
    const proxy = await lossyProxy(local.url, (method, path) => method === 'POST' && path.startsWith('/v2/entries'));
    try {
      const core = await local.core(dir.path, local.client(proxy.url));
      await untilSynced(core);
      const before = (await entriesWithMarker()).length;
      await must(core.handlers.quickEntry({ text: '25 lost answer' }));
      await untilSynced(core);
      expect(proxy.lost()).toBe(1);
      const entries = await entriesWithMarker();
      expect(entries.length).toBe(before + 1);
      expect(core.getSnapshot().today.entries.filter((e) => e.description === 'lost answer')).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('a log whose answer never came counts as done when the timer is gone', async () => {
    const proxy = await lossyProxy(local.url, (method, path) => method === 'PUT' && path.endsWith('/timer/log'));
    try {
      const core = await local.core(dir.path, local.client(proxy.url));
      const { projectId: tmp } = await must(core.handlers.createProject({ name: unique('LostLog') }));
      await must(core.handlers.startTimer({ projectId: tmp }));
      await untilSynced(core);
      const projectId = core.getSnapshot().timers[0]!.projectId;
      local.clock.pass(2 * 60_000);
      await must(core.handlers.logTimer({ projectId }));
      graceEnds(core);
      await untilSynced(core);
      expect(proxy.lost()).toBe(1);
      expect(core.getSnapshot().outbox).toEqual({ pending: 0, failed: [] });
      const entries = (await collect(local.api.listEntries({ project_ids: [projectId] }))).map((e) => e.minutes);
      expect(entries).toEqual([15]);
    } finally {
      await proxy.close();
    }
  });
});
