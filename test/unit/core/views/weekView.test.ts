// The week view as core derives it (main/core/views/weekView.ts via deriveSnapshot): the user's first
// day of the week, weeks across a month's end, offline marking, and unsent changes on any day.
import { describe, expect, it } from 'vitest';
import type { EntryView } from '../../../../common/snapshot';
import { addDays, isDate, weekOf, weekStartOf } from '../../../../common/week';
import type { Operation } from '../../../../main/core/model/operations';
import type { OutboxItem } from '../../../../main/core/sync/outbox';
import { emptyServiceData, type ServiceData } from '../../../../main/core/sync/serviceData';
import { deriveSnapshot, type ViewContext } from '../../../../main/core/views/deriveSnapshot';
import { SENT } from '../../../../common/savedHere';

const ctx = (over: Partial<ViewContext> = {}): ViewContext => ({
  account: { id: 'a', label: 'A', kind: 'local' },
  online: true,
  lastSyncAt: null,
  today: '2025-03-12',
  recent: [],
  notices: [],
  ...over,
});

const entry = (id: number, date: string, minutes: number, over: Partial<EntryView> = {}): EntryView => ({
  key: String(id),
  id,
  date,
  minutes,
  description: null,
  projectName: 'Website',
  projectId: 1,
  billable: true,
  status: SENT,
  ...over,
});

const data = (over: Partial<ServiceData> = {}): ServiceData => ({
  ...emptyServiceData(),
  projects: [
    { id: 1, name: 'Website', color: '#f00', billingIncrement: 1, enabled: true, billable: true },
    { id: 2, name: 'Internal', color: null, billingIncrement: 1, enabled: true, billable: false },
  ],
  ...over,
});

let seq = 0;
const item = (body: object, status: OutboxItem['status'] = 'pending'): OutboxItem => ({
  op: { ...body, id: `op${++seq}`, seq, at: 0 } as Operation,
  status,
  attempted: false,
  message: null,
  awaiting: [],
});

describe('weeks', () => {
  it('start on the user’s first day: Monday or Sunday, the service’s capitalised word read either way', () => {
    expect(weekStartOf('Monday')).toBe('monday');
    expect(weekStartOf('Sunday')).toBe('sunday');
    expect(weekStartOf('sunday')).toBe('sunday');
    // 2025-03-12 is a Wednesday.
    expect(weekOf('2025-03-12', 'monday')).toEqual({ start: '2025-03-10', end: '2025-03-16' });
    expect(weekOf('2025-03-12', 'sunday')).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    // A Sunday is the last day of a Monday week and the first of a Sunday week.
    expect(weekOf('2025-03-16', 'monday').start).toBe('2025-03-10');
    expect(weekOf('2025-03-16', 'sunday').start).toBe('2025-03-16');
  });

  it('span a month’s and a year’s end, and step across a daylight-saving change by whole days', () => {
    expect(weekOf('2025-04-01', 'monday')).toEqual({ start: '2025-03-31', end: '2025-04-06' });
    expect(weekOf('2026-01-01', 'sunday')).toEqual({ start: '2025-12-28', end: '2026-01-03' });
    expect(addDays('2025-03-30', 1)).toBe('2025-03-31');
    expect(isDate('2025-02-29')).toBe(false);
    expect(isDate('2024-02-29')).toBe(true);
  });
});

