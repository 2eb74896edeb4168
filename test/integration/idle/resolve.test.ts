// The idle prompt against the real service, on the harness's shared shifted clock: the user works,
// goes away, comes back, and answers; the service's timer must then hold what the answer meant,
// exactly once, also when an answer of the service is lost on the way.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/types';
import { sendOperation } from '../../../main/core/senders/sendOnce';
import { collect } from '../../../main/api/types';
import { localDate } from '../../../common/format';
import { tempDir } from '../../support/tempDir';
import { uniqueName } from '../../support/names';
import { until } from '../../support/offline';
import { lossyProxy, must, startLocal, untilSynced, type Local } from '../core/harness';
import { SENT } from '../../../common/savedHere';

const MIN = 60_000;
let local: Local;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  local = await startLocal();
});
afterAll(async () => {
  await local?.close();
});
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const idleSample = (core: Core, idleSeconds: number) =>
  core.notify({ kind: 'idle-sample', idleSeconds, at: local.clock.now() });

/** A running timer with 5 minutes on it; answers its project's service id. */
async function working(core: Core, name: string): Promise<number> {
  const { projectId } = await must(core.handlers.createProject({ name: uniqueName(name) }));
  await must(core.handlers.startTimer({ projectId }));
  await untilSynced(core);
  local.clock.pass(5 * MIN);
  return core.getSnapshot().timers[0]!.projectId;
}

/** Away 31 minutes: idle for 30, seen by a sample; input again a minute after it, seen a minute later. */
function awayAndBack(core: Core): void {
  idleSample(core, 0);
  local.clock.pass(30 * MIN);
  idleSample(core, 30 * 60);
  local.clock.pass(2 * MIN);
  idleSample(core, 60);
}

