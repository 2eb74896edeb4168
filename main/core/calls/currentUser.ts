// The user's time format and week start, kept on the service: queued like every change, so the
// window shows the choice at once (views/userFormats.ts) and the outbox sends it once.

import type { Handlers } from '../../../common/contract';
import { ok } from '../../../common/result';
import type { Decisions } from './decisions';
import type { OutboxQueue } from './outboxQueue';

export function currentUserHandlers(decisions: Decisions, queue: OutboxQueue): Pick<Handlers, 'updateCurrentUser'> {
  return {
    updateCurrentUser: ({ timeFormat, weekStart }) =>
      decisions.act(async (now, snap) => {
        // Only what differs from what the window shows: choosing the format in use sends nothing.
        const changes = {
          ...(timeFormat && timeFormat !== snap.timeFormat ? { timeFormat } : {}),
          ...(weekStart && weekStart !== snap.week.weekStart ? { weekStart } : {}),
        };
        if (Object.keys(changes).length === 0) return ok(null);
        await queue.enqueue(now, () => ({ kind: 'updateCurrentUser', ...changes }));
        return ok(null);
      }),
  };
}