describe('the week view', () => {
  it('is this week by the user’s week start, with per-day totals and per-project billable minutes', () => {
    const week = { start: '2025-03-09', end: '2025-03-15' };
    const snap = deriveSnapshot(
      data({
        weekStart: 'sunday',
        entries: { date: '2025-03-12', list: [] },
        week: {
          ...week,
          list: [
            entry(1, '2025-03-09', 30),
            entry(2, '2025-03-12', 60),
            entry(3, '2025-03-12', 45, { projectName: 'Internal', projectId: 2, billable: false }),
            entry(4, '2025-03-15', 15, { projectName: null, projectId: null, billable: false }),
          ],
        },
      }),
      [],
      ctx(),
    );
    expect(snap.week).toMatchObject({ ...week, weekStart: 'sunday', isCurrent: true, loaded: true, stale: false });
    expect(snap.week.days.map((d) => [d.date, d.totalMinutes])).toEqual([
      ['2025-03-09', 30],
      ['2025-03-10', 0],
      ['2025-03-11', 0],
      ['2025-03-12', 105],
      ['2025-03-13', 0],
      ['2025-03-14', 0],
      ['2025-03-15', 15],
    ]);
    expect(snap.week.totalMinutes).toBe(150);
    expect(snap.week.projects).toEqual([
      { projectName: 'Website', color: '#f00', billableMinutes: 90, unbillableMinutes: 0, totalMinutes: 90 },
      { projectName: 'Internal', color: null, billableMinutes: 0, unbillableMinutes: 45, totalMinutes: 45 },
      { projectName: null, color: null, billableMinutes: 0, unbillableMinutes: 15, totalMinutes: 15 },
    ]);
    // Today's entries are the week's of today: one read served both.
    expect(snap.today.entries.map((e) => e.id)).toEqual([2, 3]);
    expect(snap.today.totalMinutes).toBe(105);
  });

  it('across a month’s end holds the days of both months', () => {
    const snap = deriveSnapshot(
      data({
        week: {
          start: '2025-03-31',
          end: '2025-04-06',
          list: [entry(1, '2025-03-31', 10), entry(2, '2025-04-02', 20)],
        },
      }),
      [],
      ctx({ today: '2025-04-01' }),
    );
    expect(snap.week.days.map((d) => d.date)).toEqual([
      '2025-03-31',
      '2025-04-01',
      '2025-04-02',
      '2025-04-03',
      '2025-04-04',
      '2025-04-05',
      '2025-04-06',
    ]);
    expect(snap.week.days.map((d) => d.totalMinutes)).toEqual([10, 0, 20, 0, 0, 0, 0]);
  });

  it('offline, is drawn from the last read plus the unsent changes, marked stale', () => {
    const snap = deriveSnapshot(
      data({ week: { start: '2025-03-10', end: '2025-03-16', list: [entry(1, '2025-03-10', 30)] } }),
      [
        item({
          kind: 'createEntry',
          date: '2025-03-12',
          minutes: 20,
          description: '',
          projectId: 2,
          projectName: 'Internal',
          marker: 'm',
        }),
      ],
      ctx({ online: false }),
    );
    expect(snap.week).toMatchObject({ stale: true, loaded: true, totalMinutes: 50 });
    expect(snap.week.projects.find((p) => p.projectName === 'Internal')).toMatchObject({ unbillableMinutes: 20 });
  });

  it('another week shows nothing read until its read is back, and today keeps its own read', () => {
    const shown = { start: '2025-03-03', end: '2025-03-09' };
    const before = deriveSnapshot(
      data({
        entries: { date: '2025-03-12', list: [entry(9, '2025-03-12', 5)] },
        week: { start: '2025-03-10', end: '2025-03-16', list: [entry(9, '2025-03-12', 5)] },
      }),
      [],
      ctx({ week: shown }),
    );
    expect(before.week).toMatchObject({ ...shown, isCurrent: false, loaded: false, totalMinutes: 0 });
    expect(before.today.entries.map((e) => e.id)).toEqual([9]);

    const after = deriveSnapshot(
      data({
        entries: { date: '2025-03-12', list: [entry(9, '2025-03-12', 5)] },
        week: { ...shown, list: [entry(1, '2025-03-04', 30)] },
      }),
      [],
      ctx({ week: shown }),
    );
    expect(after.week).toMatchObject({ loaded: true, totalMinutes: 30 });
    expect(after.today.entries.map((e) => e.id)).toEqual([9]);
  });

  it('applies unsent edits and deletes to any day: a date change moves an entry, a delete removes it', () => {
    const snap = deriveSnapshot(
      data({
        week: {
          start: '2025-03-10',
          end: '2025-03-16',
          list: [entry(1, '2025-03-10', 30), entry(2, '2025-03-11', 40), entry(3, '2025-03-11', 50)],
        },
      }),
      [
        item({
          kind: 'updateEntry',
          entryId: 1,
          minutes: 30,
          description: '',
          projectId: 2,
          projectName: 'Internal',
          date: '2025-03-12',
          summary: '0:30 on Website',
        }),
        item({ kind: 'deleteEntry', entryId: 2, summary: '0:40 on Website' }),
      ],
      ctx(),
    );
    const day = (date: string) => snap.week.days.find((d) => d.date === date)!;
    expect(day('2025-03-10').entries).toEqual([]);
    expect(day('2025-03-11').entries.map((e) => e.id)).toEqual([3]);
    expect(day('2025-03-12').entries).toMatchObject([
      { id: 1, projectName: 'Internal', billable: false, status: { state: 'saved here' } },
    ]);
    // Moved to today: it is among today's entries too.
    expect(snap.today.entries.map((e) => e.id)).toEqual([1]);
    expect(snap.week.totalMinutes).toBe(80);
  });
});
