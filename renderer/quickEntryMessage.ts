// What quick entry says once an entry is queued: the minutes the service stores (after the
// project's billing increment, which may differ from what was typed), the project and the day;
// and, until the service has it, that it is saved on this computer only and will be sent.

import { isolated } from '../common/bidi';
import type { ResponseOf } from '../common/contract';
import { dayInWords } from '../common/dayWords';
import { formatMinutes } from '../common/format';

type Logged = Omit<ResponseOf<'quickEntry'>, 'key'>;

/** "0:30 on Remote (0:20 rounded up to its 30 minutes)", "1:30 on Website yesterday (Tue 24 Nov)". */
function what(logged: Logged, today: string): string {
  const on = logged.projectName ? ` on ${isolated(logged.projectName)}` : '';
  const day = logged.date === today ? '' : ` ${dayInWords(logged.date, today)}`;
  const rounded =
    logged.minutes === logged.typedMinutes
      ? ''
      : ` (${formatMinutes(logged.typedMinutes)} rounded up to its ${logged.increment} minutes)`;
  return `${formatMinutes(logged.minutes)}${on}${day}${rounded}`;
}

/** "Logged 0:30 on Remote (0:20 rounded up to its 30 minutes).": said once the service has it. */
export function loggedMessage(logged: Logged, today: string): string {
  return `Logged ${what(logged, today)}.`;
}

/** The words for something saved on this computer that the service has not confirmed yet (the "saved here" badges too). */
export const savedHereWords = (account: string): string => `Saved here · sends when ${account} answers`;

/** "Saved here · sends when Work answers: 1:00 on ClientX.": queued, not confirmed by the service yet. */
export function queuedMessage(logged: Logged, today: string, account: string): string {
  return `${savedHereWords(account)}: ${what(logged, today)}.`;
}
