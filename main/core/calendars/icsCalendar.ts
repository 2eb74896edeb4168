// An iCalendar file read (ical.js) and the events of one day expanded from it: recurrence rules,
// RDATE and EXDATE, moved or cancelled occurrences (RECURRENCE-ID), time zones from the file's own
// VTIMEZONEs (so Europe/Berlin's 10:00 stays 10:00 across the October change), and all-day events.
// Pure: the text in, plain data out; no clock, no I/O.

import ICAL from 'ical.js';
import {
  type CalendarOccurrence,
  LONGEST_EVENT_MS,
  MAX_LISTED_PER_DAY,
  MAX_MOVES,
  recurringBetween,
  type Series,
} from './recurrence';

export type { CalendarOccurrence };

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
  /** Recurring events not read at all: more moved occurrences than MAX_MOVES. */
  tooManyMoves: number;
  /** The days listed with more events than MAX_LISTED_PER_DAY, the rest left out (by date's start, epoch ms). */
  crowdedDays: Set<number>;
}

/** What parseCalendar throws for a text that is no calendar: no word of the text in it. */
export class NotACalendarError extends Error {
  constructor() {
    super('This is not an iCalendar file.');
  }
}

const DAY_MS = 86_400_000;

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
  } catch {
    // ical.js's message quotes the line it could not read: what a server answered is never told.
    throw new NotACalendarError();
  }
  if (root.name !== 'vcalendar') throw new NotACalendarError();
  const recurringUids = new Set(vevents.filter((v) => v.recurring).map((v) => v.uid));
  // A series with more moves than any calendar of meetings is not read (each move is parsed now).
  const moves = new Map<string, number>();
  for (const v of vevents) if (!v.recurring && recurringUids.has(v.uid)) moves.set(v.uid, (moves.get(v.uid) ?? 0) + 1);
  const overMoved = new Set([...moves].filter(([, n]) => n > MAX_MOVES).map(([uid]) => uid));
  for (const uid of overMoved) recurringUids.delete(uid);
  // Grouped by UID here: ical.js's Event would otherwise scan every event of the file for the
  // exceptions of each, which is quadratic on a calendar of years.
  const groups = new Map<string, { master: ICAL.Component | null; exceptions: ICAL.Component[] }>();
  const lone: LoneEvent[] = [];
  for (const v of vevents) {
    if (overMoved.has(v.uid)) continue;
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
  return {
    name: typeof name === 'string' ? name : null,
    root,
    series,
    lone,
    eventCount: vevents.length,
    tooManyMoves: overMoved.size,
    crowdedDays: new Set(),
  };
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

/**
 * Every occurrence that overlaps [from, to) (epoch ms), cancelled ones left out, by start; a
 * series over a bound (recurrence.ts) left out, and at most MAX_LISTED_PER_DAY a day.
 */
export function occurrencesBetween(calendar: ParsedCalendar, from: number, to: number): CalendarOccurrence[] {
  const found: CalendarOccurrence[] = [];
  const fromDay = Math.floor(from / DAY_MS);
  const toDay = Math.floor(to / DAY_MS);
  const most = MAX_LISTED_PER_DAY * Math.max(1, Math.ceil((to - from) / DAY_MS));
  for (const lone of calendar.lone) {
    if (found.length > most) break;
    if (lone.firstDay > toDay || lone.lastDay < fromDay) continue;
    if (lone.read === undefined) lone.read = readLone(calendar.root, lone.text());
    if (lone.read && lone.read.start < to && lone.read.end > from) found.push(lone.read);
  }
  for (const series of calendar.series) {
    if (found.length > most) break;
    found.push(...(unlessBroken(() => recurringBetween(series, from, to, occurrenceOf)) ?? []));
  }
  if (found.length > most) calendar.crowdedDays.add(from);
  return found.sort((a, b) => a.start - b.start || a.summary.localeCompare(b.summary)).slice(0, most);
}

/** How many events of the calendar are left out, and why (each counted once, however many days it was asked for). */
export function leftOutOf(calendar: ParsedCalendar): { tooOften: number; tooManyMoves: number; crowdedDays: number } {
  return {
    tooOften: calendar.series.filter((s) => s.leftOut).length,
    tooManyMoves: calendar.tooManyMoves,
    crowdedDays: calendar.crowdedDays.size,
  };
}

function readLone(root: ICAL.Component, text: string): CalendarOccurrence | null {
  return unlessBroken(() => {
    const component = new ICAL.Component(ICAL.parse(text) as unknown[], root);
    const event = new ICAL.Event(component, { exceptions: [] });
    const recurrenceId = component.hasProperty('recurrence-id') ? event.recurrenceId : undefined;
    return occurrenceOf(event, event.startDate, event.endDate, recurrenceId);
  });
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