describe('answering the idle prompt', () => {
  it('discard takes the time away off the running timer, once, though the answer to the correction was lost', async () => {
    const proxy = await lossyProxy(
      local.url,
      (method, path) => method === 'PUT' && path.endsWith('/timer/add_or_subtract_time'),
    );
    try {
      const core = await local.core(dir.path, local.client(proxy.url));
      const id = await working(core, 'IdleDiscard');
      awayAndBack(core);
      expect(core.getSnapshot().idle).toMatchObject({ projectId: id, idleSeconds: 31 * 60, timerRunning: true });

      await must(core.handlers.resolveIdle({ choice: 'discard' }));
      expect(core.getSnapshot().idle).toBeNull();
      await untilSynced(core);
      expect(proxy.lost()).toBe(1);
      // 5 + 30 + 2 minutes ran; 31 of them were away.
      const timer = await local.api.getTimer(id);
      expect(timer.state).toBe('running');
      expect(Math.abs(timer.seconds - 6 * 60)).toBeLessThan(3);
      // Nothing more is sent: a later re-read finds the same.
      core.notify('resume');
      await core.whenIdle();
      expect(Math.abs((await local.api.getTimer(id)).seconds - 6 * 60)).toBeLessThan(3);
      expect(core.getSnapshot().outbox).toEqual({ pending: 0, failed: [] });
      await local.api.deleteTimer(id);
    } finally {
      await proxy.close();
    }
  });

  it('discard and pause leaves the timer paused at its time without the time away', async () => {
    const core = await local.core(dir.path);
    const id = await working(core, 'IdlePause');
    awayAndBack(core);
    await must(core.handlers.resolveIdle({ choice: 'discard-and-pause' }));
    await untilSynced(core);
    const timer = await local.api.getTimer(id);
    expect(timer.state).toBe('paused');
    expect(Math.abs(timer.seconds - 6 * 60)).toBeLessThan(3);
    expect(core.getSnapshot().timers.find((t) => t.projectId === id)).toMatchObject({
      state: 'paused',
      status: SENT,
    });
    await local.api.deleteTimer(id);
  });

  it('keep leaves the time away on the timer', async () => {
    const core = await local.core(dir.path);
    const id = await working(core, 'IdleKeep');
    awayAndBack(core);
    await must(core.handlers.resolveIdle({ choice: 'keep' }));
    await untilSynced(core);
    expect(Math.abs((await local.api.getTimer(id)).seconds - 37 * 60)).toBeLessThan(3);
    expect((await core.handlers.resolveIdle({ choice: 'keep' })).ok).toBe(false);
    await local.api.deleteTimer(id);
  });

  it('move takes the time away off the timer and logs it as an entry on the project and note of a quick-entry line', async () => {
    const core = await local.core(dir.path);
    const other = await local.api.createProject({ name: uniqueName('IdleLunch') });
    const id = await working(core, 'IdleMove');
    const leftOn = localDate(local.clock.now());
    awayAndBack(core);
    const wrong = await core.handlers.resolveIdle({ choice: 'move', line: 'lunch with the client' });
    expect(wrong).toMatchObject({ ok: false, error: { field: 'line' } });
    expect(core.getSnapshot().idle).not.toBeNull();

    await must(core.handlers.resolveIdle({ choice: 'move', line: `@${other.name} #meeting lunch with the client` }));
    expect(core.getSnapshot().idle).toBeNull();
    await untilSynced(core);
    // 5 + 30 + 2 minutes ran; the 31 away went to the other project.
    const timer = await local.api.getTimer(id);
    expect(timer.state).toBe('running');
    expect(Math.abs(timer.seconds - 6 * 60)).toBeLessThan(3);
    const moved = await collect(local.api.listEntries({ project_ids: [other.id] }));
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ date: leftOn, description: '#meeting lunch with the client' });
    // The service rounds up to the project's billing increment: 31 minutes bill as 45.
    expect(moved[0]).toMatchObject({ minutes: 45, project: { billing_increment: 15 } });
    await local.api.deleteTimer(id);
  });

  it('a timer paused elsewhere while the user was away is not offered a discard, and keeps what it was paused at', async () => {
    const core = await local.core(dir.path);
    const id = await working(core, 'IdleElsewhere');
    idleSample(core, 0);
    local.clock.pass(10 * MIN);
    idleSample(core, 10 * 60);
    // The phone pauses it 10 minutes into the time away; this machine sees it on its next read.
    await local.api.pauseTimer(id);
    await must(core.handlers.refresh({}));
    await until(
      () => core.getSnapshot().timers.find((t) => t.projectId === id)?.state === 'paused',
      'the pause elsewhere to be read',
    );
    local.clock.pass(20 * MIN);
    idleSample(core, 30 * 60);
    local.clock.pass(MIN);
    idleSample(core, 10);

    expect(core.getSnapshot().idle).toMatchObject({ projectId: id, timerRunning: false });
    const refused = await core.handlers.resolveIdle({ choice: 'discard' });
    expect(refused).toMatchObject({ ok: false, error: { field: 'choice' } });
    expect((await core.handlers.resolveIdle({ choice: 'discard-and-pause' })).ok).toBe(false);
    await must(core.handlers.resolveIdle({ choice: 'keep' }));
    await untilSynced(core);
    const timer = await local.api.getTimer(id);
    expect(timer.state).toBe('paused');
    expect(Math.abs(timer.seconds - 15 * 60)).toBeLessThan(3);
    await local.api.deleteTimer(id);
  });

  it('a discard sent after the timer was paused or removed elsewhere changes nothing and says so', async () => {
    const core = await local.core(dir.path);
    const id = await working(core, 'IdleLate');
    await core.stop();
    await local.api.pauseTimer(id);
    const op = {
      kind: 'rewindTimer' as const,
      projectId: id,
      projectName: 'Late',
      seconds: 60,
      idleSeconds: 240,
      id: 'late',
      seq: 1,
      at: local.clock.now(),
    };
    const ctx = { now: () => local.clock.now(), attempted: false, timeFormat: 'hours_minutes' as const };
    const paused = await sendOperation(local.api, op, ctx);
    expect(paused.notice).toContain('was paused elsewhere at 0:05:00');
    expect((await local.api.getTimer(id)).seconds).toBe(300);
    await local.api.deleteTimer(id);
    expect((await sendOperation(local.api, op, ctx)).notice).toContain('logged or discarded elsewhere');
  });
});
