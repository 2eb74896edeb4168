// A timer changed in place, against the real local service: minutes added to a running timer or
// taken off a paused one, and its note, each landing once though an answer was lost on the way
// (the operation carries a target, not a change); a log held for the undo grace and undone, and
// the entry of a log not sent yet edited before it goes.
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { sendOperation } from '../../../main/core/senders/sendOnce';
import type { Core } from '../../../main/core/types';
import { UNDO_GRACE_MS } from '../../../main/core/model/undoGrace';
import type { FaultProxy } from '../../support/faultProxy';
import { uniqueName } from '../../support/names';
import { must, untilSynced, type Local, localForFile, type TempDir } from './harness';

const MIN = 60_000;
let local: Local;
let proxy: FaultProxy;
let dir: TempDir;
localForFile((shared) => ({ local, proxy, dir } = shared));
afterEach(() => proxy.heal());

/** A core through the faulty proxy with a timer running 10 minutes on a new project; answers its id. */
async function withTimer(name: string): Promise<{ core: Core; id: number }> {
  const core = await local.core(dir.path, local.client(proxy.url));
  const { projectId } = await must(core.handlers.createProject({ name: uniqueName(name) }));
  await must(core.handlers.startTimer({ projectId }));
  await untilSynced(core);
  local.clock.pass(10 * MIN);
  return { core, id: core.getSnapshot().timers[0]!.projectId };
}

const lost = () => proxy.stats.faults['reset-after'];
const lose = (method: string, suffix: string) => ({
  fault: 'reset-after' as const,
  when: (m: string, path: string) => m === method && path.split('?')[0]!.endsWith(suffix),
});

describe('adjusting a timer', () => {
  it('adds 5 minutes to a running timer once, though the answer to the change was lost', async () => {
    const { core, id } = await withTimer('AdjustRunning');
    const before = lost();
    const asked = local.clock.now();
    proxy.cue(lose('PUT', '/timer/add_or_subtract_time'));
    await must(core.handlers.adjustTimer({ projectId: id, minutes: 5 }));
    await untilSynced(core);
    expect(lost()).toBe(before + 1);
    const timer = await local.api.getTimer(id);
    // It kept running on the real clock meanwhile (seconds under load): 15 minutes plus that, not 20.
    const ranSince = (local.clock.now() - asked) / 1000;
    expect(timer.state).toBe('running');
    expect(timer.seconds).toBeGreaterThanOrEqual(15 * 60 - 1);
    expect(timer.seconds).toBeLessThanOrEqual(15 * 60 + ranSince + 1);
    await local.api.deleteTimer(id);
  });

  it('takes 4 minutes off a paused timer (run, corrected, paused again), once, though the start was lost', async () => {
    const { core, id } = await withTimer('AdjustPaused');
    await must(core.handlers.pauseTimer({ projectId: id }));
    await untilSynced(core);
    const before = lost();
    proxy.cue(lose('PUT', '/timer/start'));
    await must(core.handlers.adjustTimer({ projectId: id, minutes: -4 }));
    expect(core.getSnapshot().timers[0]).toMatchObject({ state: 'paused' });
    expect(Math.round(core.getSnapshot().timers[0]!.seconds)).toBe(6 * 60);
    await untilSynced(core);
    expect(lost()).toBe(before + 1);
    const timer = await local.api.getTimer(id);
    expect(timer.state).toBe('paused');
    expect(Math.abs(timer.seconds - 6 * 60)).toBeLessThan(3);
    await local.api.deleteTimer(id);
  });
});

describe('an adjustment that cannot be made as asked', () => {
  it('changes nothing and says why: another timer runs, or the timer is gone', async () => {
    const paused = await local.api.createProject({ name: uniqueName('AdjustBlocked') });
    const other = await local.api.createProject({ name: uniqueName('AdjustOther') });
    await local.api.startTimer(paused.id);
    local.clock.pass(10 * MIN);
    await local.api.pauseTimer(paused.id);
    await local.api.startTimer(other.id);
    const op = {
      kind: 'adjustTimer' as const,
      projectId: paused.id,
      projectName: 'Blocked',
      running: false,
      seconds: 15 * 60,
      minutes: 5,
      id: 'blocked',
      seq: 1,
      at: local.clock.now(),
    };
    const ctx = { now: () => local.clock.now(), attempted: false, timeFormat: 'hours_minutes' as const };
    expect((await sendOperation(local.api, op, ctx)).notice).toBe(
      "The 0:05 added to Blocked's paused timer could not be saved while another timer runs (starting it would pause that one); adjust it again once the other is paused.",
    );
    expect(await local.api.getTimer(paused.id)).toMatchObject({ state: 'paused', seconds: 600 });
    expect((await local.api.getTimer(other.id)).state).toBe('running');
    await local.api.deleteTimer(paused.id);
    expect((await sendOperation(local.api, op, ctx)).notice).toContain(
      'was logged or discarded elsewhere before the time you added (0:05)',
    );
    await local.api.deleteTimer(other.id);
  });
});

describe("a timer's note", () => {
  it('is set on the service once, the timer running on, though the answer was lost', async () => {
    const { core, id } = await withTimer('Note');
    const before = lost();
    proxy.cue(lose('PUT', '/timer'));
    await must(core.handlers.setTimerNote({ projectId: id, description: 'homepage copy' }));
    expect(core.getSnapshot().timers[0]).toMatchObject({ description: 'homepage copy' });
    await untilSynced(core);
    const timer = await local.api.getTimer(id);
    expect(lost()).toBe(before + 1);
    expect(timer).toMatchObject({ state: 'running', description: 'homepage copy' });
    await local.api.deleteTimer(id);
  });
});

describe('logging a timer', () => {
  const entriesOn = (id: number) => collect(local.api.listEntries({ project_ids: [id] }));

  it('undone within the grace, leaves the timer running on the service; edited before it is sent, logs the edit', async () => {
    const { core, id } = await withTimer('Log');
    await must(core.handlers.logTimer({ projectId: id }));
    expect(core.getSnapshot().undo).toMatchObject([{ summary: expect.stringMatching(/^Logged 0:15 on Log /) }]);
    await must(core.handlers.undo({ id: core.getSnapshot().undo[0]!.id }));
    expect(core.getSnapshot().timers[0]).toMatchObject({ projectId: id, state: 'running' });
    expect((await local.api.getTimer(id)).state).toBe('running');

    await must(core.handlers.logTimer({ projectId: id }));
    const [logged] = core.getSnapshot().today.entries;
    await must(
      core.handlers.updateEntry({
        key: logged!.key,
        time: '20m',
        description: 'homepage',
        project: logged!.projectName!,
      }),
    );
    local.clock.pass(UNDO_GRACE_MS);
    core.notify('resume');
    await untilSynced(core);
    expect(await entriesOn(id)).toMatchObject([{ minutes: 30, description: 'homepage' }]);
    await expect(local.api.getTimer(id)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
