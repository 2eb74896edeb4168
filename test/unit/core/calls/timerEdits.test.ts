// Changing a timer in place, in main: minutes added or taken off (a target, shown at once), its
// note, a log held for the undo grace and taken back, and the entry a log is to make edited or
// deleted before the log is sent (calls/loggedTimer.ts), all through the outbox.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Handlers } from '../../../../common/contract';
import { dispatch } from '../../../../common/dispatch';
import { liveSeconds } from '../../../../common/liveSeconds';
import type { Snapshot, TimerView } from '../../../../common/snapshot';
import { describeOperation, type Operation } from '../../../../main/core/model/operations';
import { openOutbox, type Outbox } from '../../../../main/core/sync/outbox';
import { emptyServiceData, type ServiceData } from '../../../../main/core/sync/serviceData';
import { handlersOf, shownOnline } from '../support/calls';
import { must } from '../../../support/result';
import { tempDir } from '../../../support/tempDir';
import { SENT } from '../../../../common/savedHere';
import { createWords } from '../../../../common/i18n/words';
import { readCatalog } from '../../../../platform/catalogFiles';

const T0 = new Date(2025, 2, 10, 9, 0).getTime();
const TODAY = '2025-03-10';
const GRACE = 5_000;

const timer = (projectId: number, name: string, state: 'running' | 'paused', seconds: number): TimerView => ({
  projectId,
  projectName: name,
  color: null,
  state,
  seconds,
  asOf: T0,
  description: null,
  status: SENT,
});
const data: ServiceData = {
  ...emptyServiceData(),
  projects: [
    { id: 1, name: 'Website', color: null, billingIncrement: 15, enabled: true },
    { id: 2, name: 'Backend', color: null, billingIncrement: 1, enabled: true },
  ],
  // Website runs at 0:04:00; Backend is paused at 0:20:00.
  timers: [timer(1, 'Website', 'running', 240), timer(2, 'Backend', 'paused', 1200)],
  entries: { date: TODAY, list: [] },
};

let dir: ReturnType<typeof tempDir>;
let outbox: Outbox;
let h: Handlers;
let now: number;
const view = (): Snapshot => shownOnline(data, outbox, TODAY);
const timerOf = (projectId: number) => view().timers.find((t) => t.projectId === projectId);
const ops = () => outbox.items().map((i) => i.op);

beforeEach(async () => {
  dir = tempDir();
  now = T0;
  outbox = (await openOutbox(dir.path)).outbox;
  h = handlersOf({
    outbox,
    now: () => now,
    snapshot: view,
    undoGraceMs: GRACE,
  });
});
afterEach(async () => {
  await outbox.close();
  dir.remove();
});

