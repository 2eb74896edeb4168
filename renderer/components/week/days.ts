// Days and weeks in words, for the week view, in the window's language through Intl
// (renderer/dateTime.ts): "Monday 10 Mar" / "Montag, 10. März", "10 – 16 Mar 2025" /
// "10.–16. März 2025". Computed in UTC from the YYYY-MM-DD so no time zone shifts a day.

import { writeDay, writeDays } from '../../dateTime';

/** "Monday 10 Mar", "Montag, 10. März" */
export const dayLabel = (date: string): string => writeDay(date, { weekday: 'long', day: 'numeric', month: 'short' });

/** The chart's short day name under its bar: "Mo", "Mo", "lu", "月". */
export const dayShort = (date: string): string => writeDay(date, { weekday: 'short' });

/** "10 – 16 Mar 2025", "31 Mar – 6 Apr 2025", "29 Dec 2025 – 4 Jan 2026" */
export const weekLabel = (start: string, end: string): string =>
  writeDays(start, end, { day: 'numeric', month: 'short', year: 'numeric' });
