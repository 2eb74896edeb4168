// The Date field of an entry's edit: a real day, not in the future (time not yet spent cannot be
// logged), said in words at the field.

import { fail, ok, type Result } from '../../../common/result';
import { isDate } from '../../../common/week';

/** typed: as the user typed it (absent or empty: the day it is on); current: that day; today: local YYYY-MM-DD. */
export function editedDate(typed: string | undefined, current: string, today: string): Result<string> {
  const text = typed?.trim() ?? '';
  if (text === '' || text === current) return ok(current);
  if (!isDate(text))
    return fail('invalid_input', `${text} is not a date: write it as YYYY-MM-DD, like ${today}.`, 'date');
  if (text > today) return fail('invalid_input', `${text} is in the future: time can be logged up to today.`, 'date');
  return ok(text);
}
