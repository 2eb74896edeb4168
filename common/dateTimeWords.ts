// One way to write dates and clock times in a locale: its order of day and month and its 12- or
// 24-hour clock. The window writes with it in navigator.language (renderer/dateTime.ts), main in
// Intl's own locale (the OS notification for time away), so both read alike. Pure: Intl only.

import { localDate } from './format';

export interface DateTimeWords {
  /** The locale it writes in ("en-GB"), and whether its clock has AM/PM. */
  locale: string;
  hour12: boolean;
  /** A clock time: "19:57" or "7:57 PM". */
  clock(epochMs: number): string;
  /** The same with seconds: "19:56:21" or "7:56:21 PM". */
  clockWithSeconds(epochMs: number): string;
  /** A stored "HH:MM" (settings) as the clock writes it. */
  clockOf(hhmm: string): string;
  /** A typed time of day as "HH:MM" ("9:00 AM", "9am", "21:00", or what clockOf wrote), else null. */
  readClock(text: string): string | null;
  /** A local day (YYYY-MM-DD): "Mon, 30 Nov 2026" or "Mon, Nov 30, 2026". */
  day(date: string): string;
  /** An instant: its clock time, with its day in front when not today. */
  when(epochMs: number, now: number): string;
}

/** The locale Intl writes in when none is named: the system's, where there is no navigator (main). */
export const intlLocale = (): string => new Intl.DateTimeFormat().resolvedOptions().locale;

/** `hour12`: the user's choice of clock (Settings' clock); default the locale's own. */
export function dateTimeWords(locale: string, chosenHour12?: boolean): DateTimeWords {
  const safe = supported(locale);
  const hour12 = chosenHour12 ?? new Intl.DateTimeFormat(safe, { hour: 'numeric' }).resolvedOptions().hour12 === true;
  // A 24-hour clock writes its hours in two digits (09:00, as Stint always wrote them); a 12-hour
  // one does not ("9:00 AM", never the "09:00 AM" a native time field shows).
  const hour = hour12 ? 'numeric' : '2-digit';
  const cycle = chosenHour12 === undefined ? {} : { hourCycle: hour12 ? ('h12' as const) : ('h23' as const) };
  const clock = new Intl.DateTimeFormat(safe, { hour, minute: '2-digit', ...cycle });
  const seconds = new Intl.DateTimeFormat(safe, { hour, minute: '2-digit', second: '2-digit', ...cycle });
  // Days are calendar days: written at UTC noon in UTC, so no zone or DST moves one.
  const day = new Intl.DateTimeFormat(safe, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dayOf = (date: string) => day.format(new Date(`${date}T12:00:00Z`));
  const clockOf = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return Number.isInteger(h) && Number.isInteger(m) ? clock.format(new Date(2000, 0, 1, h, m)) : hhmm;
  };
  return {
    locale: safe,
    hour12,
    clock: (ms) => clock.format(ms),
    clockWithSeconds: (ms) => seconds.format(ms),
    clockOf,
    readClock: (text) => readTyped(text) ?? readWritten(text, clockOf),
    day: dayOf,
    when: (ms, now) =>
      localDate(ms) === localDate(now) ? clock.format(ms) : `${dayOf(localDate(ms))} ${clock.format(ms)}`,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const spaces = (text: string) => text.replace(/[\u202f\u00a0\s]+/g, ' ').trim();

/** The forms people type in any locale: "9", "9:30", "21:00", "9.30", "9am", "9:30 p.m.". */
function readTyped(text: string): string | null {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/i.exec(spaces(text));
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const half = match[3]?.toLowerCase();
  if (minutes > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  } else if (hours > 23) return null;
  return `${pad2(hours)}:${pad2(minutes)}`;
}

/** What the locale's clock writes ("오전 9:00", "9:00 vorm."), read back by writing every minute. */
function readWritten(text: string, clockOf: (hhmm: string) => string): string | null {
  const wanted = spaces(text).toLowerCase();
  for (let minute = 0; minute < 24 * 60; minute++) {
    const hhmm = `${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}`;
    if (spaces(clockOf(hhmm)).toLowerCase() === wanted) return hhmm;
  }
  return null;
}

/** A locale Intl knows, else "en": a malformed locale must not break what writes with it. */
function supported(locale: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale])[0] ?? 'en';
  } catch {
    return 'en';
  }
}
