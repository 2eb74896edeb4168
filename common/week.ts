// Calendar weeks as the user counts them (their week_start from the service): which seven days a
// date's week holds, and stepping a week back or on. Dates are YYYY-MM-DD strings, computed in
// UTC so that a daylight-saving change never adds or drops a day.

export type WeekStart = 'monday' | 'sunday';

/** The seven days of one week, first and last inclusive (YYYY-MM-DD). */
export interface WeekRange {
  start: string;
  end: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const toUtc = (date: string): number => {
  const m = DATE.exec(date);
  if (!m) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
};
const fromUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Whether text is a real calendar date written YYYY-MM-DD (2025-02-30 is not). */
export const isDate = (text: string): boolean => DATE.test(text) && fromUtc(toUtc(text)) === text;

/** The date n days after (n negative: before). */
export const addDays = (date: string, n: number): string => fromUtc(toUtc(date) + n * DAY_MS);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string): number => new Date(toUtc(date)).getUTCDay();

/** The service writes week_start capitalised ("Monday"), its PUT takes it in lower case: either reads. */
export const weekStartOf = (raw: string | null | undefined): WeekStart =>
  raw?.toLowerCase() === 'sunday' ? 'sunday' : 'monday';

/** The week that holds date. */
export function weekOf(date: string, weekStart: WeekStart): WeekRange {
  const back = (weekday(date) - (weekStart === 'sunday' ? 0 : 1) + 7) % 7;
  const start = addDays(date, -back);
  return { start, end: addDays(start, 6) };
}

/** The seven dates from start. */
export const weekDates = (start: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(start, i));

export const inWeek = (date: string, week: WeekRange): boolean => date >= week.start && date <= week.end;
