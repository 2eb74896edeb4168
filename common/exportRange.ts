// The range of days a CSV export covers, checked the same way in the window (at the field, before
// sending) and in main (every request validated): real YYYY-MM-DD days, the first not after the last.

import { addDays } from './dayWords';
import type { MessageRef } from './result';

export interface ExportRange {
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const isDay = (text: string): boolean => {
  const match = DAY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * What is wrong with a range, at its field, in English (main's logs) and as the window's catalog
 * message (`words`); null when it can be exported (a `to` in the future is fine).
 */
export function exportRangeProblem({
  from,
  to,
}: ExportRange): { field: 'from' | 'to'; message: string; words: MessageRef } | null {
  if (!isDay(from))
    return {
      field: 'from',
      message: 'The first day must be a date such as 2026-11-23.',
      words: { id: 'window-export.badFrom', values: { example: '2026-11-23' } },
    };
  if (!isDay(to))
    return {
      field: 'to',
      message: 'The last day must be a date such as 2026-11-29.',
      words: { id: 'window-export.badTo', values: { example: '2026-11-29' } },
    };
  if (from > to)
    return {
      field: 'to',
      message: 'The last day is before the first: swap them or pick a later day.',
      words: { id: 'window-export.swapped' },
    };
  return null;
}

/** The file's name: stint-<from>-to-<to>.csv, then -1, -2… when that name is taken. */
export const exportFileName = ({ from, to }: ExportRange, copy = 0): string =>
  `stint-${from}-to-${to}${copy > 0 ? `-${copy}` : ''}.csv`;

/** Monday to Sunday of the week `today` (YYYY-MM-DD) is in: what the window offers first. */
export function weekOf(today: string): ExportRange {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const sinceMonday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const from = addDays(today, -sinceMonday);
  return { from, to: addDays(from, 6) };
}
