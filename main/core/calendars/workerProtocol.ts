// The messages between main (calendarThread.ts) and the calendars' thread (calendarWorker.ts).

import type { CalendarOccurrence, leftOutOf } from './icsCalendar';

/** Marks the thread calendarThread.ts starts (a test runner's own thread has a parentPort too). */
export const WORKER_MARK = 'stint-calendars';

/** A day to list: its date (the answer's key) and its span, epoch ms, as main's time zone sees it. */
export interface DaySpan {
  date: string;
  from: number;
  to: number;
}

/** What main keeps of a calendar: no parsed objects, only what the view shows. */
export interface CalendarFacts {
  eventCount: number;
  /** X-WR-CALNAME (dayEvents.ts: Google names a primary calendar after its owner's address). */
  name: string | null;
  leftOut: ReturnType<typeof leftOutOf>;
}

export type WorkerRequest = { seq: number } & (
  | { kind: 'load'; id: string; text: string; spans: DaySpan[] }
  | { kind: 'days'; id: string; spans: DaySpan[] }
  | { kind: 'drop'; id: string }
);

export type WorkerAnswer = { seq: number } & (
  | { ok: true; facts: CalendarFacts | null; days: Record<string, CalendarOccurrence[]> }
  /** unknown: the thread holds no such calendar (it was restarted): main loads it again. */
  /** notCalendar: the text is no iCalendar file (main names where it came from). */
  | { ok: false; message: string; unknown?: boolean; notCalendar?: boolean }
);
