// The ledger's values in words (ActivityTable): a state is said, not only coloured.

import type { ActivityEntry, ActivityState } from '../../../common/activity';
import { formatDuration, localDate } from '../../../common/format';
import { t, words } from '../../app/words';
import type { DateTimeWords } from '../../dateTime';

const STATES: Readonly<Record<ActivityState, string>> = {
  waiting: 'window-activity.state-waiting',
  sent: 'window-activity.state-sent',
  confirmed: 'window-activity.state-confirmed',
  refused: 'window-activity.state-refused',
  failed: 'window-activity.state-failed',
  kept: 'window-activity.state-kept',
  discarded: 'window-activity.state-discarded',
};

export const stateWords = (state: ActivityState): string => t(STATES[state]);

/** How long it took from queued to settled: "0.4 s", "12 s", "1:05:09". */
export function tookWords(ms: number | null): string {
  if (ms === null) return '–';
  const seconds = (digits: number, value: number) =>
    t('window-activity.seconds', {
      seconds: words.value.formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    });
  if (ms < 10_000) return seconds(1, Math.max(0, ms) / 1000);
  if (ms < 60_000) return seconds(0, Math.round(ms / 1000));
  return formatDuration(ms / 1000);
}

/** When it was queued: the time today (to the second), with the day before today, as the window writes them (renderer/dateTime.ts). */
export function whenWords(at: number, now: number, dates: DateTimeWords): string {
  const time = dates.clockWithSeconds(at);
  return localDate(at) === localDate(now) ? time : `${dates.day(localDate(at))} ${time}`;
}

/** The service's id of what it made, or its message. */
export function answerWords(entry: ActivityEntry): string {
  if (entry.message !== null) return entry.message;
  return entry.serviceId !== null ? t('window-activity.service-id', { id: entry.serviceId }) : '';
}
