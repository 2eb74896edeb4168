// The pure calendar: a real iCalendar week read with ical.js, expanded day by day in Berlin's time
// across the end of summer time, filtered (declined, free, dismissed), matched with the day's
// entries, and turned into quick-entry lines that quick entry itself reads back.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuickEntry } from '../../../../common/quickEntry';
import { dayEvents, eventKey, eventLine, type DayOccurrence } from '../../../../main/core/calendars/dayEvents';
import { occurrencesBetween, parseCalendar } from '../../../../main/core/calendars/icsCalendar';
import { calendarText, dstWeekCalendar, ME, vevent } from '../../../support/calendars';
import type { EntryView } from '../../../../common/snapshot';
import { savedHere } from '../../../support/snapshot';

const entry = (over: Partial<EntryView>): EntryView => ({
  key: `k-${Math.random()}`,
  id: null,
  date: '2026-10-21',
  minutes: 15,
  description: null,
  projectName: null,
  status: savedHere(),
  ...over,
});

const tzBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (tzBefore === undefined) delete process.env.TZ;
  else process.env.TZ = tzBefore;
});

const dayBounds = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { dayStart: new Date(y, m - 1, d).getTime(), dayEnd: new Date(y, m - 1, d + 1).getTime() };
};

function day(date: string, extra: Partial<Parameters<typeof dayEvents>[0]> = {}) {
  const calendar = parseCalendar(dstWeekCalendar());
  const { dayStart, dayEnd } = dayBounds(date);
  const occurrences: DayOccurrence[] = occurrencesBetween(calendar, dayStart, dayEnd).map((o) => ({
    ...o,
    calendarId: 'c1',
  }));
  return dayEvents({
    occurrences,
    entries: [],
    userAddresses: [ME],
    dismissed: new Set(),
    projects: {},
    dayStart,
    dayEnd,
    ...extra,
  });
}

const lines = (date: string, extra: Partial<Parameters<typeof dayEvents>[0]> = {}) =>
  day(date, extra).open.map((e) => e.line);

describe('a calendar day', () => {
  it('keeps a Berlin meeting at 10:00 on both sides of the end of summer time', () => {
    expect(lines('2026-10-24')).toEqual(['10:00-10:15 #meeting Stand-up']);
    expect(lines('2026-10-26')).toEqual(['10:00-10:15 #meeting Stand-up']);
    // The instants differ by the hour the clocks went back: 8:00 UTC in summer, 9:00 UTC after.
    expect(new Date(day('2026-10-24').open[0]!.start).toISOString()).toBe('2026-10-24T08:00:00.000Z');
    expect(new Date(day('2026-10-26').open[0]!.start).toISOString()).toBe('2026-10-26T09:00:00.000Z');
  });

  it('lists the whole week of the series: the excluded Friday left out, the moved Thursday where it went', () => {
    const week = ['19', '20', '21', '22', '23', '24', '25', '26', '27', '28'].map((d) =>
      lines(`2026-10-${d}`).filter((l) => l.includes('Stand-up')),
    );
    expect(week).toEqual([
      ['10:00-10:15 #meeting Stand-up'],
      ['10:00-10:15 #meeting Stand-up'],
      ['10:00-10:15 #meeting Stand-up'],
      ['14:00-14:15 #meeting Stand-up (moved)'],
      [],
      ['10:00-10:15 #meeting Stand-up'],
      ['10:00-10:15 #meeting Stand-up'],
      ['10:00-10:15 #meeting Stand-up'],
      ['10:00-10:15 #meeting Stand-up'],
      ['10:00-10:15 #meeting Stand-up'],
    ]);
  });

  it('gives every occurrence its own key, the moved one its original start', () => {
    const moved = day('2026-10-22').open.find((e) => e.title.includes('moved'))!;
    expect(moved.key).toBe('standup@example.org/2026-10-22T10:00:00');
    expect(day('2026-10-21').open.find((e) => e.title === 'Stand-up')!.key).toBe(
      'standup@example.org/2026-10-21T10:00:00',
    );
  });

  it('lists an all-day event on its day only, with a line that waits for the time', () => {
    const wednesday = day('2026-10-21').open;
    const offsite = wednesday.find((e) => e.title === 'Team offsite')!;
    expect(offsite).toMatchObject({ allDay: true, line: '#meeting Team offsite' });
    expect(day('2026-10-22').open.some((e) => e.title === 'Team offsite')).toBe(false);
    expect(day('2026-10-20').open.some((e) => e.title === 'Team offsite')).toBe(false);
  });

  it("reads an event in New York's time zone at its Berlin time (New York's clocks change a week later)", () => {
    expect(lines('2026-10-27')).toContain('14:00-15:00 #meeting Call with New York');
  });

  it('leaves out a meeting the user declined and a free (transparent) block', () => {
    const titles = day('2026-10-21').open.map((e) => e.title);
    expect(titles).toEqual(['Team offsite', 'Stand-up']);
    // Someone else's refusal does not count: only the user's addresses do.
    const forOthers = day('2026-10-21', { userAddresses: ['someone@example.org'] }).open.map((e) => e.title);
    expect(forOthers).toContain('Budget review');
    expect(forOthers).not.toContain('Focus time');
  });

  it('leaves out a dismissed occurrence, and only that one', () => {
    const key = 'standup@example.org/2026-10-21T10:00:00';
    expect(day('2026-10-21', { dismissed: new Set([key]) }).open.map((e) => e.title)).toEqual(['Team offsite']);
    expect(day('2026-10-20', { dismissed: new Set([key]) }).open.map((e) => e.title)).toEqual(['Stand-up']);
  });

  it('counts an event logged by an entry of its day with its note, tags and case aside, and learns its project', () => {
    const logged = entry({ date: '2026-10-21', description: '#meeting  stand-UP', projectName: 'Acme' });
    const result = day('2026-10-21', { entries: [logged] });
    expect(result.open.map((e) => e.title)).toEqual(['Team offsite']);
    expect(result.learned).toEqual({ 'standup@example.org': 'Acme' });
    // Another note logs nothing.
    const other = entry({ date: '2026-10-21', description: 'Stand-up notes', projectName: 'Acme' });
    expect(day('2026-10-21', { entries: [other] }).open.map((e) => e.title)).toContain('Stand-up');
  });

  it('offers the project remembered for the event in its line', () => {
    const result = day('2026-10-26', { projects: { 'standup@example.org': 'Acme Corp' } });
    expect(result.open[0]!.line).toBe('10:00-10:15 @"Acme Corp" #meeting Stand-up');
  });

  it('writes a line quick entry reads back as the meeting: its minutes, project and note', () => {
    const [event] = day('2026-10-26', { projects: { 'standup@example.org': 'Acme' } }).open;
    const parsed = parseQuickEntry(event!.line, ['Acme'], '2026-10-26');
    expect(parsed).toMatchObject({ ok: true, minutes: 15, projectName: 'Acme', description: '#meeting Stand-up' });
  });

  it('cuts an event into the night at the end of the day', () => {
    const { dayStart, dayEnd } = dayBounds('2026-10-26');
    const line = eventLine(
      { start: dayEnd - 3_600_000, end: dayEnd + 3_600_000, allDay: false, summary: 'Release' },
      null,
      dayStart,
      dayEnd,
    );
    expect(line).toBe('23:00-24:00 #meeting Release');
    expect(parseQuickEntry(line, [], '2026-10-26')).toMatchObject({ ok: true, minutes: 60 });
  });

  it('refuses a file that is no calendar, in words', () => {
    expect(() => parseCalendar('<html>Sign in</html>')).toThrow(/not an iCalendar file/);
  });

  it('keys a single event by its UID alone', () => {
    expect(eventKey({ uid: 'a@b', occurrence: '' })).toBe('a@b/');
  });
});

