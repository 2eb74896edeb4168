// An iCalendar file read (ical.js) and the events of one day expanded from it: recurrence rules,
// RDATE and EXDATE, moved or cancelled occurrences (RECURRENCE-ID), time zones from the file's own
// VTIMEZONEs (so Europe/Berlin's 10:00 stays 10:00 across the October change), and all-day events.
// Pure: the text in, plain data out; no clock, no I/O.

import ICAL from 'ical.js';

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

/** A recurring event with its moved occurrences (or a moved occurrence whose series the file lacks). */
interface Series {
  event: ICAL.Event;
  exceptions: ICAL.Event[];
}

/** One event on its own, read only when a day near it is asked for (most of a calendar of years never is). */
interface LoneEvent {
  /** The days (since 1970) its DTSTART and DTEND name, zone aside, with a day's margin: a cheap first look. */
  firstDay: number;
  lastDay: number;
  text(): string;
  /** Its occurrence once read (null: cancelled or unreadable). */
  read?: CalendarOccurrence | null;
}

export interface ParsedCalendar {
  /** X-WR-CALNAME: Google names a primary calendar after its owner's address. */
  name: string | null;
  /** The VCALENDAR with its VTIMEZONEs, which every event's times are read against. */
  root: ICAL.Component;
  series: Series[];
  lone: LoneEvent[];
  /** How many VEVENTs the file holds. */
  eventCount: number;
}

const DAY_MS = 86_400_000;
/** The longest event whose start before a day is still looked at: one that began up to this long before may reach into it. */
const LONGEST_EVENT_MS = 14 * DAY_MS;

/**
 * Reads the file; throws an Error in words when it is no iCalendar. ical.js reads the calendar's
 * own part (its VTIMEZONEs) and every recurring event now; an event on its own is indexed by the
 * days its lines name and read by ical.js when a day near it is listed: a calendar of five years
 * holds thousands, and reading them all would take most of the time (bench/calendar.bench.ts).
 */
export function parseCalendar(text: string): ParsedCalendar {
  const { head, vevents } = splitEvents(text);
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(head) as unknown[]);
  } catch (error) {
    throw new Error(`This is not an iCalendar file (${(error as Error).message}).`);
  }
  if (root.name !== 'vcalendar') throw new Error('This is not an iCalendar file (no VCALENDAR).');
  const recurringUids = new Set(vevents.filter((v) => v.recurring).map((v) => v.uid));
  // Grouped by UID here: ical.js's Event would otherwise scan every event of the file for the
  // exceptions of each, which is quadratic on a calendar of years.
  const groups = new Map<string, { master: ICAL.Component | null; exceptions: ICAL.Component[] }>();
  const lone: LoneEvent[] = [];
  for (const v of vevents) {
    if (!recurringUids.has(v.uid)) {
      lone.push({ firstDay: v.firstDay, lastDay: v.lastDay, text: v.text });
      continue;
    }
    const component = unlessBroken(() => new ICAL.Component(ICAL.parse(v.text()) as unknown[], root));
    if (!component) continue;
    const group = groups.get(v.uid) ?? { master: null, exceptions: [] };
    if (v.recurring) group.master = component;
    else group.exceptions.push(component);
    groups.set(v.uid, group);
  }
  const series: Series[] = [];
  for (const { master, exceptions } of groups.values()) {
    const related = exceptions.map((c) => new ICAL.Event(c));
    if (master) series.push({ event: new ICAL.Event(master, { exceptions: related }), exceptions: related });
  }
  const name = root.getFirstPropertyValue('x-wr-calname');
  return { name: typeof name === 'string' ? name : null, root, series, lone, eventCount: vevents.length };
}

interface VEventText {
  uid: string;
  /** Has an RRULE or RDATE (the series' master). */
  recurring: boolean;
  firstDay: number;
  lastDay: number;
  /** Its lines, joined only when it is read. */
  text(): string;
}

/** The first letters of the lines a first look reads (BEGIN, END, UID, RRULE, RDATE, DTSTART, DTEND), lower-cased. */
const LOOKED_AT = new Set(['b', 'e', 'u', 'r', 'd'].map((c) => c.charCodeAt(0)));

