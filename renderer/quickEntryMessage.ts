// What quick entry says once an entry is queued: the minutes the service stores (after the
// project's billing increment, which may differ from what was typed), the project and the day,
// in the words the command line and the tray use too (common/loggedWords.ts), in the user's time
// format; and, until the service has it, that it is saved on this computer only and will be sent.

import type { ResponseOf } from '../common/contract';
import type { TimeFormat } from '../common/format';
import { loggedWords } from '../common/loggedWords';
import { savedHereWords } from '../common/savedHere';

type Logged = Omit<ResponseOf<'quickEntry'>, 'key'>;

/** "Logged 0:30 on Remote (0:20 rounded up to its 30 minutes).": said once the service has it. */
export { loggedMessage } from '../common/loggedWords';

/** The words for something saved on this computer that the service has not confirmed yet (the "saved here" badges too). */
export { savedHereWords } from '../common/savedHere';

/** "Saved here · sends when Work answers: 1:00 on ClientX.": queued, not confirmed by the service yet. */
export function queuedMessage(logged: Logged, today: string, account: string, format?: TimeFormat): string {
  return `${savedHereWords(account)}: ${loggedWords(logged, today, format)}.`;
}