describe('a calendar day of the week view', () => {
  it('writes the date first in the lines of another day than today, as quick entry reads a day', () => {
    const [event] = day('2026-10-26', { dayWord: '2026-10-26' }).open;
    expect(event!.line).toBe('2026-10-26 10:00-10:15 #meeting Stand-up');
    expect(parseQuickEntry(event!.line, [], '2026-10-28')).toMatchObject({ ok: true, date: '2026-10-26', minutes: 15 });
  });
});

describe('a series begun years before the day listed', () => {
  const tzid = 'Europe/Berlin';
  const calendar = parseCalendar(
    calendarText([
      vevent({
        uid: 'weekly@example.org',
        summary: 'Weekly',
        // A Monday, in step with its rule (a DTSTART out of step makes the set undefined: RFC 5545 3.8.5.3).
        start: '20220103T093000',
        end: '20220103T095500',
        tzid,
        rrule: 'FREQ=WEEKLY;BYDAY=MO,WE',
      }),
      vevent({
        uid: 'every-other-day@example.org',
        summary: 'Every other day',
        start: '20220103T080000',
        end: '20220103T081500',
        tzid,
        rrule: 'FREQ=DAILY;INTERVAL=2',
      }),
    ]),
  );
  const titlesOn = (date: string) => {
    const { dayStart, dayEnd } = dayBounds(date);
    return occurrencesBetween(calendar, dayStart, dayEnd).map(
      (o) => `${new Date(o.start).getHours()}:${String(new Date(o.start).getMinutes()).padStart(2, '0')} ${o.summary}`,
    );
  };
  const daysSinceStart = (date: string) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return (Date.UTC(y, m - 1, d) - Date.UTC(2022, 0, 3)) / 86_400_000;
  };

  it('finds its occurrences at their Berlin time on both sides of summer time, and none on other days', () => {
    expect(titlesOn('2022-01-03')).toEqual(['8:00 Every other day', '9:30 Weekly']);
    for (const date of ['2026-10-21', '2026-10-26', '2026-03-30', '2026-11-30']) {
      const weekly = titlesOn(date).filter((t) => t.endsWith('Weekly'));
      expect(weekly, date).toEqual(['9:30 Weekly']);
    }
    for (const date of ['2026-10-20', '2026-10-24', '2026-10-25', '2026-10-27'])
      expect(
        titlesOn(date).filter((t) => t.endsWith('Weekly')),
        date,
      ).toEqual([]);
  });

  it('keeps an INTERVAL of days in step with its first day', () => {
    for (const date of ['2026-10-24', '2026-10-25', '2026-10-26', '2026-10-27', '2027-06-01']) {
      const expected = daysSinceStart(date) % 2 === 0 ? ['8:00 Every other day'] : [];
      expect(
        titlesOn(date).filter((t) => t.endsWith('Every other day')),
        date,
      ).toEqual(expected);
    }
  });
});
