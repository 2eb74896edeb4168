// The day quick entry logs to, written before the time: `today`, `yesterday`, a weekday in
// English (`mon`, `Monday`: the most recent such day, today included, never a future one) or an
// ISO date. Dates are local calendar days as YYYY-MM-DD strings; the arithmetic runs on UTC
// midnights so a daylight-saving change never moves a day.

export type DayParse = { ok: true; date: string } | { ok: false; message: string };

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
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

/** A weekday's full name or its first three letters (or more of it: "tues", "thurs"). */
function weekdayOf(word: string): number {
  const w = word.toLowerCase();
  return w.length < 3 ? -1 : WEEKDAYS.findIndex((name) => name.startsWith(w));
}

/** Whether a word is meant as a day (so a wrong one is refused as a day, not read as a time). */
export const looksLikeDay = (word: string): boolean => {
  const w = word.toLowerCase();
  return (
    w === 'today' || w === 'yesterday' || w === 'tomorrow' || weekdayOf(w) >= 0 || /^\d{4}-\d{1,2}-\d{1,2}$/.test(w)
  );
};

/** The date a day word means, `today` being the local YYYY-MM-DD; null when it is no day word. */
export function parseDay(word: string, today: string): DayParse | null {
  const w = word.toLowerCase();
  if (w === 'today') return { ok: true, date: today };
  if (w === 'yesterday') return { ok: true, date: addDays(today, -1) };
  if (w === 'tomorrow') return { ok: false, message: 'Time can be logged up to today, not tomorrow.' };
  const weekday = weekdayOf(w);
  if (weekday >= 0) {
    const back = (new Date(toUtc(today)).getUTCDay() - weekday + 7) % 7;
    return { ok: true, date: addDays(today, -back) };
  }
  if (!/^\d{4}-\d{1,2}-\d{1,2}$/.test(w)) return null;
  const m = ISO.exec(w);
  if (!m)
    return { ok: false, message: `Write the date as year-month-day with two-digit month and day, like ${today}.` };
  if (fromUtc(toUtc(w)) !== w) return { ok: false, message: `There is no ${describeLong(m)}: check the date.` };
  if (w > today)
    return { ok: false, message: `${formatDay(w, today)} is in the future: time can be logged up to today.` };
  return { ok: true, date: w };
}

/**
 * A day typed on its own (the entry editor's Date field, a failed entry's edit): read as quick
 * entry reads its day word, so `yesterday`, `mon` and `2025-03-10` mean the same everywhere.
 */
export function readDay(text: string, today: string): DayParse {
  const day = parseDay(text.trim(), today);
  if (day) return day;
  return {
    ok: false,
    message: `“${text.trim()}” is not a day: write yesterday, a weekday like mon, or a date like ${today}.`,
  };
}

/** A day this far back is more often a slip ("1900-01-01") than meant: the editor asks once. */
export const FAR_BACK_DAYS = 365;

/** Whether `date` (YYYY-MM-DD) lies more than FAR_BACK_DAYS before `today`. */
export const isFarBack = (date: string, today: string): boolean => date < addDays(today, -FAR_BACK_DAYS);

/** "30 February 2026", for a date that does not exist (so no weekday). */
function describeLong(m: RegExpExecArray): string {
  const month = Number(m[2]);
  if (month < 1 || month > 12) return `month ${m[2]} in ${m[1]}`;
  return `${Number(m[3])} ${MONTHS[month - 1]} ${m[1]}`;
}

/** "Tue 24 Nov", or "Tue 24 Nov 2025" outside the current year (as of `today`). */
export function formatDay(date: string, today?: string): string {
  const d = new Date(toUtc(date));
  const text = `${SHORT_WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return today === undefined || today.slice(0, 4) !== date.slice(0, 4) ? `${text} ${d.getUTCFullYear()}` : text;
}

/** The day in words as a success message or preview names it: "today", "yesterday (Tue 24 Nov)", "on Mon 23 Nov". */
export function dayInWords(date: string, today: string): string {
  if (date === today) return 'today';
  if (date === addDays(today, -1)) return `yesterday (${formatDay(date, today)})`;
  return `on ${formatDay(date, today)}`;
}
