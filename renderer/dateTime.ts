// The window's one way to write dates and clock times, in the system's locale (navigator.language:
// the OS's language in Electron, the browser's on the web host): its order of day and month, and its
// 12- or 24-hour clock, so the sync tooltip, the Activity page, the time-away prompt and the
// settings' fields read alike. Components read it with useDateTime(); tests give a locale.

import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { localDate } from '../common/format';

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
  /** A local day (YYYY-MM-DD): "Mon, 30 Nov 2026" or "Mon, Nov 30, 2026". */
  day(date: string): string;
  /** An instant: its clock time, with its day in front when not today. */
  when(epochMs: number, now: number): string;
}

/** The system's locale; "en" where there is no navigator (Node without a window). */
export const systemLocale = (): string => (typeof navigator !== 'undefined' && navigator.language) || 'en';

export function dateTimeWords(locale: string = systemLocale()): DateTimeWords {
  const safe = supported(locale);
  const hour12 = new Intl.DateTimeFormat(safe, { hour: 'numeric' }).resolvedOptions().hour12 === true;
  // A 24-hour clock writes its hours in two digits (09:00, as Stint always wrote them); a 12-hour
  // one does not ("9:00 AM", never the "09:00 AM" a native time field shows).
  const hour = hour12 ? 'numeric' : '2-digit';
  const clock = new Intl.DateTimeFormat(safe, { hour, minute: '2-digit' });
  const seconds = new Intl.DateTimeFormat(safe, { hour, minute: '2-digit', second: '2-digit' });
  // Days are calendar days: written at UTC noon in UTC, so no zone or DST moves one.
  const day = new Intl.DateTimeFormat(safe, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dayOf = (date: string) => day.format(new Date(`${date}T12:00:00Z`));
  return {
    locale: safe,
    hour12,
    clock: (ms) => clock.format(ms),
    clockWithSeconds: (ms) => seconds.format(ms),
    clockOf(hhmm) {
      const [h, m] = hhmm.split(':').map(Number);
      return Number.isInteger(h) && Number.isInteger(m) ? clock.format(new Date(2000, 0, 1, h, m)) : hhmm;
    },
    day: dayOf,
    when: (ms, now) =>
      localDate(ms) === localDate(now) ? clock.format(ms) : `${dayOf(localDate(ms))} ${clock.format(ms)}`,
  };
}

/** A locale Intl knows, else "en": a malformed navigator.language must not break the window. */
function supported(locale: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale])[0] ?? 'en';
  } catch {
    return 'en';
  }
}

export const DateTimeContext = createContext<DateTimeWords>(dateTimeWords());

export const useDateTime = (): DateTimeWords => useContext(DateTimeContext);
