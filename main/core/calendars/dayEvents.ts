// A day's calendar events as the window lists them: the ones the user is busy in, not declined,
// not dismissed and not yet logged, each with the quick-entry line that logs it. Pure.
//
// When an event counts as logged: entries carry a day and minutes but no time of day, so
// "overlaps" is read as "on the same day". An event is logged when an entry of its day has its
// note: the entry's description, its #tags taken out, equals the event's title (case and spacing
// aside). Each entry accounts for one event, taken in the order the events start, so a second
// "Standup" on the same day stays listed until a second entry has that note. The project is not
// compared: the user may log an occurrence on another project than last time, and that is still
// the meeting logged. It is learned instead: the project of the entry that logged an event is
// remembered for its UID (every occurrence of a recurring event), and offered in its next lines.

import type { CalendarEventView, EntryView } from '../../../common/snapshot';
import { projectNameToType } from '../../../common/quickEntry';
import type { CalendarOccurrence } from './icsCalendar';

/** An occurrence of the day from one calendar, with that calendar's id. */
export type DayOccurrence = CalendarOccurrence & { calendarId: string };

export interface DayEventsInput {
  occurrences: readonly DayOccurrence[];
  /** The day's entries (queued ones included: an entry just logged takes its event off at once). */
  entries: readonly EntryView[];
  /** Addresses that are the user in invitations (lower case): their PARTSTAT=DECLINED leaves an event out. */
  userAddresses: readonly string[];
  /** Keys (eventKey) the user dismissed. */
  dismissed: ReadonlySet<string>;
  /** The project remembered for an event's UID. */
  projects: Readonly<Record<string, string>>;
  /** The day's bounds, epoch ms (local midnight to the next): lines are cut to them. */
  dayStart: number;
  dayEnd: number;
  /** Another day than today: its date, written first in each line (quick entry's day word). */
  dayWord?: string;
}

/** An event as the window shows it, with its UID (which its project is remembered by). */
export interface DayEvent extends CalendarEventView {
  uid: string;
}

export interface DayEventsResult {
  /** Not logged, not dismissed, by start. */
  open: DayEvent[];
  /** What the entries that logged events say of their projects: UID → project name. */
  learned: Record<string, string>;
}

/** An occurrence's key, stable across refreshes: its UID and which occurrence it is. */
export const eventKey = (o: Pick<CalendarOccurrence, 'uid' | 'occurrence'>): string => `${o.uid}/${o.occurrence}`;

/** An event's title as a note is compared: no #tags, spacing collapsed, case ignored. */
export function noteOf(text: string | null): string {
  return (text ?? '')
    .replace(/(^|\s)#[\p{L}\p{N}_-]+\*?/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether the user is busy in it: not free (TRANSP:TRANSPARENT), not declined by one of the user's addresses. */
export function attends(o: CalendarOccurrence, userAddresses: readonly string[]): boolean {
  if (o.free) return false;
  return !userAddresses.some((a) => o.attendance[a.toLowerCase()] === 'DECLINED');
}

export function dayEvents(input: DayEventsInput): DayEventsResult {
  const { entries, dismissed, projects } = input;
  const unused = [...entries];
  const open: DayEvent[] = [];
  const learned: Record<string, string> = {};
  for (const o of input.occurrences) {
    if (!attends(o, input.userAddresses)) continue;
    const note = noteOf(o.summary || UNTITLED);
    const logged = unused.findIndex((e) => noteOf(e.description) === note);
    if (logged >= 0) {
      const [entry] = unused.splice(logged, 1);
      if (entry?.projectName) learned[o.uid] = entry.projectName;
      continue;
    }
    if (dismissed.has(eventKey(o))) continue;
    const projectName = projects[o.uid] ?? null;
    open.push({
      key: eventKey(o),
      calendarId: o.calendarId,
      uid: o.uid,
      title: o.summary,
      start: o.start,
      end: o.end,
      allDay: o.allDay,
      line: dayLine(input.dayWord, eventLine(o, projectName, input.dayStart, input.dayEnd)),
      projectName,
    });
  }
  return { open, learned };
}

const dayLine = (dayWord: string | undefined, line: string) => (dayWord ? `${dayWord} ${line}` : line);

/** The title an event without one is logged as. */
const UNTITLED = 'Meeting';

/**
 * "9:00-10:00 @Acme #meeting Weekly sync": the event's local times cut to the day (an event into
 * the night ends at 24:00 here), the remembered project, the #meeting tag and the title. An
 * all-day event has no time of its own: its line starts with the project, for the user to put
 * the time before it.
 */
export function eventLine(
  o: Pick<CalendarOccurrence, 'start' | 'end' | 'allDay' | 'summary'>,
  projectName: string | null,
  dayStart: number,
  dayEnd: number,
): string {
  const project = projectName ? `@${projectNameToType(projectName)} ` : '';
  const rest = `${project}#meeting ${o.summary || UNTITLED}`;
  if (o.allDay) return rest;
  const from = clockTime(Math.max(o.start, dayStart), dayStart);
  const to = clockTime(Math.min(o.end, dayEnd), dayStart);
  return `${from}-${to} ${rest}`;
}

/** "9:05", or "24:00" at the day's end: the local time of day, as quick entry reads a range. */
function clockTime(at: number, dayStart: number): string {
  const d = new Date(at);
  const sameDay = new Date(dayStart).getDate() === d.getDate();
  const hours = sameDay ? d.getHours() : 24;
  return `${hours}:${String(sameDay ? d.getMinutes() : 0).padStart(2, '0')}`;
}
