// The day quick entry logs to, written before the time: `today`, `yesterday`, a weekday (`mon`,
// `Monday`: the most recent such day, today included, never a future one) or an ISO date; in the
// user's language as well as in English (common/i18n/grammar/: `gestern`, `mié`, `昨日`, `יום שני`).
// Dates are local calendar days as YYYY-MM-DD strings; the arithmetic runs on UTC midnights so a
// daylight-saving change never moves a day.

import type { Locale } from './i18n/locales';
import { fold, type Grammar, grammarOf } from './i18n/grammar/grammar';
import { refusal } from './i18n/grammar/refusal';
import type { MessageRef } from './result';

/** A refusal's `words`: the same sentence as a catalog message, given where the language is not English. */
export type DayParse = { ok: true; date: string } | { ok: false; message: string; words?: MessageRef };

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad2 = (n: number) => String(n).padStart(2, '0');
const toUtc = (date: string) => {
  const [, y, m, d] = ISO.exec(date)!;
  return Date.UTC(Number(y), Number(m) - 1, Number(d));
};
const fromUtc = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
};

/** The day `days` after `date` (before, when negative). */
export const addDays = (date: string, days: number): string => fromUtc(toUtc(date) + days * DAY_MS);

/** The word as the grammar compares it: English as it always has (case aside), other languages folded. */
const keyOf = (word: string, grammar: Grammar) => (grammar.locale === 'en' ? word.toLowerCase() : fold(word));

