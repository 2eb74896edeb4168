// What quick entry says once an entry is queued: the minutes the service stores (after the
// project's billing increment, which may differ from what was typed), the project and the day.

import type { ResponseOf } from '../common/contract';
import { dayInWords } from '../common/dayWords';
import { formatMinutes } from '../common/format';

/** "Logged 0:30 on Remote (0:20 rounded up to its 30 minutes).", "Logged 1:30 on Website yesterday (Tue 24 Nov)." */
export function loggedMessage(logged: ResponseOf<'quickEntry'>, today: string): string {
  const on = logged.projectName ? ` on ${logged.projectName}` : '';
  const day = logged.date === today ? '' : ` ${dayInWords(logged.date, today)}`;
  const rounded =
    logged.minutes === logged.typedMinutes
      ? ''
      : ` (${formatMinutes(logged.typedMinutes)} rounded up to its ${logged.increment} minutes)`;
  return `Logged ${formatMinutes(logged.minutes)}${on}${day}${rounded}.`;
}