/**
 * The file without its VEVENTs (read whole), and each VEVENT's lines with what a first look
 * needs, in one pass over the unfolded lines: this is most of the time a long calendar takes.
 */
function splitEvents(text: string): { head: string; vevents: VEventText[] } {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const head: string[] = [];
  const vevents: VEventText[] = [];
  let event: { from: number; uid: string; recurring: boolean; first: number | null; last: number | null } | null = null;
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!LOOKED_AT.has(line.charCodeAt(0) | 0x20)) {
      if (event === null && line !== '') head.push(line);
      continue;
    }
    const upper = line.slice(0, 8).toUpperCase();
    if (event === null) {
      if (upper.startsWith('BEGIN:VE')) {
        event = { from: i, uid: '', recurring: false, first: null, last: null };
        depth = 1;
      } else if (line !== '') head.push(line);
      continue;
    }
    if (upper.startsWith('BEGIN:')) depth++;
    else if (upper.startsWith('END:')) depth--;
    // Only the event's own lines: an alarm inside it has lines of its own.
    else if (depth === 1) readLine(event, line, upper);
    if (depth === 0) {
      vevents.push(described(event, lines, i + 1));
      event = null;
    }
  }
  return { head: head.join('\r\n'), vevents };
}

function readLine(
  event: { uid: string; recurring: boolean; first: number | null; last: number | null },
  line: string,
  upper: string,
): void {
  if (upper.startsWith('UID')) event.uid = line.slice(line.indexOf(':') + 1);
  else if (upper.startsWith('RRULE') || upper.startsWith('RDATE')) event.recurring = true;
  else if (upper.startsWith('DTSTART')) event.first = dayNumber(line);
  else if (upper.startsWith('DTEND')) event.last = dayNumber(line);
}

/** The days its start and end name, a day of margin each side (no DTEND: as long as the longest event looked at). */
function described(
  event: { from: number; uid: string; recurring: boolean; first: number | null; last: number | null },
  lines: string[],
  to: number,
): VEventText {
  const { first, last } = event;
  const firstDay = first ?? Number.NEGATIVE_INFINITY;
  const lastDay = last ?? (first === null ? Number.POSITIVE_INFINITY : first + LONGEST_EVENT_MS / DAY_MS);
  return {
    uid: event.uid,
    recurring: event.recurring,
    firstDay: firstDay - 1,
    lastDay: lastDay + 1,
    text: () => lines.slice(event.from, to).join('\r\n'),
  };
}

/** The day a DTSTART or DTEND line names (its date, zone aside), or null when it names none. */
function dayNumber(line: string): number | null {
  const m = /:(\d{4})(\d{2})(\d{2})/.exec(line.slice(line.lastIndexOf(':')));
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : null;
}

/** One event's bad value (a date-time that is none) leaves that event out, never the calendar. */
function unlessBroken<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** Every occurrence that overlaps [from, to) (epoch ms), cancelled ones left out, by start. */
export function occurrencesBetween(calendar: ParsedCalendar, from: number, to: number): CalendarOccurrence[] {
  const found: CalendarOccurrence[] = [];
  const fromDay = Math.floor(from / DAY_MS);
  const toDay = Math.floor(to / DAY_MS);
  for (const lone of calendar.lone) {
    if (lone.firstDay > toDay || lone.lastDay < fromDay) continue;
    if (lone.read === undefined) lone.read = readLone(calendar.root, lone.text());
    if (lone.read && lone.read.start < to && lone.read.end > from) found.push(lone.read);
  }
  for (const { event, exceptions } of calendar.series)
    found.push(...(unlessBroken(() => recurringBetween(event, exceptions, from, to)) ?? []));
  return found.sort((a, b) => a.start - b.start || a.summary.localeCompare(b.summary));
}

function readLone(root: ICAL.Component, text: string): CalendarOccurrence | null {
  return unlessBroken(() => {
    const component = new ICAL.Component(ICAL.parse(text) as unknown[], root);
    const event = new ICAL.Event(component, { exceptions: [] });
    const recurrenceId = component.hasProperty('recurrence-id') ? event.recurrenceId : undefined;
    return occurrenceOf(event, event.startDate, event.endDate, recurrenceId);
  });
}

