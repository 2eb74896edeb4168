// A recurring event's occurrences in a span, with the work bounded whatever the file says (issue 28
// item 1: one `FREQ=SECONDLY` event froze the app). The iteration starts near the span for every
// frequency, not at a DTSTART that may be in 1900; an event with more occurrences in the span than
// a day of meetings could hold, or that takes more steps than that to reach them, is left out
// and said to be (ParsedCalendar.leftOut), never listed by the ten thousand.
// Pure: ical.js objects in, plain data out.

import type ICAL from 'ical.js';

/** One occurrence of an event on the day asked for, before the user's filters (dayEvents.ts). */
export interface CalendarOccurrence {
  /** The event's UID: the same for every occurrence of a recurring event. */
  uid: string;
  /** Which occurrence: its RECURRENCE-ID (the start it had before any move), '' for a single event. */
  occurrence: string;
  summary: string;
  /** Epoch ms. An all-day event runs from local midnight of its first day to that of the day after its last. */
  start: number;
  end: number;
  allDay: boolean;
  /** TRANSP:TRANSPARENT: the event does not block time ("free"). */
  free: boolean;
  /** The PARTSTAT of each attendee, by lower-case address (mailto: removed). */
  attendance: Record<string, string>;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The longest event whose start before a span is still looked at: one that began up to this long before may reach into it. */
export const LONGEST_EVENT_MS = 14 * DAY_MS;
/** The most occurrences of one event in a day: more is no calendar of meetings. */
export const MAX_PER_DAY = 100;
// The two bounds below are icsCalendar.ts's, kept here with the others because calendarView.ts
// words them: an import of icsCalendar.ts would load ical.js into main, which only the calendars'
// thread needs (632 KB of source and its code, at every account's open, calendars or not).
/** The most moved occurrences (RECURRENCE-ID) one series may have: a daily meeting moved every day for years has fewer. */
export const MAX_MOVES = 5_000;
/** The most events one calendar lists for a day: the rest of a day of thousands is left out, and said to be. */
export const MAX_LISTED_PER_DAY = 3 * MAX_PER_DAY;
/** The most steps one event's iteration may take for a span: reaching a day from near it takes a few hundred at most. */
export const MAX_STEPS = 5_000;

/** Why an event was left out, as its calendar says it. */
export type LeftOutReason = 'too-often' | 'too-many-moves';

export interface Series {
  event: ICAL.Event;
  exceptions: ICAL.Event[];
  /** Each moved occurrence as plain data, read once (a series may have thousands). */
  moved?: { originals: Set<number>; occurrences: CalendarOccurrence[] };
  /** Set once the series went over a bound: it is left out from then on. */
  leftOut?: LeftOutReason;
}

type Occurrence = (
  event: ICAL.Event,
  startDate: ICAL.Time,
  endDate: ICAL.Time | null,
  recurrenceId?: ICAL.Time,
) => CalendarOccurrence | null;

/** The series' occurrences overlapping [from, to); marks it left out, and lists none, once it goes over a bound. */
export function recurringBetween(series: Series, from: number, to: number, occurrenceOf: Occurrence) {
  if (series.leftOut) return [];
  const { event } = series;
  const moved = (series.moved ??= movedOccurrences(series.exceptions, occurrenceOf));
  const found: CalendarOccurrence[] = [];
  const lead = leadOf(event);
  const days = Math.max(1, Math.ceil((to - from) / DAY_MS));
  // Each occurrence is iterated by its original start; a moved one is looked at where it went.
  const skip = skipAhead(event, from - lead - 2 * HOUR_MS);
  const iterator = event.iterator(skip ?? undefined);
  let steps = 0;
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (++steps > MAX_STEPS * days || found.length > MAX_PER_DAY * days) {
      series.leftOut = 'too-often';
      return [];
    }
    const at = next.toJSDate().getTime();
    if (at >= to) break;
    if (at < from - lead || moved.originals.has(next.toUnixTime())) continue;
    const details = event.getOccurrenceDetails(next);
    const one = occurrenceOf(event, details.startDate, details.endDate, next);
    if (one && one.start < to && one.end > from) found.push(one);
  }
  for (const one of moved.occurrences) if (one.start < to && one.end > from) found.push(one);
  return found;
}

function movedOccurrences(exceptions: ICAL.Event[], occurrenceOf: Occurrence) {
  const originals = new Set(exceptions.map((e) => e.recurrenceId.toUnixTime()));
  const occurrences: CalendarOccurrence[] = [];
  for (const e of exceptions) {
    const one = occurrenceOf(e, e.startDate, e.endDate, e.recurrenceId);
    if (one) occurrences.push(one);
  }
  return { originals, occurrences };
}

/** How long before a span an occurrence may start and still reach into it: the event's length, a margin for zones. */
function leadOf(event: ICAL.Event): number {
  const start = event.startDate.toJSDate().getTime();
  const end = event.endDate ? event.endDate.toJSDate().getTime() : start;
  return Math.min(LONGEST_EVENT_MS, Math.max(0, end - start) + DAY_MS);
}

/** One period of each frequency ical.js steps by on the wall clock of the event's zone. */
const PERIOD: Record<string, { days: number; hours: number; minutes: number; seconds: number; ms: number }> = {
  SECONDLY: { days: 0, hours: 0, minutes: 0, seconds: 1, ms: 1000 },
  MINUTELY: { days: 0, hours: 0, minutes: 1, seconds: 0, ms: 60_000 },
  HOURLY: { days: 0, hours: 1, minutes: 0, seconds: 0, ms: HOUR_MS },
  DAILY: { days: 1, hours: 0, minutes: 0, seconds: 0, ms: DAY_MS },
  WEEKLY: { days: 7, hours: 0, minutes: 0, seconds: 0, ms: 7 * DAY_MS },
};

/**
 * Where to start iterating a series before `before` rather than at its first occurrence, maybe
 * a century ago: its DTSTART moved on by whole periods (INTERVAL seconds, minutes, hours, days,
 * weeks, months or years, on the wall clock of its zone), which leaves every later occurrence
 * where it was: the BY-parts pick within or filter each period, and whole weeks keep WKST's
 * alignment. ical.js yields the moved start first even when it is no occurrence, so it is put
 * before the span, where it is not listed. Not for COUNT (counted from the first occurrence),
 * several RRULEs, a month's day past the 28th or 29 February (moved, they would not exist):
 * those iterate from DTSTART, bounded by MAX_STEPS. Null: iterate from the start.
 */
function skipAhead(event: ICAL.Event, before: number): ICAL.Time | null {
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1) return null;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  const first = event.startDate;
  const elapsed = before - first.toJSDate().getTime();
  if (rule.count || elapsed <= 0) return null;
  const interval = rule.interval || 1;
  const period = PERIOD[rule.freq];
  const start = first.clone();
  if (period) {
    const periods = Math.floor(elapsed / (period.ms * interval)) * interval;
    if (periods <= 0) return null;
    start.adjust(period.days * periods, period.hours * periods, period.minutes * periods, period.seconds * periods);
    return start;
  }
  const monthsEach = rule.freq === 'MONTHLY' ? interval : rule.freq === 'YEARLY' ? 12 * interval : 0;
  if (monthsEach === 0 || first.day > 28) return null;
  // Months are not of one length: a whole month less than the elapsed time, counted in 31-day months.
  const months = Math.floor(elapsed / (31 * DAY_MS) / monthsEach) * monthsEach;
  if (months <= 0) return null;
  const index = first.year * 12 + (first.month - 1) + months;
  start.year = Math.floor(index / 12);
  start.month = (index % 12) + 1;
  return start;
}
