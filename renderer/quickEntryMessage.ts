// What quick entry says once an entry, or a pasted day's entries, are queued: the minutes the
// service stores (after the project's billing increment, which may differ from what was typed),
// the project and the day, in the words the command line and the tray use too
// (common/loggedWords.ts), in the user's time format; and, until the service has every one of
// them, that they are saved on this computer only and will be sent (a paste once said "Logged"
// while nothing had reached the service, issue 27 item 5).

import type { ResponseOf } from '../common/contract';
import { dayInWords } from '../common/dayWords';
import { formatMinutes, type TimeFormat } from '../common/format';
import { loggedWords } from '../common/loggedWords';
import { savedHereWords } from '../common/savedHere';
import type { Snapshot } from '../common/snapshot';

type Logged = ResponseOf<'quickEntry'>;
type Pasted = ResponseOf<'logLines'>;
type Outbox = Pick<Snapshot['outbox'], 'pendingIds' | 'failed'>;

/** The words for something saved on this computer that the service has not confirmed yet (the "saved here" badges too). */
export { savedHereWords } from '../common/savedHere';

/** "3 entries, 4:30 in all" (the minutes the service stores), and the day when they share one that is not today. */
export function pastedWords(answer: Pasted, today: string, format?: TimeFormat): string {
  const minutes = answer.logged.reduce((sum, l) => sum + l.minutes, 0);
  const days = new Set(answer.logged.map((l) => l.date));
  const other = days.size === 1 && !days.has(today) ? ` ${dayInWords([...days][0]!, today)}` : '';
  const n = answer.logged.length;
  return `${n} ${n === 1 ? 'entry' : 'entries'}${other}, ${formatMinutes(minutes, format)} in all`;
}

export interface DoneWords {
  text: string;
  /** true once the service has every entry. */
  confirmed: boolean;
}

/**
 * The answer to a quick entry or a paste, following the outbox: "Logged 1:00 on ClientX." once the
 * service has it all, "Saved here · sends when Work answers: 1:00 on ClientX." while any waits,
 * "Not saved on Work: …" when any was refused.
 */
export function doneWords(
  done: Logged | Pasted,
  today: string,
  { account, outbox, format }: { account: string; outbox: Outbox | undefined; format?: TimeFormat },
): DoneWords {
  const pasted = 'logged' in done;
  const keys = pasted ? done.logged.map((l) => l.key) : [done.key];
  const what = pasted ? pastedWords(done, today, format) : loggedWords(done, today, format);
  if (outbox?.failed.some((f) => keys.includes(f.id)))
    return { text: `Not saved on ${account}: see what was refused above.`, confirmed: false };
  if (outbox?.pendingIds.some((id) => keys.includes(id)))
    return { text: `${savedHereWords(account)}: ${what}.`, confirmed: false };
  return { text: `Logged ${what}.`, confirmed: true };
}
