// The ledger's values in words (ActivityTable): a state is said, not only coloured.

import type { ActivityEntry, ActivityState } from '../../../common/activity';
import { formatDuration, localDate } from '../../../common/format';
import type { DateTimeWords } from '../../dateTime';

export function stateWords(state: ActivityState): string {
  switch (state) {
    case 'waiting':
      return 'Waiting';
    case 'sent':
      return 'Sent, no answer yet';
    case 'confirmed':
      return 'Confirmed';
    case 'refused':
      return 'Refused';
    case 'failed':
      return 'Failed, will retry';
    case 'kept':
      return 'Failed, kept for you';
    case 'discarded':
      return 'Discarded';
  }
}

/** How long it took from queued to settled: "0.4 s", "12 s", "1:05:09". */
export function tookWords(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 10_000) return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
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
  return entry.serviceId !== null ? `id ${entry.serviceId}` : '';
}
