import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../main/core/model/operations';
import type { OutboxItem } from '../../../../main/core/sync/outbox';
import { emptyServiceData, type ServiceData } from '../../../../main/core/sync/serviceData';
import { liveSeconds } from '../../../../common/liveSeconds';
import { deriveSnapshot, type ViewContext } from '../../../../main/core/views/deriveSnapshot';
import { timerView } from '../../../support/snapshot';
import { SENT } from '../../../../common/savedHere';

const T0 = new Date(2025, 2, 10, 9, 0).getTime();
const ctx: ViewContext = {
  account: { id: 'a', label: 'A', kind: 'local' },
  online: true,
  lastSyncAt: null,
  today: '2025-03-10',
  recent: [],
  notices: [],
};

const data = (over: Partial<ServiceData> = {}): ServiceData => ({
  ...emptyServiceData(),
  projects: [
    { id: 1, name: 'Website', color: '#f00', billingIncrement: 15, enabled: true },
    { id: 2, name: 'Backend', color: null, billingIncrement: 1, enabled: true },
  ],
  ...over,
});

let seq = 0;
const item = (
  body: object,
  status: OutboxItem['status'] = 'pending',
  at = T0,
  awaiting: OutboxItem['awaiting'] = [],
): OutboxItem => ({
  op: { ...body, id: `op${++seq}`, seq, at } as Operation,
  status,
  attempted: false,
  message: status === 'failed' ? 'refused' : null,
  awaiting,
});

