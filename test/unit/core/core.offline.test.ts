// Core with the service out of reach (the real client, a closed port): everything the user does
// must answer at once, show in the snapshot, survive a restart, and wait to be sent.
import { appendFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../common/snapshot';
import { createServiceApi } from '../../../main/api/client';
import { createCore } from '../../../main/core/core';
import { JOURNAL_FILE } from '../../../main/core/sync/journal';
import type { Core } from '../../../main/core/types';
import { fakeClock, type FakeClock } from '../../support/clock';
import { must } from '../../support/result';
import { ACCOUNT, unreachableApi, until } from '../../support/offline';
import { tempDir } from '../../support/tempDir';

let dir: ReturnType<typeof tempDir>;
let clock: FakeClock;
const cores: Core[] = [];

beforeEach(() => {
  dir = tempDir();
  clock = fakeClock();
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.stop();
  dir.remove();
});

async function offlineCore(): Promise<Core> {
  const core = await createCore({ api: await unreachableApi(), dataDir: dir.path, account: ACCOUNT, clock });
  cores.push(core);
  return core;
}

/** A loopback service that takes every connection and never writes a byte back. */
async function silentService() {
  const sockets = new Set<Socket>();
  let taken = 0;
  let ended = 0;
  const server = createServer((socket) => {
    taken++;
    sockets.add(socket);
    socket.on('close', () => ended++);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requestsTaken: () => taken,
    requestsEnded: () => ended,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

const timers = (s: Snapshot) => s.timers.map((t) => [t.projectName, t.state, Math.round(t.seconds), t.status.state]);

describe('core, service unreachable', () => {
  it('marks itself offline once the service does not answer', async () => {
    const core = await offlineCore();
    await until(() => !core.getSnapshot().online, 'offline');
    expect(core.getSnapshot().lastSyncAt).toBeNull();
  });

  it('says why in words, with the technical detail behind it', async () => {
    const core = await offlineCore();
    await until(() => !core.getSnapshot().online, 'offline');
    const problem = core.getSnapshot().connectionProblem!;
    expect(problem.message).toMatch(/^Cannot reach 127\.0\.0\.1:\d+: nothing answers there\.$/);
    expect(problem.detail).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v2\/.*ECONNREFUSED/);
  });

  it('creates projects and runs timers at once, queued for the service', async () => {
    const core = await offlineCore();
    const { projectId: a } = await must(core.handlers.createProject({ name: '  Website ' }));
    const { projectId: b } = await must(core.handlers.createProject({ name: 'Backend' }));
    expect(a).toBeLessThan(0);
    expect(b).toBeLessThan(0);
    expect(a).not.toBe(b);

    await must(core.handlers.startTimer({ projectId: a }));
    clock.advance(10 * 60_000);
    await must(core.handlers.startTimer({ projectId: b }));

    const snap = core.getSnapshot();
    expect(snap.projects.map((p) => p.name)).toEqual(['Backend', 'Website']);
    expect(timers(snap)).toEqual([
      ['Backend', 'running', 0, 'saved here'],
      ['Website', 'paused', 600, 'saved here'],
    ]);
    expect(snap.outbox).toEqual({ pending: 4, failed: [] });
    expect(Object.values(snap.operations).filter((o) => o.state === 'saved here')).toHaveLength(4);
  });

  it('logs a timer into today with its minutes rounded up to the billing increment', async () => {
    const core = await offlineCore();
    const { projectId } = await must(core.handlers.createProject({ name: 'Website' }));
    await must(core.handlers.startTimer({ projectId }));
    clock.advance(16 * 60_000 + 5_000);
    await must(core.handlers.logTimer({ projectId }));

    const snap = core.getSnapshot();
    expect(snap.timers).toEqual([]);
    expect(snap.today.entries).toMatchObject([
      { id: null, minutes: 30, projectName: 'Website', status: { state: 'saved here' } },
    ]);
    expect(snap.today.totalMinutes).toBe(30);
  });

  it('takes a quick entry, creating a project it does not know, and says what is wrong with one it cannot read', async () => {
    const core = await offlineCore();
    const logged = await must(core.handlers.quickEntry({ text: '1:30 @Acme #meeting call with the client' }));
    expect(logged).toEqual({
      minutes: 90,
      typedMinutes: 90,
      increment: 15,
      projectName: 'Acme',
      date: core.getSnapshot().today.date,
      key: expect.any(String),
    });
    // The answer's key names the queued entry, so the window can say it is not sent yet, and when it is.
    expect(core.getSnapshot().today.entries).toMatchObject([
      {
        key: logged.key,
        minutes: 90,
        projectName: 'Acme',
        description: '#meeting call with the client',
        status: { state: 'saved here' },
      },
    ]);

    expect(await core.handlers.quickEntry({ text: '1:75 @Acme call' })).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: '“1:75”: minutes must be below 60.', field: 'time' },
    });
    expect(await core.handlers.quickEntry({ text: 'call the client' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', field: 'time' },
    });
    expect(core.getSnapshot().outbox.pending).toBe(1);
  });

  it('refuses an empty or duplicate project name where it was typed', async () => {
    const core = await offlineCore();
    expect(await core.handlers.createProject({ name: '   ' })).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'Enter a name for the project.',
        field: 'name',
        words: { id: 'refusals.projectNameEmpty' },
      },
    });
    await must(core.handlers.createProject({ name: 'Website' }));
    expect(await core.handlers.createProject({ name: 'website' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', field: 'name' },
    });
  });

  it('answers not_found for a timer or operation that does not exist', async () => {
    const core = await offlineCore();
    expect(await core.handlers.startTimer({ projectId: 12345 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await core.handlers.pauseTimer({ projectId: 12345 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await core.handlers.logTimer({ projectId: 12345 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await core.handlers.retryOperation({ id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await core.handlers.discardOperation({ id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await core.handlers.toggleLastTimer({})).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('toggles: pauses the running timer, else resumes the one used last', async () => {
    const core = await offlineCore();
    const { projectId: a } = await must(core.handlers.createProject({ name: 'A' }));
    const { projectId: b } = await must(core.handlers.createProject({ name: 'B' }));
    await must(core.handlers.startTimer({ projectId: a }));
    await must(core.handlers.startTimer({ projectId: b }));
    await must(core.handlers.toggleLastTimer({}));
    expect(timers(core.getSnapshot()).map(([n, s]) => [n, s])).toEqual([
      ['B', 'paused'],
      ['A', 'paused'],
    ]);
    await must(core.handlers.toggleLastTimer({}));
    expect(core.getSnapshot().timers[0]).toMatchObject({ projectName: 'B', state: 'running' });

    // With every timer logged, the last project timed starts again.
    await must(core.handlers.logTimer({ projectId: b }));
    await must(core.handlers.discardTimer({ projectId: a }));
    await must(core.handlers.toggleLastTimer({}));
    expect(core.getSnapshot().timers.map((t) => [t.projectName, t.state])).toEqual([['B', 'running']]);
  });

  it('tells subscribers about each change, with a new frozen snapshot', async () => {
    const core = await offlineCore();
    const seen: Snapshot[] = [];
    const stop = core.subscribe((s) => seen.push(s));
    await must(core.handlers.createProject({ name: 'Website' }));
    expect(seen.at(-1)!.projects.map((p) => p.name)).toEqual(['Website']);
    expect(Object.isFrozen(seen.at(-1))).toBe(true);
    stop();
    const count = seen.length;
    await must(core.handlers.createProject({ name: 'Other' }));
    expect(seen.length).toBe(count);
  });

  it('after a restart with a torn last journal line, shows and keeps everything the user did', async () => {
    const core = await offlineCore();
    const { projectId } = await must(core.handlers.createProject({ name: 'Website' }));
    await must(core.handlers.startTimer({ projectId }));
    clock.advance(5 * 60_000);
    await must(core.handlers.pauseTimer({ projectId }));
    await must(core.handlers.quickEntry({ text: '15 @Website review' }));
    const before = core.getSnapshot();
    await core.stop();
    // The crash: a record cut off halfway through its line.
    appendFileSync(join(dir.path, JOURNAL_FILE), '{"t":"op","op":{"kind":"startTi');

    const again = await offlineCore();
    const after = again.getSnapshot();
    expect(after.projects).toEqual(before.projects);
    expect(after.timers).toEqual(before.timers);
    expect(after.today).toEqual(before.today);
    expect(after.outbox).toEqual({ pending: 4, failed: [] });

    // And it goes on working on the same queue.
    await must(again.handlers.startTimer({ projectId }));
    expect(again.getSnapshot().outbox.pending).toBe(5);
  });

  it('answers without waiting for a service that takes the request and never answers', async () => {
    // How fast it answers is a benchmark's question (bench/quickEntry.bench.ts); what a test can
    // say on a loaded machine is that no answer waits on the network: every call is answered while
    // the service still holds each request it was sent, unanswered.
    const silent = await silentService();
    const api = createServiceApi({
      baseUrl: silent.url,
      credentials: { kind: 'personal', token: 'unused' },
      rateLimit: 0,
      retries: 0,
    });
    const core = await createCore({ api, dataDir: dir.path, account: ACCOUNT, clock });
    cores.push(core);
    const { projectId } = await must(core.handlers.createProject({ name: 'Website' }));
    await must(core.handlers.startTimer({ projectId }));
    await must(core.handlers.pauseTimer({ projectId }));
    expect(silent.requestsEnded()).toBe(0);
    expect(core.getSnapshot().outbox.pending).toBe(3);
    await until(() => silent.requestsTaken() > 0, 'the worker to send to the silent service');
    expect(silent.requestsEnded()).toBe(0);
    await core.stop();
    cores.splice(cores.indexOf(core), 1);
    silent.close();
  });

  it('refuses changes once stopped, since nothing could be kept', async () => {
    const core = await offlineCore();
    await core.stop();
    expect(await core.handlers.createProject({ name: 'Late' })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });
});
