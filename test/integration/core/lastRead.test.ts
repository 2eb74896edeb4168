// The last read kept on disk beside the journal (sync/lastRead.ts), against the real local service
// over HTTP: a core opened again shows at once what the one before it read (timers, today's and
// the week's entries, projects, the user's time format), with its age, before any read of its own
// answers; the file is this user's alone and holds no token; and no total drops while the reads of
// a reconnect land one after another.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import type { Snapshot } from '../../../common/snapshot';
import { LAST_READ_FILE } from '../../../main/core/sync/lastRead';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { until } from '../../support/offline';
import { tempDir } from '../../support/tempDir';
import { must, startLocal, untilSynced, type Local } from './harness';
import { SENT } from '../../../common/savedHere';

let local: Local;
let proxy: FaultProxy;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  local = await startLocal();
  proxy = await startFaultProxy(local.url);
  await local.api.updateCurrentUser({ time_format: 'fraction' });
});
afterAll(async () => {
  await local?.close();
  await proxy?.close();
});
beforeEach(() => {
  dir = tempDir();
  proxy.heal();
});
afterEach(() => dir.remove());

let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid}x${++counter}`;
const today = () => localDate(local.clock.now());
/** Nothing the proxy passes on is answered: every read of the core waits. */
const noAnswers = () => proxy.chaos({ seed: 1, rate: 1, weights: { 'timeout-before': 1 } });
/** The network is gone: every connection is reset. */
const offline = () => proxy.chaos({ seed: 1, rate: 1, weights: { 'reset-before': 1 } });

/** What the user sees of the data: the same before and after a reopen. */
const seen = (s: Snapshot) => ({
  projects: s.projects.map((p) => p.name),
  timers: s.timers.map((t) => [t.projectName, t.state, t.description]),
  today: s.today.entries.map((e) => [e.description, e.minutes]),
  total: s.today.totalMinutes,
  week: [s.week.loaded, s.week.totalMinutes],
  timeFormat: s.timeFormat,
  user: s.user?.email,
});

describe('the last read kept on disk', () => {
  it('shows at once on a reopen, with its age, before any read answers; 0600, no token in it', async () => {
    const project = await local.api.createProject({ name: unique('Kept') });
    await local.api.createEntry({ date: today(), minutes: 150, project_id: project.id, description: unique('stored') });
    await local.api.startTimer(project.id, { description: 'paused here' });
    await local.api.pauseTimer(project.id);

    const first = await local.core(dir.path, local.client(proxy.url));
    await until(() => first.getSnapshot().week.loaded && first.getSnapshot().timers.length > 0, 'the first reads');
    await first.whenIdle();
    const before = first.getSnapshot();
    expect(before.readSinceOpen).toBe(true);
    await first.stop();

    const file = join(dir.path, LAST_READ_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(local.token);

    noAnswers();
    const again = await local.core(dir.path, local.client(proxy.url));
    const shown = again.getSnapshot();
    expect(seen(shown)).toEqual(seen(before));
    expect(shown.timeFormat).toBe('fraction');
    expect(shown.timers.find((t) => t.projectId === project.id)).toMatchObject({ state: 'paused', status: SENT });
    // Its age: when the read it shows landed, and that no read of this open has.
    expect(shown.lastSyncAt).toBe(before.lastSyncAt);
    expect(shown.readSinceOpen).toBe(false);
    // The paused timer it shows can be resumed: the change waits in the outbox.
    await must(again.handlers.startTimer({ projectId: project.id }));
    expect(again.getSnapshot().timers.find((t) => t.projectId === project.id)?.state).toBe('running');
    await again.stop();
    proxy.heal();
    await local.api.pauseTimer(project.id).catch(() => {});
  });

  it('drops no total while the reads of a reconnect land, from the moment the account opens', async () => {
    const project = await local.api.createProject({ name: unique('Steady') });
    await local.api.createEntry({ date: today(), minutes: 150, project_id: project.id, description: unique('stored') });
    const first = await local.core(dir.path, local.client(proxy.url));
    await until(() => first.getSnapshot().week.loaded && seen(first.getSnapshot()).projects.includes(project.name));
    await first.whenIdle();
    // Offline, one more line logged: it waits in the outbox.
    offline();
    await must(first.handlers.refresh({}));
    await until(() => !first.getSnapshot().online, 'offline');
    await must(first.handlers.quickEntry({ text: `2.5 @${project.name} ${unique('offline')}` }));
    const expected = first.getSnapshot().today.totalMinutes;
    const expectedWeek = first.getSnapshot().week.totalMinutes;
    await first.stop();

    // Opened again with the network back: every snapshot from the first on counts both lines.
    proxy.heal();
    const again = await local.core(dir.path, local.client(proxy.url));
    const totals: Array<[number, number]> = [];
    const record = (s: Snapshot) => totals.push([s.today.totalMinutes, s.week.totalMinutes]);
    record(again.getSnapshot());
    const unsubscribe = again.subscribe(record);
    await untilSynced(again);
    await again.whenIdle();
    unsubscribe();
    record(again.getSnapshot());
    expect(totals.filter(([day, week]) => day < expected || week < expectedWeek)).toEqual([]);
    expect(totals.at(-1)).toEqual([expected, expectedWeek]);
  });
});
