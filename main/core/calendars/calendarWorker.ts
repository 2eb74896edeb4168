// The calendars' own thread (issue 28 item 1): every calendar's text is parsed here and each day's
// occurrences expanded here, so a calendar of 50 MB, or a rule that takes long to expand, never
// holds up main's loop, which answers the window, the tray and the command line. Main sends texts
// and days (calendarThread.ts) and gets plain data back; the parsed calendars live here.
// Bundled on its own as dist/main/calendarWorker.cjs (scripts/build.mjs).

import { parentPort, workerData } from 'node:worker_threads';
import {
  type CalendarOccurrence,
  leftOutOf,
  NotACalendarError,
  occurrencesBetween,
  type ParsedCalendar,
  parseCalendar,
} from './icsCalendar';
import { WORKER_MARK, type WorkerAnswer, type WorkerRequest } from './workerProtocol';

/** One request answered against the calendars this thread holds. */
export function answer(held: Map<string, ParsedCalendar>, request: WorkerRequest): WorkerAnswer {
  const { seq } = request;
  if (request.kind === 'drop') {
    held.delete(request.id);
    return { seq, ok: true, facts: null, days: {} };
  }
  let calendar = held.get(request.id);
  if (request.kind === 'load') {
    try {
      calendar = parseCalendar(request.text);
    } catch (error) {
      return { seq, ok: false, message: (error as Error).message, notCalendar: error instanceof NotACalendarError };
    }
    held.set(request.id, calendar);
  }
  if (!calendar) return { seq, ok: false, message: 'This calendar is not read yet.', unknown: true };
  const days: Record<string, CalendarOccurrence[]> = {};
  for (const { date, from, to } of request.spans) days[date] = occurrencesBetween(calendar, from, to);
  const facts = { eventCount: calendar.eventCount, name: calendar.name, leftOut: leftOutOf(calendar) };
  return { seq, ok: true, facts, days };
}

const port = parentPort;
if (port && workerData === WORKER_MARK) {
  const held = new Map<string, ParsedCalendar>();
  port.on('message', (request: WorkerRequest) => port.postMessage(answer(held, request)));
}