describe('deriveSnapshot', () => {
  it('starting a timer pauses the running one at its elapsed time and lists the running one first', () => {
    const snap = deriveSnapshot(
      data({ timers: [timerView({ projectId: 1, projectName: 'Website', state: 'running', seconds: 600, asOf: T0 })] }),
      [
        item(
          { kind: 'startTimer', projectId: 2, projectName: 'Backend', fromSeconds: 0, pauses: null },
          'pending',
          T0 + 60_000,
        ),
      ],
      ctx,
    );
    expect(snap.timers.map((t) => [t.projectName, t.state, t.seconds, t.status.state])).toEqual([
      ['Backend', 'running', 0, 'saved here'],
      // Paused by a start not yet landed: a guess, not the service's word.
      ['Website', 'paused', 660, 'saved here'],
    ]);
    expect(snap.timers[0]!.asOf).toBe(T0 + 60_000);
  });

  it('a pause stops the clock at the moment the user paused, not when the view is built', () => {
    const snap = deriveSnapshot(
      data({ timers: [timerView({ projectId: 1, projectName: 'Website', state: 'running', seconds: 0, asOf: T0 })] }),
      [item({ kind: 'pauseTimer', projectId: 1, projectName: 'Website', seconds: 90 }, 'pending', T0 + 90_000)],
      ctx,
    );
    expect(snap.timers[0]).toMatchObject({ state: 'paused', seconds: 90, status: { state: 'saved here' } });
    expect(liveSeconds(snap.timers[0]!, T0 + 1e9)).toBe(90);
  });

  it('a pause not yet sent shows the user’s seconds, though a newer read has the service’s timer running on', () => {
    // The pause waits in the outbox (offline, or behind other operations) while a read shows the
    // timer as the service has it: still running, 40 minutes on. The user paused at 156 s.
    const read = data({
      timers: [
        timerView({
          projectId: 1,
          projectName: 'Website',
          state: 'running',
          seconds: 2_400 + 156,
          asOf: T0 + 2_400_000,
        }),
      ],
    });
    const pause = item(
      { kind: 'pauseTimer', projectId: 1, projectName: 'Website', seconds: 156 },
      'pending',
      T0 + 156_000,
    );
    expect(deriveSnapshot(read, [pause], ctx).timers[0]).toMatchObject({
      state: 'paused',
      seconds: 156,
      status: { state: 'saved here' },
    });
    // The same for a start that paused it, and the timer it paused is not taken as confirmed.
    const start = item(
      {
        kind: 'startTimer',
        projectId: 2,
        projectName: 'Backend',
        fromSeconds: 0,
        pauses: { projectId: 1, projectName: 'Website', seconds: 156 },
      },
      'pending',
      T0 + 156_000,
    );
    expect(deriveSnapshot(read, [start], ctx).timers.find((t) => t.projectId === 1)).toMatchObject({
      state: 'paused',
      seconds: 156,
      status: { state: 'saved here' },
    });
  });

  it('a logged timer leaves the list and shows as a pending entry counted in today’s total', () => {
    const snap = deriveSnapshot(
      data({
        timers: [timerView({ projectId: 1, projectName: 'Website', state: 'paused', seconds: 600, asOf: T0 })],
        entries: {
          date: '2025-03-10',
          list: [
            {
              key: '9',
              id: 9,
              date: '2025-03-10',
              minutes: 30,
              description: 'x',
              projectName: 'Backend',
              status: SENT,
            },
          ],
        },
      }),
      [
        item({
          kind: 'logTimer',
          projectId: 1,
          projectName: 'Website',
          seconds: 600,
          minutes: 15,
          date: '2025-03-10',
          description: 'call',
        }),
      ],
      ctx,
    );
    expect(snap.timers).toEqual([]);
    expect(snap.today.entries.map((e) => [e.projectName, e.minutes, e.status.state])).toEqual([
      ['Website', 15, 'saved here'],
      ['Backend', 30, 'sent'],
    ]);
    expect(snap.today.totalMinutes).toBe(45);
  });

  it('shows a queued entry as the service will round it: the project’s increment, the default for a new project, none without', () => {
    const entry = (projectId: number | null, projectName: string | null) =>
      item({
        kind: 'createEntry',
        date: '2025-03-10',
        minutes: 7,
        description: 'd',
        projectId,
        projectName,
        marker: 'm',
      });
    const snap = deriveSnapshot(
      data(),
      [entry(1, 'Website'), entry(2, 'Backend'), entry(null, 'Acme'), entry(null, null)],
      ctx,
    );
    expect(snap.today.entries.map((e) => [e.projectName, e.minutes])).toEqual([
      [null, 7],
      ['Acme', 15],
      ['Backend', 7],
      ['Website', 15],
    ]);
  });

  it('leaves out entries of another day', () => {
    const snap = deriveSnapshot(
      data({
        entries: {
          date: '2025-03-09',
          list: [
            { key: '1', id: 1, date: '2025-03-09', minutes: 30, description: null, projectName: null, status: SENT },
          ],
        },
      }),
      [
        item({
          kind: 'createEntry',
          date: '2025-03-09',
          minutes: 5,
          description: '',
          projectId: null,
          projectName: null,
          marker: 'm',
        }),
      ],
      ctx,
    );
    expect(snap.today).toEqual({ date: '2025-03-10', entries: [], totalMinutes: 0 });
  });

  it('does not apply a failed operation, and lists it with what the user did, the service’s message and what an edit may change', () => {
    const snap = deriveSnapshot(
      data(),
      [
        item(
          {
            kind: 'createEntry',
            date: '2025-03-10',
            minutes: 90,
            description: 'call',
            projectId: 1,
            projectName: 'Website',
            marker: 'm',
          },
          'failed',
        ),
      ],
      ctx,
    );
    expect(snap.today.entries).toEqual([]);
    expect(snap.outbox).toEqual({
      pending: 0,
      failed: [
        {
          id: expect.any(String),
          summary: 'Log 1:30 on Website: call',
          message: 'refused',
          editable: [
            { field: 'time', value: '1:30' },
            { field: 'date', value: '2025-03-10' },
            { field: 'project', value: 'Website' },
            { field: 'description', value: 'call' },
          ],
        },
      ],
    });
  });

  describe("what became of each thing the user did, in the account's words (the window reads it, issue 30 item 2)", () => {
    const work: ViewContext = { ...ctx, account: { id: 'w', label: 'Work', kind: 'remote' } };
    const savedHere = { state: 'saved here', words: 'Saved here · sends when Work answers', account: 'Work' };
    const log = (description: string) => ({
      kind: 'createEntry',
      date: '2025-03-10',
      minutes: 30,
      description,
      projectId: 1,
      projectName: 'Website',
      marker: description,
    });

    it('by operation: saved here while it waits, sent once the service has it, refused when it said no', () => {
      const waiting = item(log('waiting'), 'pending');
      const sent = item(log('sent'), 'settled', T0, ['entries']);
      const refused = item(log('refused'), 'failed');
      const snap = deriveSnapshot(data(), [waiting, sent, refused], work);
      expect(snap.operations).toEqual({
        [waiting.op.id]: savedHere,
        [sent.op.id]: { state: 'sent' },
        [refused.op.id]: { state: 'refused', words: 'Not saved on Work: see what was refused above.', account: 'Work' },
      });
      // The rows say the same of the entries they show; the refused one is not shown.
      expect(snap.today.entries.map((e) => [e.description, e.status])).toEqual([
        ['sent', { state: 'sent' }],
        ['waiting', savedHere],
      ]);
    });

    it('an entry read back is sent; an edit of it not yet sent makes it saved here, and the timer a start waits on too', () => {
      const read = data({
        entries: {
          date: '2025-03-10',
          list: [
            { key: '7', id: 7, date: '2025-03-10', minutes: 30, description: 'a', projectName: null, status: SENT },
            { key: '8', id: 8, date: '2025-03-10', minutes: 30, description: 'b', projectName: null, status: SENT },
          ],
        },
      });
      const edit = item({ kind: 'updateEntry', entryId: 8, minutes: 45, description: 'b', projectName: null });
      const start = item({ kind: 'startTimer', projectId: 2, projectName: 'Backend', fromSeconds: 0, pauses: null });
      const snap = deriveSnapshot(read, [edit, start], work);
      expect(snap.today.entries.map((e) => [e.key, e.status])).toEqual([
        ['7', { state: 'sent' }],
        ['8', savedHere],
      ]);
      expect(snap.timers.map((t) => [t.projectName, t.status])).toEqual([['Backend', savedHere]]);
      // Sent, the edit's entry shows as sent until the read that includes it is back.
      const settled = deriveSnapshot(read, [{ ...edit, status: 'settled', awaiting: ['entries'] }], work);
      expect(settled.today.entries.find((e) => e.key === '8')).toMatchObject({
        minutes: 45,
        status: { state: 'sent' },
      });
    });
  });

  it('carries the notices it is given, newest first as given', () => {
    const notices = [
      { id: 'b', message: 'Backend’s timer was paused elsewhere.', at: T0 + 1000 },
      { id: 'a', message: 'Website’s timer was changed elsewhere.', at: T0 },
    ];
    expect(deriveSnapshot(data(), [], { ...ctx, notices }).notices).toEqual(notices);
    expect(deriveSnapshot(data(), [], ctx).notices).toEqual([]);
  });

  it('keeps showing a settled operation until the read that includes it is back', () => {
    const created = item({ kind: 'createProject', localId: -3, name: 'Acme', projectId: 42 }, 'settled', T0, [
      'projects',
    ]);
    expect(deriveSnapshot(data(), [created], ctx).projects.map((p) => [p.id, p.name])).toEqual([
      [42, 'Acme'],
      [2, 'Backend'],
      [1, 'Website'],
    ]);
    expect(deriveSnapshot(data(), [{ ...created, awaiting: [] }], ctx).projects.map((p) => p.id)).toEqual([2, 1]);
    expect(deriveSnapshot(data(), [created], ctx).outbox.pending).toBe(0);
  });

  it('orders paused timers by most recent use, then as the service lists them', () => {
    const timers = [
      timerView({ projectId: 1, projectName: 'Website', state: 'paused', seconds: 1, asOf: T0 }),
      timerView({ projectId: 2, projectName: 'Backend', state: 'paused', seconds: 2, asOf: T0 }),
      timerView({ projectId: 3, projectName: 'Docs', state: 'pending', seconds: 0, asOf: T0 }),
    ];
    expect(deriveSnapshot(data({ timers }), [], { ...ctx, recent: [3, 2] }).timers.map((t) => t.projectId)).toEqual([
      3, 2, 1,
    ]);
  });

  it('answers a frozen snapshot', () => {
    const snap = deriveSnapshot(
      data({ timers: [timerView({ projectId: 1, projectName: 'Website', state: 'paused', seconds: 1, asOf: T0 })] }),
      [],
      ctx,
    );
    expect(Object.isFrozen(snap.timers[0])).toBe(true);
    expect(Object.isFrozen(snap.projects)).toBe(true);
  });
});
