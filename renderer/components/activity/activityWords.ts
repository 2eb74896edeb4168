// The ledger's values in words (ActivityTable): a state is said, not only coloured.

import type { ActivityEntry, ActivityState } from '../../../common/activity';
import { formatDuration, localDate } from '../../../common/format';

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

/** When it was queued: the time today, with the day before today. */
export function whenWords(at: number, now: number): string {
  const d = new Date(at);
  const time = `${d.getHours()}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}`;
  return localDate(at) === localDate(now) ? time : `${localDate(at)} ${time}`;
}

/** The service's id of what it made, or its message. */
export function answerWords(entry: ActivityEntry): string {
  if (entry.message !== null) return entry.message;
  return entry.serviceId !== null ? `id ${entry.serviceId}` : '';
}
