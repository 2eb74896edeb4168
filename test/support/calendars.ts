// Real iCalendar files for the calendar tests, written as Google, Outlook and Nextcloud write them
// (CRLF lines, VTIMEZONEs with their DST rules, RRULE, EXDATE, RECURRENCE-ID, ATTENDEE PARTSTAT,
// TRANSP), and a loopback HTTP server that serves them as a published calendar is served.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startSecretService, type SecretServiceHandle } from './secretService';

export const BERLIN = `BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE`;

export const NEW_YORK = `BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE`;

/** The user's address in the invitations of these calendars. */
export const ME = 'me@example.org';

export interface VEventSpec {
  uid: string;
  summary: string;
  /** "20261021T100000" with tzid, "20261021T080000Z" in UTC, or "20261021" (all day). */
  start: string;
  end: string;
  tzid?: string;
  rrule?: string;
  exdate?: string;
  recurrenceId?: string;
  /** The user's PARTSTAT, when the user is invited. */
  partstat?: string;
  transparent?: boolean;
  status?: string;
}

function dateProp(name: string, value: string, tzid?: string): string {
  if (/^\d{8}$/.test(value)) return `${name};VALUE=DATE:${value}`;
  return tzid ? `${name};TZID=${tzid}:${value}` : `${name}:${value}`;
}

export function vevent(e: VEventSpec): string {
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    'DTSTAMP:20261001T000000Z',
    dateProp('DTSTART', e.start, e.tzid),
    dateProp('DTEND', e.end, e.tzid),
    ...(e.recurrenceId ? [dateProp('RECURRENCE-ID', e.recurrenceId, e.tzid)] : []),
    ...(e.rrule ? [`RRULE:${e.rrule}`] : []),
    ...(e.exdate ? [dateProp('EXDATE', e.exdate, e.tzid)] : []),
    `SUMMARY:${e.summary}`,
    ...(e.partstat ? ['ORGANIZER:mailto:boss@example.org', `ATTENDEE;CN=Me;PARTSTAT=${e.partstat}:mailto:${ME}`] : []),
    ...(e.transparent ? ['TRANSP:TRANSPARENT'] : ['TRANSP:OPAQUE']),
    ...(e.status ? [`STATUS:${e.status}`] : []),
    'END:VEVENT',
  ].join('\n');
}

export function calendarText(events: string[], { name = 'Work', zones = [BERLIN, NEW_YORK] } = {}): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    `X-WR-CALNAME:${name}`,
    ...zones,
    ...events,
    'END:VCALENDAR',
    '',
  ]
    .join('\n')
    .replace(/\n/g, '\r\n');
}

/**
 * The week of Monday 19 to Sunday 25 October 2026 in Berlin, summer time ending on the Sunday
 * (3:00 CEST → 2:00 CET): a daily 10:00 stand-up (Berlin) through the next Wednesday (so it
 * crosses the change), skipped on Friday 23 (EXDATE) and moved on Thursday 22 to 14:00
 * (RECURRENCE-ID); an all-day offsite on Wednesday 21; a call at 9:00 New York time on Tuesday
 * 27 (14:00 in Berlin: New York changes a week later); on Wednesday 21 a declined meeting and a
 * free (transparent) focus block.
 */
export function dstWeekCalendar(): string {
  const tzid = 'Europe/Berlin';
  return calendarText([
    vevent({
      uid: 'standup@example.org',
      summary: 'Stand-up',
      start: '20261019T100000',
      end: '20261019T101500',
      tzid,
      rrule: 'FREQ=DAILY;UNTIL=20261028T230000Z',
      exdate: '20261023T100000',
      partstat: 'ACCEPTED',
    }),
    vevent({
      uid: 'standup@example.org',
      summary: 'Stand-up (moved)',
      start: '20261022T140000',
      end: '20261022T141500',
      tzid,
      recurrenceId: '20261022T100000',
      partstat: 'ACCEPTED',
    }),
    vevent({ uid: 'offsite@example.org', summary: 'Team offsite', start: '20261021', end: '20261022' }),
    vevent({
      uid: 'ny-call@example.org',
      summary: 'Call with New York',
      start: '20261027T090000',
      end: '20261027T100000',
      tzid: 'America/New_York',
    }),
    vevent({
      uid: 'declined@example.org',
      summary: 'Budget review',
      start: '20261021T130000',
      end: '20261021T140000',
      tzid,
      partstat: 'DECLINED',
    }),
    vevent({
      uid: 'focus@example.org',
      summary: 'Focus time',
      start: '20261021T150000',
      end: '20261021T170000',
      tzid,
      transparent: true,
    }),
  ]);
}

/** Eight meetings on one day (YYYYMMDD), in the machine's local time (floating): 9:00-9:30, 10:00-10:30, … */
export function eightMeetings(day: string): string {
  return calendarText(
    Array.from({ length: 8 }, (_, i) =>
      vevent({
        uid: `meeting-${i + 1}@example.org`,
        summary: `Meeting ${i + 1}`,
        start: `${day}T${String(9 + i).padStart(2, '0')}0000`,
        end: `${day}T${String(9 + i).padStart(2, '0')}3000`,
      }),
    ),
  );
}

/**
 * Five years of a busy calendar before and after `around` (a Date): every working day four
 * one-off meetings, plus weekly and daily recurring series with exceptions, in Berlin time.
 */
