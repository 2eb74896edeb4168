// An entry operation the user edited after an attempt that may have reached the service: the
// next send finds what that attempt made, by its marker (not by date: the edit may have moved
// it to another day), and gives it the edited values instead of making a second entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
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

describe('resending an edited entry operation', () => {
  it('updates the entry an earlier attempt made, on its new day, and makes no second one', async () => {
    const id = `edited-${process.pid}`;
    const op: Operation = {
      kind: 'createEntry',
      id,
      seq: 1,
      at: local.clock.now(),
      date: '2026-03-02',
      minutes: 30,
      description: 'first draft',
      projectId: null,
      projectName: null,
      marker: entryMarker(id),
    };
    await sendOperation(local.api, op, { now: local.clock.now, attempted: false, timeFormat: 'hours_minutes' });
    const edited: Operation = { ...op, date: '2026-03-04', minutes: 45, description: 'as edited' };
    await sendOperation(local.api, edited, { now: local.clock.now, attempted: true, timeFormat: 'hours_minutes' });
    await sendOperation(local.api, edited, { now: local.clock.now, attempted: true, timeFormat: 'hours_minutes' });
    const entries = (await collect(local.api.listEntries({ from: '2026-03-01', to: '2026-03-05' }))).filter(
      (e) => e.source_url === op.marker,
    );
    expect(entries.map((e) => [e.date, e.minutes, e.description])).toEqual([['2026-03-04', 45, 'as edited']]);
  });
});