function recurringBetween(event: ICAL.Event, exceptions: ICAL.Event[], from: number, to: number) {
  const found: CalendarOccurrence[] = [];
  const moved = new Set(exceptions.map((e) => e.recurrenceId.toUnixTime()));
  // Each occurrence is iterated by its original start; a moved one is looked at where it went.
  const skip = skipAhead(event, from - LONGEST_EVENT_MS - DAY_MS);
  const iterator = event.iterator(skip?.start);
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (skip?.notAnOccurrence && next.compare(skip.start) === 0) continue;
    const at = next.toJSDate().getTime();
    if (at >= to) break;
    if (at < from - LONGEST_EVENT_MS || moved.has(next.toUnixTime())) continue;
    const details = event.getOccurrenceDetails(next);
    const one = occurrenceOf(event, details.startDate, details.endDate, next);
    if (one && one.start < to && one.end > from) found.push(one);
  }
  for (const exception of exceptions) {
    const one = occurrenceOf(exception, exception.startDate, exception.endDate, exception.recurrenceId);
    if (one && one.start < to && one.end > from) found.push(one);
  }
  return found;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/**
 * Where to start iterating a daily or weekly series near `before` rather than at its first
 * occurrence years ago: its DTSTART moved on by whole periods (INTERVAL days or weeks, on the
 * wall clock of its zone), which leaves every later occurrence where it was. Only for the rules
 * where that holds: DAILY or WEEKLY, no COUNT (counted from the first), no RDATE, no BY-part but
 * plain BYDAY. ical.js yields a DTSTART first even when BYDAY leaves its weekday out (it does for
 * DAILY rules), so a moved start on such a day is skipped. Null: iterate from the start.
 */
function skipAhead(event: ICAL.Event, before: number): { start: ICAL.Time; notAnOccurrence: boolean } | null {
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1 || event.component.hasProperty('rdate')) return null;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  if (rule.count || (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY')) return null;
  const parts = rule.parts as Record<string, unknown[]>;
  const byDay = (parts.BYDAY ?? []) as string[];
  if (Object.keys(parts).some((p) => p !== 'BYDAY') || byDay.some((d) => !WEEKDAYS.includes(d))) return null;
  const periodDays = (rule.freq === 'DAILY' ? 1 : 7) * (rule.interval || 1);
  const first = event.startDate;
  const periods = Math.floor((before - first.toJSDate().getTime()) / (periodDays * DAY_MS));
  if (periods <= 0) return null;
  const start = first.clone();
  start.adjust(periods * periodDays, 0, 0, 0);
  const weekday = WEEKDAYS[start.dayOfWeek() - 1]!;
  return { start, notAnOccurrence: byDay.length > 0 && !byDay.includes(weekday) };
}

/** One occurrence as plain data; null when it was cancelled. */
function occurrenceOf(
  event: ICAL.Event,
  startDate: ICAL.Time,
  endDate: ICAL.Time | null,
  recurrenceId?: ICAL.Time,
): CalendarOccurrence | null {
  if (String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return null;
  const start = startDate.toJSDate().getTime();
  const allDay = startDate.isDate;
  // No DTEND: an all-day event lasts its day, a timed one is a moment (RFC 5545 3.6.1).
  const end = endDate ? endDate.toJSDate().getTime() : allDay ? nextLocalDay(start) : start;
  const transp = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return {
    uid: event.uid ?? '',
    occurrence: recurrenceId ? recurrenceId.toString() : '',
    summary: (event.summary ?? '').replace(/\s+/g, ' ').trim(),
    start,
    end: Math.max(end, start),
    allDay,
    free: transp === 'TRANSPARENT',
    attendance: attendanceOf(event.component),
  };
}

function attendanceOf(vevent: ICAL.Component): Record<string, string> {
  const attendance: Record<string, string> = {};
  for (const attendee of vevent.getAllProperties('attendee')) {
    const address = String(attendee.getFirstValue() ?? '')
      .replace(/^mailto:/i, '')
      .toLowerCase();
    const partstat = attendee.getParameter('partstat');
    if (address) attendance[address] = typeof partstat === 'string' ? partstat.toUpperCase() : 'NEEDS-ACTION';
  }
  return attendance;
}

function nextLocalDay(at: number): number {
  const d = new Date(at);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}
