// A timer changed by another client reaches core through a broadcast of the real service, over
// real HTTP, to the receiver startBroadcasts registered: with the window hidden and broadcasts
// live core arms no poll at all (its clock is a fake nobody advances), so the re-read that shows
// the timer can only be the broadcast's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBroadcasts, type Broadcasts } from '../../../main/core/broadcasts/registration';
import { createCore } from '../../../main/core/core';
import { createSessionSecrets } from '../../../main/core/keychain';
import type { Core } from '../../../main/core/types';
import { fakeClock, type FakeClock } from '../../unit/core/support/fakeClock';
import { ACCOUNT, until } from '../../unit/core/support/offline';
import { CountingAgent, startLocal, tempDir, type Local } from './support';

let local: Local;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let clock: FakeClock;
let counted: CountingAgent;
let broadcasts: Broadcasts;
const heard: string[] = [];

beforeEach(async () => {
  local = await startLocal(100);
  dir = tempDir();
  clock = fakeClock(Date.now());
  counted = new CountingAgent();
  core = await createCore({ api: local.client(counted), dataDir: dir.path, account: ACCOUNT, clock });
  await until(() => core.getSnapshot().lastSyncAt !== null && core.getSnapshot().user !== null && counted.count('GET /v2/timers') === 1, 'start-up reads');
  broadcasts = await startBroadcasts({
    api: local.client(),
    secrets: createSessionSecrets(),
    account: ACCOUNT.id,
    dataDir: dir.path,
    onBroadcast(lastEvent) {
      heard.push(lastEvent);
      core.notify('broadcast');
    },
  });
  core.setBroadcastsLive(broadcasts.live);
});

afterEach(async () => {
  heard.length = 0;
  await broadcasts.stop();
  await core.stop();
  await local.close();
  await counted.close();
  dir.remove();
});

describe('a broadcast from the service', () => {
  it('shows a timer another client started, with no poll while hidden and live', async () => {
    expect(broadcasts.live).toBe(true);
    // Hidden (core starts so) and live: the worker waits for nothing timed.
    await until(() => clock.pending().count === 0, 'no poll armed');
    const readsBefore = counted.sent.length;

    const other = local.client();
    const project = await other.createProject({ name: `Elsewhere ${process.pid}` });
    await other.startTimer(project.id);

    const shown = () => core.getSnapshot().timers.find((t) => t.projectId === project.id);
    await until(() => shown()?.state === 'running', 'the timer started elsewhere', 5000);
    expect(heard).toEqual(['timer.running']);
    expect(counted.sent.slice(readsBefore)).toEqual(['GET /v2/timers']);
    expect(clock.pending().count).toBe(0);

    // The next change is the next broadcast (sent_at a second or more later).
    await new Promise((r) => setTimeout(r, 1100));
    await other.pauseTimer(project.id);
    await until(() => shown()?.state === 'paused', 'the timer paused elsewhere', 5000);
    expect(heard).toEqual(['timer.running', 'timer.paused']);
    expect(counted.count('GET /v2/timers')).toBe(3);
    expect(clock.pending().count).toBe(0);
  });

  it('a burst of changes within one interval is one broadcast and one re-read', async () => {
    await until(() => clock.pending().count === 0, 'no poll armed');
    const other = local.client();
    const a = await other.createProject({ name: `Burst A ${process.pid}` });
    const b = await other.createProject({ name: `Burst B ${process.pid}` });
    const readsBefore = counted.count('GET /v2/timers');
    await other.startTimer(a.id);
    await other.startTimer(b.id);
    await other.pauseTimer(b.id);
    await until(() => core.getSnapshot().timers.length === 2, 'both timers', 5000);
    await new Promise((r) => setTimeout(r, 300)); // three intervals: nothing more comes
    expect(heard).toHaveLength(1);
    expect(counted.count('GET /v2/timers') - readsBefore).toBe(1);
  });
});
