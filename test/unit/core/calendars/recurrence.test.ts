// Issue 28 item 1: a recurring event's expansion bounded whatever its rule says. A rule listed as
// before (iterated from near the day, for every frequency, the same occurrences as ical.js from
// DTSTART), and the hostile ones (every second, every minute since 2025, every hour since 1900,
// every second until last week, 50 000 moves) listed in a bounded time, left out and said to be.

import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leftOutOf, occurrencesBetween, parseCalendar } from '../../../../main/core/calendars/icsCalendar';
import { calendarText, hostileCalendar, vevent } from '../../../support/calendars';

const tzBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (tzBefore === undefined) delete process.env.TZ;
  else process.env.TZ = tzBefore;
});

const DAY = { from: new Date(2026, 11, 1).getTime(), to: new Date(2026, 11, 2).getTime() };

/** Every start in [from, to), by ical.js iterating from DTSTART with no bound (as Stint did). */
function reference(text: string, from: number, to: number): number[] {
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const event = new ICAL.Event(root.getFirstSubcomponent('vevent')!);
  const starts: number[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    const at = next.toJSDate().getTime();
    if (at >= to) break;
    if (at >= from) starts.push(at);
  }
  return starts;
}

/** How long listing one day takes, in ms of this thread's time. */
function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

describe('a recurring event iterated from near the day', () => {
  const rules: Array<[string, string]> = [
    ['FREQ=DAILY;INTERVAL=3', '20190102T100000'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU', '20180102T100000'],
    ['FREQ=HOURLY;INTERVAL=5;BYHOUR=8,9,10,11,12,13,14,15,16,17', '20200101T083000'],
    ['FREQ=MINUTELY;INTERVAL=45;BYHOUR=9,10,11;BYDAY=TU', '20260105T090000'],
    ['FREQ=MONTHLY;BYDAY=1TU', '20100105T140000'],
    ['FREQ=MONTHLY;INTERVAL=7;BYMONTHDAY=1', '20100101T140000'],
    ['FREQ=YEARLY;BYMONTH=12;BYDAY=1TU', '19800101T120000'],
    ['FREQ=YEARLY;INTERVAL=2', '19981201T120000'],
  ];
  it.each(rules)('lists %s (from %s, in Berlin) as ical.js does from its start', (rrule, start) => {
    const text = calendarText([
      vevent({ uid: 'r@example.org', summary: 'R', start, end: start, tzid: 'Europe/Berlin', rrule }),
    ]);
    const listed = occurrencesBetween(parseCalendar(text), DAY.from, DAY.to).map((o) => o.start);
    const expected = reference(text, DAY.from, DAY.to);
    expect(listed).toEqual(expected);
  });

  it('lists an hourly meeting since 1900 in a bounded time, each hour of the day', () => {
    const calendar = parseCalendar(hostileCalendar('hourly', '20261201'));
    const { value, ms } = timed(() => occurrencesBetween(calendar, DAY.from, DAY.to));
    expect(value).toHaveLength(24);
    // Iterated from 1900 it took 7.3 s a day on this machine; from near the day, about a millisecond.
    expect(ms).toBeLessThan(1000);
  });
});

describe('a hostile recurring event', () => {
  it.each(['secondly', 'minutely', 'past'] as const)('(%s) is left out, and said to be, in a bounded time', (kind) => {
    const calendar = parseCalendar(hostileCalendar(kind, '20261201'));
    const { value, ms } = timed(() => occurrencesBetween(calendar, DAY.from, DAY.to));
    expect(value).toEqual([]);
    expect(leftOutOf(calendar)).toEqual({ tooOften: kind === 'past' ? 0 : 1, tooManyMoves: 0, crowdedDays: 0 });
    // Unbounded: 72 s (secondly), 17 s (past). Bounded by MAX_STEPS: tens of milliseconds.
    expect(ms).toBeLessThan(1000);
  });

  it('with 50 000 moved occurrences is left out unread, and said to be', () => {
    const text = hostileCalendar('overrides', '20261201');
    const { value, ms } = timed(() => {
      const calendar = parseCalendar(text);
      return { calendar, listed: occurrencesBetween(calendar, DAY.from, DAY.to) };
    });
    expect(value.listed).toEqual([]);
    expect(leftOutOf(value.calendar)).toEqual({ tooOften: 0, tooManyMoves: 1, crowdedDays: 0 });
    expect(ms).toBeLessThan(3000);
  });

  it('of thousands of one-off events on one day lists the first of them, and says the day is crowded', () => {
    const events = Array.from({ length: 2000 }, (_, i) =>
      vevent({ uid: `e${i}@example.org`, summary: `E${i}`, start: '20261201T100000', end: '20261201T110000' }),
    );
    const calendar = parseCalendar(calendarText(events));
    expect(occurrencesBetween(calendar, DAY.from, DAY.to)).toHaveLength(300);
    expect(leftOutOf(calendar).crowdedDays).toBe(1);
  });
});