describe('adjusting a timer', () => {
  it('brings a running timer to its seconds plus the change, shown at once and running on from there', async () => {
    now = T0 + 60_000; // Website shows 0:05:00
    await must(h.adjustTimer({ projectId: 1, minutes: 5 }));
    expect(ops()).toMatchObject([{ kind: 'adjustTimer', projectId: 1, running: true, seconds: 600, minutes: 5 }]);
    expect(liveSeconds(timerOf(1)!, now)).toBe(600);
    expect(liveSeconds(timerOf(1)!, now + 30_000)).toBe(630);
    expect(timerOf(1)!.status.state).toBe('saved here');
    expect(describeOperation(ops()[0]!)).toBe("Add 0:05 to Website's timer");
  });

  it('takes minutes off a paused timer, never below 0:00, and refuses to take anything off 0:00', async () => {
    await must(h.adjustTimer({ projectId: 2, minutes: -30 }));
    expect(ops()).toMatchObject([{ kind: 'adjustTimer', running: false, seconds: 0, minutes: -20 }]);
    expect(timerOf(2)).toMatchObject({ state: 'paused', seconds: 0 });
    expect(describeOperation(ops()[0]!)).toBe("Take 0:20 off Backend's timer");
    expect(await h.adjustTimer({ projectId: 2, minutes: -5 })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        field: 'minutes',
        message: "Backend's timer is at 0:00: there is nothing to take off.",
      },
    });
    expect(ops()).toHaveLength(1);
  });

  it('refuses a change of more than a day, or none, at the contract and at the field', async () => {
    expect(await dispatch(h, 'adjustTimer', { projectId: 1, minutes: 24 * 60 + 1 })).toMatchObject({ ok: false });
    expect(await h.adjustTimer({ projectId: 1, minutes: 0 })).toMatchObject({ ok: false, error: { field: 'minutes' } });
    expect(await h.adjustTimer({ projectId: 9, minutes: 5 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(ops()).toEqual([]);
  });

  it('refuses in the catalog’s words too: the same sentence in English, and said in German and Arabic', async () => {
    await must(h.adjustTimer({ projectId: 2, minutes: -30 }));
    const refused = await h.adjustTimer({ projectId: 2, minutes: -5 });
    if (refused.ok || !refused.error.words) throw new Error('expected a refusal that names its message');
    const { id, values } = refused.error.words;
    expect(createWords('en', readCatalog('en')).t(id, values)).toBe(refused.error.message);
    expect(createWords('de', readCatalog('de')).t(id, values)).toBe(
      'Der Timer von Backend steht auf 0:00: Es gibt nichts abzuziehen.',
    );
    const none = await h.adjustTimer({ projectId: 9, minutes: 5 });
    if (none.ok || !none.error.words) throw new Error('expected a refusal that names its message');
    expect(createWords('ar', readCatalog('ar')).t(none.error.words.id)).toBe('لا يوجد مؤقّت لذلك المشروع.');
  });
});

describe("a timer's note", () => {
  it('is shown at once and sent as typed (trimmed); the same note again queues nothing', async () => {
    await must(h.setTimerNote({ projectId: 1, description: ' homepage #design ' }));
    expect(ops()).toMatchObject([{ kind: 'setTimerNote', projectId: 1, description: 'homepage #design' }]);
    expect(timerOf(1)).toMatchObject({ description: 'homepage #design', status: { state: 'saved here' } });
    await must(h.setTimerNote({ projectId: 1, description: 'homepage #design' }));
    expect(ops()).toHaveLength(1);
  });
});

describe('logging a timer', () => {
  it('is held for the undo grace, named with the minutes the service stores; undone, the timer is back and still running', async () => {
    now = T0 + 10_000; // 0:04:10 → 5 minutes, rounded up to Website's 15
    await must(h.logTimer({ projectId: 1 }));
    expect(ops()).toMatchObject([{ kind: 'logTimer', minutes: 15, notBefore: now + GRACE }]);
    expect(timerOf(1)).toBeUndefined();
    const [line] = view().undo;
    expect(line).toMatchObject({ summary: 'Logged 0:15 on Website', until: now + GRACE });
    expect(view().today.entries).toMatchObject([
      { minutes: 15, projectName: 'Website', status: { state: 'saved here' } },
    ]);

    now += 3_000;
    await must(h.undo({ id: line!.id }));
    expect(ops()).toEqual([]);
    expect(view().today.entries).toEqual([]);
    // As the service has it: it never stopped, so the seconds since the log are there too.
    expect(timerOf(1)).toMatchObject({ state: 'running' });
    expect(liveSeconds(timerOf(1)!, now)).toBe(253);
  });
});

describe('the entry of a log not sent yet', () => {
  const logWebsite = async () => {
    now = T0 + 10_000;
    await must(h.logTimer({ projectId: 1 }));
    return ops()[0]!.id;
  };

  it('can be edited: its log is amended, shown rounded as the service will store it, and sends the description', async () => {
    const key = await logWebsite();
    expect(view().today.entries[0]).not.toHaveProperty('editable');
    await must(h.updateEntry({ key, time: '20m', description: 'homepage', project: 'Website' }));
    expect(ops()).toMatchObject([
      { kind: 'logTimer', id: key, seconds: 1200, minutes: 30, description: 'homepage', edited: true },
    ]);
    expect(view().today.entries).toMatchObject([{ key, minutes: 30, description: 'homepage' }]);
    // Still held: the undo line names the new minutes.
    expect(view().undo).toMatchObject([{ summary: 'Logged 0:30 on Website' }]);
  });

  it('stays on its project, refused at the field, the log unchanged', async () => {
    const key = await logWebsite();
    const before = ops();
    expect(await h.updateEntry({ key, time: '20m', description: '', project: 'Backend' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', field: 'project' },
    });
    expect(ops()).toEqual(before);
  });

  it('deleted within the grace is the log undone; after it, the timer is discarded instead', async () => {
    const first = await logWebsite();
    await must(h.deleteEntry({ key: first }));
    expect(ops()).toEqual([]);
    expect(timerOf(1)).toMatchObject({ state: 'running' });

    const second = await logWebsite();
    now += GRACE + 1; // the grace is over; offline, nothing was sent
    await must(h.deleteEntry({ key: second }));
    expect(ops()).toMatchObject([{ kind: 'logTimer', id: second, discarded: true }]);
    expect(view().today.entries).toEqual([]);
    expect(timerOf(1)).toBeUndefined();
    expect(describeOperation(ops()[0]!)).toBe('Discard the timer of Website (its logged entry deleted)');
  });

  it('once a send of its log began, is refused until read back with its id (a log has no marker to find it by)', async () => {
    const key = await logWebsite();
    now += GRACE + 1;
    await outbox.attempt(key);
    expect(view().today.entries[0]).toMatchObject({ editable: false });
    for (const result of [
      await h.updateEntry({ key, time: '20m', description: '', project: 'Website' }),
      await h.deleteEntry({ key }),
    ])
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'key' } });
    expect((ops()[0] as Operation & { kind: 'logTimer' }).minutes).toBe(15);
  });
});

describe('what a success says', () => {
  it("names the minutes the service stores, rounded up to the project's increment, not the ones typed", async () => {
    expect(await h.quickEntry({ text: '0:20 @Website call' })).toMatchObject({
      ok: true,
      value: { minutes: 30, typedMinutes: 20, projectName: 'Website' },
    });
    expect(await h.quickEntry({ text: '0:20 @Backend call' })).toMatchObject({ value: { minutes: 20 } });
    expect(await h.quickEntry({ text: '0:20 no project' })).toMatchObject({ value: { minutes: 20 } });
  });
});
