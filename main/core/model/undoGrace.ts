// Undo for destructive actions: a discarded or logged timer or a deleted entry is queued with a grace
// period (`notBefore` on its operation). The worker sends neither it nor anything queued after it
// before then (worker.ts heldUntil), so order is kept, and until then the user may take it back.

import { isolated } from '../../../common/bidi';
import { formatMinutes, type TimeFormat } from '../../../common/format';
import type { Operation } from './operations';

/** How long a discard, log or delete waits for an undo before it is sent. */
export const UNDO_GRACE_MS = 5_000;

/** What the undo line says was done, in the user's time format. */
export function undoSummary(op: Operation, format?: TimeFormat): string {
  switch (op.kind) {
    case 'discardTimer':
      return `Discarded ${isolated(op.projectName)}'s timer`;
    case 'deleteEntry':
      return `Deleted ${op.summary}`;
    case 'logTimer':
      // The minutes the service will store: rounded up to the project's increment.
      return `Logged ${formatMinutes(op.minutes, format)} on ${isolated(op.projectName)}`;
    default:
      return `Queued ${op.kind}`;
  }
}