export function fiveYearCalendar(around: Date): string {
  const events: string[] = [];
  const first = new Date(Date.UTC(around.getUTCFullYear() - 4, 0, 1));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
  for (let d = new Date(first); d.getUTCFullYear() <= around.getUTCFullYear(); d.setUTCDate(d.getUTCDate() + 1)) {
    const wd = d.getUTCDay();
    if (wd === 0 || wd === 6) continue;
    for (const hour of [9, 11, 14, 16])
      events.push(
        vevent({
          uid: `one-${ymd(d)}-${hour}@example.org`,
          summary: `Client call ${hour}`,
          start: `${ymd(d)}T${String(hour).padStart(2, '0')}0000`,
          end: `${ymd(d)}T${String(hour).padStart(2, '0')}4500`,
          tzid: 'Europe/Berlin',
          partstat: hour === 16 ? 'DECLINED' : 'ACCEPTED',
        }),
      );
  }
  for (let i = 0; i < 20; i++)
    events.push(
      vevent({
        uid: `weekly-${i}@example.org`,
        summary: `Weekly ${i}`,
        start: `${ymd(first)}T${String(8 + (i % 10)).padStart(2, '0')}3000`,
        end: `${ymd(first)}T${String(8 + (i % 10)).padStart(2, '0')}5500`,
        tzid: 'Europe/Berlin',
        rrule: `FREQ=WEEKLY;BYDAY=${['MO', 'TU', 'WE', 'TH', 'FR'][i % 5]}`,
      }),
    );
  events.push(
    vevent({
      uid: 'daily@example.org',
      summary: 'Daily stand-up',
      start: `${ymd(first)}T091500`,
      end: `${ymd(first)}T093000`,
      tzid: 'Europe/Berlin',
      rrule: 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
    }),
  );
  return calendarText(events);
}

/** A loopback HTTP server answering each path with the text set for it (404 otherwise), counting requests. */
export async function serveCalendars(): Promise<{
  url(path: string): string;
  set(path: string, text: string | null): void;
  /** Answers path with a 302 to location. */
  redirect(path: string, location: string): void;
  requests(path: string): number;
  close(): Promise<void>;
}> {
  const texts = new Map<string, string>();
  const redirects = new Map<string, string>();
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const location = redirects.get(path);
    if (location !== undefined) {
      res.writeHead(302, { location }).end();
      return;
    }
    const text = texts.get(path);
    if (text === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, text) => (text === null ? texts.delete(path) : texts.set(path, text)),
    redirect: (path, location) => void redirects.set(path, location),
    requests: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The calendars of issue 28 item 1, each one event (or one series) that made the app expand
 * occurrences without bound: "secondly" from 1 November 2026, "minutely" since 2025, "hourly"
 * since 1900, "past" (every second, ended last week as seen from `today`), and "overrides": a
 * daily series since 2020 with 50 000 moved occurrences. `today` is YYYYMMDD.
 */
export function hostileCalendar(kind: 'secondly' | 'minutely' | 'hourly' | 'past' | 'overrides', today: string) {
  const one = (rrule: string, start: string) =>
    calendarText([
      vevent({ uid: `${kind}@example.org`, summary: kind, start, end: start.replace('T000000Z', 'T001500Z'), rrule }),
    ]);
  if (kind === 'secondly') return one('FREQ=SECONDLY', '20261101T000000Z');
  if (kind === 'minutely') return one('FREQ=MINUTELY', '20250101T000000Z');
  if (kind === 'hourly') return one('FREQ=HOURLY', '19000101T000000Z');
  if (kind === 'past') {
    const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(4, 6)) - 1, Number(today.slice(6)) - 7));
    const until = d.toISOString().slice(0, 10).replace(/-/g, '');
    return one(`FREQ=SECONDLY;UNTIL=${until}T000000Z`, '20250101T000000Z');
  }
  const series = vevent({
    uid: 'moved@example.org',
    summary: 'Moved',
    start: '20200101T090000Z',
    end: '20200101T093000Z',
    rrule: 'FREQ=DAILY',
  });
  const moves: string[] = [];
  for (let i = 0; i < 50_000; i++) {
    const at = new Date(Date.UTC(2020, 0, 1 + (i % 2500), 9, 0, i % 60)).toISOString().replace(/[-:]|\.\d+/g, '');
    moves.push(vevent({ uid: 'moved@example.org', summary: `Moved ${i}`, start: at, end: at, recurrenceId: at }));
  }
  return calendarText([series, ...moves]);
}

export type CalendarServer = Awaited<ReturnType<typeof serveCalendars>>;

/**
 * What a file of the app's calendar tests runs against: a real Secret Service of its own (on its
 * own session bus, put back as it was after the file) that keeps the addresses, and the calendars
 * server. Both start before the file's tests and stop after them; `take` is handed the server.
 */
export function calendarsForFile(take: (server: CalendarServer) => void): void {
  const busBefore = process.env.DBUS_SESSION_BUS_ADDRESS;
  let secretService: SecretServiceHandle | undefined;
  let server: CalendarServer | undefined;
  beforeAll(async () => {
    secretService = await startSecretService();
    server = await serveCalendars();
    take(server);
  });
  afterAll(async () => {
    await server?.close();
    await secretService?.stop();
    if (busBefore === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = busBefore;
  });
}