const LATIN = /^[\p{Script=Latin}'-]+$/u;

/**
 * The weekdays a word may name: a whole name or abbreviation (Intl's, in English and the
 * language), else, in a Latin script, the beginning of a full name, three letters at least
 * ("tues", "thurs", "miérc"). More than one is ambiguous.
 */
function weekdaysOf(key: string, grammar: Grammar): readonly number[] {
  const whole = grammar.weekdayNames.get(key);
  if (whole) return whole;
  if (key.length < 3 || !LATIN.test(key)) return [];
  return grammar.longNames.flatMap((names, day) => (names.some((name) => name.startsWith(key)) ? [day] : []));
}

const ISH = /^\d{4}-\d{1,2}-\d{1,2}$/;

/** Whether a word is meant as a day (so a wrong one is refused as a day, not read as a time). */
export const looksLikeDay = (word: string, locale: Locale = 'en'): boolean => {
  const grammar = grammarOf(locale);
  const key = keyOf(word, grammar);
  return grammar.dayWords.has(key) || weekdaysOf(key, grammar).length > 0 || ISH.test(key);
};

/** The date a day word means, `today` being the local YYYY-MM-DD; null when it is no day word. */
export function parseDay(word: string, today: string, locale: Locale = 'en'): DayParse | null {
  const grammar = grammarOf(locale);
  const w = keyOf(word, grammar);
  const back = grammar.dayWords.get(w);
  if (back === -1) return refusal(grammar, 'Time can be logged up to today, not tomorrow.', 'quick-refusals.tomorrow');
  if (back !== undefined) return { ok: true, date: addDays(today, -back) };
  const weekdays = weekdaysOf(w, grammar);
  if (weekdays.length > 1) return ambiguousWeekday(word, weekdays, grammar);
  if (weekdays.length === 1) {
    const since = (new Date(toUtc(today)).getUTCDay() - weekdays[0]! + 7) % 7;
    return { ok: true, date: addDays(today, -since) };
  }
  if (!ISH.test(w)) return null;
  return isoDay(w, today, grammar);
}

/** "mar" in a Spanish window beside English's "mar…": refused with the days it could be, rather than guessed. */
function ambiguousWeekday(word: string, weekdays: readonly number[], grammar: Grammar): DayParse {
  const names = weekdays.map((d) => weekdayName(d, grammar.locale));
  const list = new Intl.ListFormat(grammar.locale, { type: 'disjunction' }).format(names);
  return refusal(grammar, `“${word}” could be ${list}: write more of the day.`, 'quick-refusals.ambiguousDay', {
    word,
    days: list,
  });
}

const weekdayName = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(toUtc('2026-11-01') + day * DAY_MS);

/** A date written year-month-day: up to today, and one that exists. */
function isoDay(w: string, today: string, grammar: Grammar): DayParse {
  const m = ISO.exec(w);
  if (!m)
    return refusal(
      grammar,
      `Write the date as year-month-day with two-digit month and day, like ${today}.`,
      'quick-refusals.dateForm',
      { today },
    );
  if (fromUtc(toUtc(w)) !== w) return noSuchDate(m, grammar);
  if (w > today)
    return refusal(
      grammar,
      `${formatDay(w, today)} is in the future: time can be logged up to today.`,
      'quick-refusals.future',
      { day: formatDay(w, today, grammar.locale) },
    );
  return { ok: true, date: w };
}

/**
 * A day typed on its own (the entry editor's Date field, a failed entry's edit): read as quick
 * entry reads its day word, so `yesterday`, `mon` and `2025-03-10` mean the same everywhere.
 */
export function readDay(text: string, today: string, locale: Locale = 'en'): DayParse {
  const day = parseDay(text.trim(), today, locale);
  if (day) return day;
  return refusal(
    grammarOf(locale),
    `“${text.trim()}” is not a day: write yesterday, a weekday like mon, or a date like ${today}.`,
    'quick-refusals.notADay',
    { text: text.trim(), today },
  );
}

/** A day this far back is more often a slip ("1900-01-01") than meant: the editor asks once. */
export const FAR_BACK_DAYS = 365;

/** Whether `date` (YYYY-MM-DD) lies more than FAR_BACK_DAYS before `today`. */
export const isFarBack = (date: string, today: string): boolean => date < addDays(today, -FAR_BACK_DAYS);

/** "There is no 30 Feb 2026" (no weekday: the date does not exist), or "no month 13 in 2026". */
function noSuchDate(m: RegExpExecArray, grammar: Grammar): DayParse {
  const [, year, monthText, dayText] = m;
  const month = Number(monthText);
  if (month < 1 || month > 12)
    return refusal(
      grammar,
      `There is no month ${monthText} in the year ${year}: check the date.`,
      'quick-refusals.noSuchMonth',
      {
        month: monthText!,
        year: year!,
      },
    );
  return refusal(
    grammar,
    `There is no ${Number(dayText)} ${MONTHS[month - 1]} ${year}: check the date.`,
    'quick-refusals.noSuchDay',
    { date: impossibleDate(Number(year), month, Number(dayText), grammar) },
  );
}

/**
 * "30. Februar 2024" as the language writes a date, for a day its month lacks: Intl writes the
 * month's first day and the typed day takes its place (Intl itself would roll over to March).
 */
function impossibleDate(year: number, month: number, day: number, grammar: Grammar): string {
  if (grammar.locale === 'en') return `${day} ${MONTHS[month - 1]} ${year}`;
  const format = new Intl.DateTimeFormat(grammar.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format
    .formatToParts(Date.UTC(year, month - 1, 1))
    .map((part) => (part.type === 'day' ? String(day) : part.value))
    .join('');
}

/** "Tue 24 Nov", or "Tue 24 Nov 2025" outside the current year (as of `today`). */
export function formatDay(date: string, today?: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return formatDayIn(date, today, locale);
  const d = new Date(toUtc(date));
  const text = `${SHORT_WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return today === undefined || today.slice(0, 4) !== date.slice(0, 4) ? `${text} ${d.getUTCFullYear()}` : text;
}

/** The day in words as a success message or preview names it: "today", "yesterday (Tue 24 Nov)", "on Mon 23 Nov". */
export function dayInWords(date: string, today: string, locale: Locale = 'en'): string {
  if (locale !== 'en') return dayInWordsIn(date, today, locale);
  if (date === today) return 'today';
  if (date === addDays(today, -1)) return `yesterday (${formatDay(date, today)})`;
  return `on ${formatDay(date, today)}`;
}

/** A day as the language writes it with Intl ("Di., 24. Nov."; the year outside the current one). */
function formatDayIn(date: string, today: string | undefined, locale: Locale): string {
  const year = today === undefined || today.slice(0, 4) !== date.slice(0, 4) ? { year: 'numeric' as const } : {};
  return new Intl.DateTimeFormat(grammarOf(locale).locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
    ...year,
  }).format(toUtc(date));
}

/** The preview's day outside English: "heute", "gestern" (Intl's own words), else the day itself. */
function dayInWordsIn(date: string, today: string, locale: Locale): string {
  const back = Math.round((toUtc(today) - toUtc(date)) / DAY_MS);
  if (back === 0 || back === 1)
    return new Intl.RelativeTimeFormat(grammarOf(locale).locale, { numeric: 'auto' }).format(-back, 'day');
  return formatDayIn(date, today, locale);
}
