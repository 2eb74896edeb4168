// Several lines of quick entry at once: a pasted day, or lines piped to `stint log`. Each line is
// read as quickEntry reads one; the good ones are queued together in one journal record (one
// fsync: all of them survive a crash or none, never half a day), the others are answered by line
// with the reason, so the user fixes just those. The worker sends the queued entries as one bulk
// import where the account has it (sync/bulk.ts).

import type { Handlers } from '../../../common/contract';
import { localDate } from '../../../common/format';
import { ok } from '../../../common/result';
import type { Decisions } from './decisions';
import type { OutboxQueue } from './outboxQueue';
import { newColors, readQuickLine } from './quickLine';

export function lineHandlers(decisions: Decisions, queue: OutboxQueue): Pick<Handlers, 'logLines'> {
  return {
    logLines: ({ lines, locale }) =>
      decisions.act(async (now, snap) => {
        const today = localDate(now);
        // One choice of colours for the call: two new projects are two colours.
        const colorOf = newColors(snap);
        const read = lines.map((text) => readQuickLine(text, snap, today, { colorOf, locale }));
        const good = read.flatMap((r, line) => (r.ok ? [{ line, ...r.value }] : []));
        const keys = await queue.enqueueAll(
          now,
          good.map((g) => g.entry),
        );
        return ok({
          // Each with its key, so the window says "Logged" only once the service has them all.
          logged: good.map((g, i) => ({ line: g.line, ...g.logged, key: keys[i]! })),
          refused: read.flatMap((r, line) =>
            r.ok ? [] : [{ line, message: r.error.message, field: r.error.field ?? null }],
          ),
        });
      }),
  };
}
