// The window's one way to write dates and clock times, in the system's locale (navigator.language:
// the OS's language in Electron, the browser's on the web host): its order of day and month, and its
// 12- or 24-hour clock, so the sync tooltip, the Activity page, the time-away prompt and the
// settings' fields read alike. The words are common/dateTimeWords.ts's, which main writes with too.
// Components read it with useDateTime(); tests give a locale.

import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { type DateTimeWords, dateTimeWords as wordsIn } from '../common/dateTimeWords';
import type { Locale } from '../common/i18n/locales';
import { t, words } from './app/words';

export type { DateTimeWords };

/** The system's locale; "en" where there is no navigator (Node without a window). */
export const systemLocale = (): string => (typeof navigator !== 'undefined' && navigator.language) || 'en';

export const dateTimeWords = (locale: string = systemLocale(), hour12?: boolean): DateTimeWords =>
  wordsIn(locale, hour12);

export const DateTimeContext = createContext<DateTimeWords>(dateTimeWords());

export const useDateTime = (): DateTimeWords => useContext(DateTimeContext);

/**
 * The locale the window's days are written in: its language's (words.locale). Stint's English has
 * always written days as British English does ("Tuesday 11 Mar", "10 – 16 Mar 2025"), and the
 * pseudo-locale is English made longer, so both write them as en-GB.
 */
const dayLocale = (locale: Locale): string => (locale === 'en' || locale === 'en-XA' ? 'en-GB' : locale);

const formats = new Map<string, Intl.DateTimeFormat>();
/** Intl's formatter of a locale and options, made once: making one costs far more than using it. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formats.set(key, made);
  }
  return made;
}

/** A calendar day (YYYY-MM-DD) at UTC noon, written in UTC: no zone or daylight-saving change moves it. */
const noon = (date: string): Date => new Date(`${date}T12:00:00Z`);

/** A calendar day in the window's language, as Intl writes it with `options` ("Dienstag, 11. März"). */
export const writeDay = (date: string, options: Intl.DateTimeFormatOptions): string =>
  formatter(dayLocale(words.value.locale), options).format(noon(date));

/**
 * Two calendar days as one range in the window's language ("10 – 16 Mar 2025", "10.–16. März
 * 2025"). Intl sets the dash between thin spaces; the window writes it with the spaces of the
 * text around it, as it always did (both are places a line may break).
 */
export const writeDays = (start: string, end: string, options: Intl.DateTimeFormatOptions): string =>
  formatter(dayLocale(words.value.locale), options)
    .formatRange(noon(start), noon(end))
    .replace(/\u2009/g, ' ');

/**
 * "Tue 24 Nov" ("Di., 24. Nov."), with its year when not `today`'s ("Mon 1 Jan 1900"): how a
 * sentence names a day. The year goes where the language puts it (window-entries.dayInYear: after
 * the day, or before it in Japanese and Chinese), so English keeps the day as it reads without one.
 */
export function shortDay(date: string, today?: string): string {
  const day = writeDay(date, { weekday: 'short', day: 'numeric', month: 'short' });
  if (today !== undefined && today.slice(0, 4) === date.slice(0, 4)) return day;
  return t('window-entries.dayInYear', { day, year: writeDay(date, { year: 'numeric' }) });
}
