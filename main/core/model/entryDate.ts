// The Date field of an entry's edit: a real day, not in the future (time not yet spent cannot be
// logged), said in words at the field. Read as quick entry reads a day (common/dayWords.ts), so
// `yesterday` or `mon` works here too.

import { readDay } from '../../../common/dayWords';
import { fail, ok, type Result } from '../../../common/result';

/** typed: as the user typed it (absent or empty: the day it is on); current: that day; today: local YYYY-MM-DD. */
export function editedDate(typed: string | undefined, current: string, today: string): Result<string> {
  const text = typed?.trim() ?? '';
  if (text === '' || text === current) return ok(current);
  const day = readDay(text, today);
  return day.ok ? ok(day.date) : fail('invalid_input', day.message, 'date');
}
