// Logging a timer again after an attempt whose answer never came: the service answers 404 either
// way (the timer is gone), but for two different reasons. The attempt landed and the timer became
// the entry: nothing more to do, and nothing to tell. Or the timer was discarded elsewhere before
// the attempt arrived: the user's time is logged as they asked, and they are told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { localDate } from '../../../common/format';
import type { Operation } from '../../../main/core/model/operations';
import { entryMarker } from '../../../main/core/model/operations';
import { sendOperation } from '../../../main/core/senders/sendOnce';
import { startLocal, type Local } from '../core/harness';

let local: Local;
beforeAll(async () => {
  local = await startLocal();
});
afterAll(async () => {
  await local?.close();
});

let counter = 0;
async function runningTimer(): Promise<{ op: Operation; projectId: number }> {
  const name = `Log again ${process.pid}-${++counter}`;
  const project = await local.api.createProject({ name, billing_increment: 1 });
  await local.api.startTimer(project.id);
  const id = `log-${name}`;
  const at = local.clock.now();
  const op: Operation = {
    kind: 'logTimer',
    id,
    seq: 1,
    at,
    projectId: project.id,
    projectName: name,
    seconds: 600,
    minutes: 10,
    date: localDate(at),
    description: null,
  };
  return { op, projectId: project.id };
}

const entriesOf = async (projectId: number) => collect(local.api.listEntries({ project_ids: [projectId] }));

describe('a timer log repeated after an unanswered attempt', () => {
  it('finds the entry the attempt made: no second entry, no notice', async () => {
    const { op, projectId } = await runningTimer();
    // What the attempt did before its answer was lost.
    await local.api.logTimer(projectId, { minutes: 10 });
    const sent = await sendOperation(local.api, op, {
      now: local.clock.now,
      attempted: true,
      timeFormat: 'hours_minutes',
    });
    expect(sent.notice).toBeUndefined();
    expect((await entriesOf(projectId)).map((e) => e.minutes)).toEqual([10]);
  });

  it('logs the time when the timer was discarded elsewhere before the attempt arrived, and says so', async () => {
    const { op, projectId } = await runningTimer();
    await local.api.deleteTimer(projectId);
    const sent = await sendOperation(local.api, op, {
      now: local.clock.now,
      attempted: true,
      timeFormat: 'hours_minutes',
    });
    expect(sent.notice).toMatch(/discarded elsewhere.*your 0:10 is logged/);
    const entries = await entriesOf(projectId);
    expect(entries.map((e) => [e.minutes, e.source_url])).toEqual([[10, entryMarker(op.id)]]);
    // A repeat after a crash finds it by its marker.
    await sendOperation(local.api, op, { now: local.clock.now, attempted: true, timeFormat: 'hours_minutes' });
    expect(await entriesOf(projectId)).toHaveLength(1);
  });
});
