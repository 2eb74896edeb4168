// What quick entry says once an entry, or a pasted day's entries, are queued: the minutes the
// service stores (after the project's billing increment, which may differ from what was typed),
// the project and the day, in the words the command line and the tray use too
// (common/loggedWords.ts), in the user's time format; and, until the service has every one of
// them, that they are saved on this computer only and will be sent (a paste once said "Logged"
// while nothing had reached the service, issue 27 item 5). Whether each is sent is core's word,
// its operation's status (Snapshot.operations, main/core/views/saveStatus.ts), in core's words.

import type { ResponseOf } from '../common/contract';
import { isolated } from '../common/bidi';
import { DEFAULT_TIME_FORMAT, formatMinutes, type TimeFormat } from '../common/format';
import { SENT } from '../common/savedHere';
import { t } from './app/words';
import { loggedEntryWords, whenOf } from './entryWords';
import { shortDay } from './dateTime';
import { windowNumbers } from './timeFormat';
import type { SaveStatus, Snapshot } from '../common/snapshot';

type Logged = ResponseOf<'quickEntry'>;
type Pasted = ResponseOf<'logLines'>;

/** "3 entries, 4:30 in all" (the minutes the service stores), and the day when they share one that is not today. */
export function pastedWords(answer: Pasted, today: string, format?: TimeFormat): string {
  const minutes = answer.logged.reduce((sum, l) => sum + l.minutes, 0);
  const days = new Set(answer.logged.map((l) => l.date));
  const day = days.size === 1 ? [...days][0]! : today;
  return t('window-paste.pasted', {
    count: answer.logged.length,
    when: whenOf(day, today),
    day: shortDay(day, today),
    minutes: formatMinutes(minutes, format, windowNumbers),
  });
}

export interface DoneWords {
  text: string;
  /** true once the service has every entry. */
  confirmed: boolean;
}

/**
 * The answer to a quick entry or a paste, following its operations' status: "Logged 1:00 on
 * ClientX." once the service has it all, "Saved here · sends when Work answers: 1:00 on ClientX."
 * while any waits, "Not saved on Work: see what was refused above." when any was refused.
 */
export function doneWords(
  done: Logged | Pasted,
  today: string,
  { operations, format }: { operations: Snapshot['operations'] | undefined; format?: TimeFormat },
): DoneWords {
  const pasted = 'logged' in done;
  const keys = pasted ? done.logged.map((l) => l.key) : [done.key];
  const what = pasted ? pastedWords(done, today, format) : loggedEntryWords(done, today, format ?? DEFAULT_TIME_FORMAT);
  const status = worst(keys.map((key) => operations?.[key] ?? SENT));
  if (status.state === 'refused')
    return { text: t('window-saved.refused', { account: isolated(status.account) }), confirmed: false };
  if (status.state === 'saved here')
    return { text: t('window-saved.savedHereWhat', { account: isolated(status.account), what }), confirmed: false };
  return { text: t('window-quick.logged', { what }), confirmed: true };
}

/** What a paste's entries came to together: refused if any was, else saved here if any waits, else sent. */
function worst(statuses: readonly SaveStatus[]): SaveStatus {
  return statuses.find((s) => s.state === 'refused') ?? statuses.find((s) => s.state === 'saved here') ?? SENT;
}
