// Editing one of today's entries in main: the typed values are checked as quick entry checks
// them and refused at their field; an entry the service has gets an updateEntry operation, shown
// in the snapshot at once; an entry still queued for creation has its createEntry amended instead
// (one request, no id to wait for), and an amendment that meets a send already under way makes
// the worker check once more, by the entry's marker, that the service got the new values.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../common/dispatch';
import type { Handlers } from '../../../../common/contract';
import type { EntryView, Snapshot } from '../../../../common/snapshot';
import { JOURNAL_FILE } from '../../../../main/core/sync/journal';
import { describeOperation, editableValues, type Operation } from '../../../../main/core/model/operations';
import { openOutbox, type Outbox } from '../../../../main/core/sync/outbox';
import { emptyServiceData, type ServiceData } from '../../../../main/core/sync/serviceData';
import { deriveSnapshot } from '../../../../main/core/views/deriveSnapshot';
import { handlersOf, shownOnline } from '../support/calls';
import { must } from '../../../support/result';
import { ACCOUNT } from '../../../support/offline';
import { tempDir } from '../../../support/tempDir';
import { SENT } from '../../../../common/savedHere';

const NOW = new Date(2025, 2, 10, 9, 0).getTime();
const TODAY = '2025-03-10';

let dir: ReturnType<typeof tempDir>;
let outbox: Outbox;
let h: Handlers;
let woken: number;
const read = (id: number, minutes: number, projectName: string | null, description: string | null): EntryView => ({
  key: String(id),
  id,
  date: TODAY,
  minutes,
  description,
  projectName,
  status: SENT,
});
const data: ServiceData = {
  ...emptyServiceData(),
  projects: [
    { id: 1, name: 'Website', color: null, billingIncrement: 15, enabled: true },
    { id: 2, name: 'Backend', color: null, billingIncrement: 1, enabled: true },
    { id: 3, name: 'Old', color: null, billingIncrement: 15, enabled: false },
  ],
  entries: {
    date: TODAY,
    list: [read(41, 30, 'Website', 'call'), read(42, 20, null, null), read(43, 15, 'Old', 'archived work')],
  },
};
const view = (): Snapshot => shownOnline(data, outbox, TODAY);
const entry = (key: string) => view().today.entries.find((e) => e.key === key)!;
const open = async () => {
  outbox = (await openOutbox(dir.path)).outbox;
  h = handlersOf({
    outbox,
    now: () => NOW,
    snapshot: view,
    worker: { wake: () => woken++ },
  });
};
const journal = () =>
  readFileSync(`${dir.path}/${JOURNAL_FILE}`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { t: string });

beforeEach(async () => {
  dir = tempDir();
  woken = 0;
  await open();
});
afterEach(async () => {
  await outbox.close();
  dir.remove();
});

/** A quick entry queued now; answers its key in today's entries (its operation's id). */
async function quick(text: string): Promise<string> {
  await must(h.quickEntry({ text }));
  return outbox.items().at(-1)!.op.id;
}

