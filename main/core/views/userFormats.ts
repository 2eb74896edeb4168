// The user's time format and week start as the window shows them: the service's, as last read,
// with the changes the user made that the service has not shown back yet laid over them (an
// updateCurrentUser still queued, or sent and awaiting the user's read), so a choice in Settings
// shows everywhere at once and a read from before it does not take it back.

import type { TimeFormat } from '../../../common/format';
import type { WeekStart } from '../../../common/week';
import type { OutboxItem } from '../sync/outbox';
import type { ServiceData } from '../sync/serviceData';

export interface UserFormats {
  timeFormat: TimeFormat;
  weekStart: WeekStart;
}

export function userFormats(
  data: Pick<ServiceData, 'timeFormat' | 'weekStart'>,
  items: readonly OutboxItem[],
): UserFormats {
  let { timeFormat, weekStart } = data;
  for (const { op, status, awaiting } of items) {
    if (op.kind !== 'updateCurrentUser') continue;
    // Failed ones did not happen; settled ones show until the read that includes them is back.
    if (status !== 'pending' && !(status === 'settled' && awaiting.includes('user'))) continue;
    timeFormat = op.timeFormat ?? timeFormat;
    weekStart = op.weekStart ?? weekStart;
  }
  return { timeFormat, weekStart };
}