describe('editing an entry the service has', () => {
  it('queues an updateEntry with every value, and the snapshot shows them at once, as the service will round them', async () => {
    await must(h.updateEntry({ key: '42', time: '50m', description: ' review #design ', project: '@website' }));
    const [item] = outbox.items();
    expect(item!.op).toMatchObject({
      kind: 'updateEntry',
      entryId: 42,
      minutes: 50,
      description: 'review #design',
      projectId: 1,
      projectName: 'Website',
      summary: '0:20',
    });
    expect(entry('42')).toMatchObject({
      id: 42,
      minutes: 60,
      description: 'review #design',
      projectName: 'Website',
      status: { state: 'saved here' },
    });
    expect(view().today.totalMinutes).toBe(30 + 60 + 15);
    expect(describeOperation(item!.op)).toBe('Change 0:20 to 0:50 on Website: review #design');
    expect(woken).toBe(1);

    // Settled, it shows until the read that includes it comes back; failed, it did not happen.
    await outbox.attempt(item!.op.id);
    await outbox.settle(item!.op.id);
    expect(entry('42')).toMatchObject({ minutes: 60, projectName: 'Website', status: SENT });
  });

  it('leaves the project out when it stays, moves it to none when emptied, and the latest edit wins', async () => {
    await must(h.updateEntry({ key: '41', time: '1:00', description: 'call', project: 'WEBSITE' }));
    await must(h.updateEntry({ key: '41', time: '1:00', description: 'long call', project: '' }));
    const [kept, none] = outbox.items().map((i) => i.op);
    expect(kept).not.toHaveProperty('projectId');
    expect(kept).toMatchObject({ projectName: 'Website', minutes: 60 });
    expect(none).toMatchObject({
      projectId: null,
      projectName: null,
      description: 'long call',
      summary: '1:00 on Website: call',
    });
    expect(entry('41')).toMatchObject({ minutes: 60, projectName: null, description: 'long call' });
  });

  it('moves an entry to a new project name, as quick entry takes one: the service creates it', async () => {
    await must(h.updateEntry({ key: '41', time: '0:30', description: 'call', project: '@Research ' }));
    expect(outbox.items().map((i) => i.op)).toMatchObject([
      { kind: 'updateEntry', entryId: 41, projectId: null, projectName: 'Research' },
    ]);
    expect(entry('41')).toMatchObject({ projectName: 'Research', status: { state: 'saved here' } });
  });

  it('shows an edit that writes or takes out an unbillable tag as not billable or billable at once (issue 22)', async () => {
    // Website billable, and the read holding entry 41 as it will be after the first edit.
    const billed: ServiceData = {
      ...data,
      projects: data.projects.map((p) => ({ ...p, billable: true })),
      entries: { date: TODAY, list: [{ ...read(41, 30, 'Website', 'call #unbillable*'), billable: false }] },
    };
    const shown = () =>
      deriveSnapshot(billed, outbox.items(), {
        account: ACCOUNT,
        online: true,
        lastSyncAt: null,
        today: TODAY,
        recent: [],
        notices: [],
      }).today.entries.find((e) => e.key === '41');
    await must(h.updateEntry({ key: '41', time: '0:30', description: 'call #unbillable* #x', project: 'Website' }));
    expect(shown()).toMatchObject({
      description: 'call #unbillable* #x',
      billable: false,
      status: { state: 'saved here' },
    });
    await must(h.updateEntry({ key: '41', time: '0:30', description: 'call', project: 'Website' }));
    // The latest edit wins over the read: billable, as its project is.
    expect(shown()).toMatchObject({ description: 'call', billable: true, status: { state: 'saved here' } });
  });

  it('queues nothing when saved unchanged', async () => {
    await must(h.updateEntry({ key: '41', time: '0:30', description: 'call', project: 'Website' }));
    expect(outbox.items()).toEqual([]);
    expect(woken).toBe(0);
  });

  it.each([
    [{ time: 'soon' }, 'time', '“soon” is not a time'],
    [{ time: '' }, 'time', 'Enter a time'],
    [{ time: '25h' }, 'time', 'at most 24 hours'],
    [{ project: 'x'.repeat(256) }, 'project', 'A project name can be at most 255 characters; this one has 256.'],
    [{ project: 'old' }, 'project', 'Old is archived'],
  ])('refuses %j at its field, and queues nothing', async (typed, field, message) => {
    const result = await h.updateEntry({ key: '41', time: '0:30', description: 'call', project: 'Website', ...typed });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', field } });
    expect(!result.ok && result.error.message).toContain(message);
    expect(outbox.items()).toEqual([]);
  });

  it('refuses an entry of an archived project, an unknown entry, and a request of the wrong shape', async () => {
    expect(await h.updateEntry({ key: '43', time: '0:30', description: 'x', project: 'Old' })).toMatchObject({
      ok: false,
      error: { field: 'project', message: 'Old is archived: its entries cannot change.' },
    });
    expect(await h.updateEntry({ key: '999', time: '0:30', description: '', project: '' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', field: 'key' },
    });
    expect(await dispatch(h, 'updateEntry', { key: '41', time: 30, description: '', project: '' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'time' },
    });
    expect(
      await dispatch(h, 'updateEntry', { key: '41', time: '0:30', description: '', project: '', minutes: 30 }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(outbox.items()).toEqual([]);
  });

  it('a failed edit offers its values to edit again, and an edit of it is checked the same way', async () => {
    await must(h.updateEntry({ key: '41', time: '1:00', description: 'call', project: 'Backend' }));
    const id = outbox.items()[0]!.op.id;
    await outbox.attempt(id);
    await outbox.fail(id, 'Project "Backend" is archived', true);
    expect(entry('41')).toMatchObject({ minutes: 30, projectName: 'Website' });
    expect(view().outbox.failed[0]!.editable).toEqual(editableValues(outbox.items()[0]!.op));
    expect(view().outbox.failed[0]!.editable.map((v) => v.value)).toEqual(['1:00', 'Backend', 'call']);
    expect(await h.editOperation({ id, changes: { project: 'N'.repeat(256) } })).toMatchObject({
      ok: false,
      error: { field: 'project' },
    });
    await must(h.editOperation({ id, changes: { project: 'website', time: '45m' } }));
    expect(outbox.items()[0]).toMatchObject({
      status: 'pending',
      op: { kind: 'updateEntry', entryId: 41, projectId: 1, projectName: 'Website', minutes: 45 },
    });
  });
});

describe('editing an entry still queued for creation', () => {
  it('amends its createEntry (the same operation and marker, no second one), on disk, and shows it at once', async () => {
    const key = await quick('1:30 @Website call with the client');
    const before = outbox.items()[0]!.op as Operation & { kind: 'createEntry' };
    await must(h.updateEntry({ key, time: '20m', description: 'short call #sales', project: 'Backend' }));
    expect(outbox.items()).toHaveLength(1);
    expect(outbox.items()[0]!.op).toEqual({
      ...before,
      minutes: 20,
      description: 'short call #sales',
      projectId: 2,
      projectName: 'Backend',
    });
    expect(entry(key)).toMatchObject({
      id: null,
      minutes: 20,
      projectName: 'Backend',
      description: 'short call #sales',
      status: { state: 'saved here' },
    });
    expect(journal().map((r) => r.t)).toEqual(['op', 'amend']);

    await outbox.close();
    await open();
    expect(outbox.next()).toMatchObject({
      status: 'pending',
      attempted: false,
      op: { minutes: 20, projectName: 'Backend', marker: before.marker },
    });
    expect(outbox.next()).not.toHaveProperty('recheck');
  });

  it('keeps a project the service is to create by name when the project is left as it is', async () => {
    const key = await quick('0:45 @Research reading');
    await must(h.updateEntry({ key, time: '0:45', description: 'reading papers', project: 'research' }));
    expect(outbox.items()[0]!.op).toMatchObject({
      projectId: null,
      projectName: 'Research',
      description: 'reading papers',
    });
  });

  it('refuses a project the outbox creates after the entry: it would not exist when the entry is sent', async () => {
    const key = await quick('0:45 reading');
    await must(h.createProject({ name: 'Later' }));
    const result = await h.updateEntry({ key, time: '0:45', description: 'reading', project: 'Later' });
    expect(result).toMatchObject({ ok: false, error: { field: 'project' } });
    expect(outbox.items()[0]!.op).toMatchObject({ projectId: null, projectName: null });
  });

  it('once a send may be under way, the next settle sends it once more (to find it by marker), then settles', async () => {
    const key = await quick('1:30 call');
    const id = outbox.items()[0]!.op.id;
    await outbox.attempt(id); // the worker took it: its request may carry the old values
    await must(h.updateEntry({ key, time: '1:00', description: 'call', project: '' }));
    expect(journal().at(-1)).toMatchObject({ t: 'amend', recheck: true });

    await outbox.settle(id);
    expect(outbox.next()).toMatchObject({
      op: { id, minutes: 60 },
      status: 'pending',
      attempted: true,
      recheck: false,
    });
    await outbox.settle(id);
    expect(outbox.items()[0]).toMatchObject({ status: 'settled' });
  });

  it('replays the same after a restart: amended while attempted, then settled, it is sent again', async () => {
    const key = await quick('1:30 call');
    const id = outbox.items()[0]!.op.id;
    await outbox.attempt(id);
    await must(h.updateEntry({ key, time: '1:00', description: 'call', project: '' }));
    await outbox.settle(id);
    await outbox.close();
    await open();
    expect(outbox.next()).toMatchObject({ op: { id, minutes: 60 }, attempted: true });
  });

  it('the worker takes nothing while an amendment is written', async () => {
    const key = await quick('1:30 call');
    const amended = h.updateEntry({ key, time: '1:00', description: 'call', project: '' });
    // The handler runs after the current tick; once its write has begun, next() waits for it.
    await new Promise((r) => setImmediate(r));
    const during = outbox.next();
    await must(amended);
    expect(during).toBeUndefined();
    expect(outbox.next()?.op).toMatchObject({ minutes: 60 });
  });

  it('settled while the amendment was written: refused, to be tried again, and the worker woken all the same', async () => {
    const key = await quick('1:30 call');
    woken = 0;
    await outbox.attempt(key);
    const edited = h.updateEntry({ key, time: '1:00', description: 'call', project: '' });
    // The worker's settle is written first; the amendment then finds no pending item.
    const settled = outbox.settle(key);
    const result = await edited;
    await settled;
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        field: 'key',
        message: 'This entry is being saved to the service: edit it once it shows as saved.',
      },
    });
    expect(outbox.items()[0]).toMatchObject({ status: 'settled', op: { minutes: 90 } });
    expect(woken).toBe(1);
  });

  it('is refused, with the entry left as it was, once sent in an import, settled, or logged from a timer and sent', async () => {
    const batchKey = await quick('1:30 batch');
    const settledKey = await quick('0:30 settled');
    await outbox.attemptBatch({ id: 'b1', at: NOW }, [{ id: batchKey, minutes: 90 }]);
    await outbox.attempt(settledKey);
    await outbox.settle(settledKey);
    await outbox.add({
      kind: 'logTimer',
      projectId: 1,
      projectName: 'Website',
      seconds: 600,
      minutes: 15,
      date: TODAY,
      description: null,
      id: 'log',
      seq: outbox.newSeq(),
      at: NOW,
    });
    // A log whose send began may have landed unseen: it is edited once read back (calls/loggedTimer.ts).
    await outbox.attempt('log');
    expect([batchKey, 'log'].map((k) => entry(k).editable)).toEqual([false, false]);
    for (const key of [batchKey, settledKey, 'log']) {
      const result = await h.updateEntry({ key, time: '2h', description: 'x', project: '' });
      expect(result, key).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'key' } });
    }
    expect(outbox.items().map((i) => (i.op as { minutes: number }).minutes)).toEqual([90, 30, 15]);
  });

  it('amends only a pending entry creation, keeping what it is', async () => {
    const key = await quick('1:30 call');
    const op = outbox.items()[0]!.op as Operation & { kind: 'createEntry' };
    expect(await outbox.amend({ ...op, marker: 'https://stint.invalid/op/other' })).toBe(false);
    expect(await outbox.amend({ ...op, seq: op.seq + 1 })).toBe(false);
    await outbox.attempt(key);
    await outbox.fail(key, 'refused', true);
    expect(await outbox.amend({ ...op, minutes: 5 })).toBe(false);
    expect(outbox.items()[0]!.op).toEqual(op);
  });
});
