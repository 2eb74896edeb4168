// What every sender is given and answers (sendOnce.ts for each operation kind, sendRewind.ts,
// sendTimerEdits.ts): declared apart, so the senders that sendOnce dispatches to need not import it.

import type { TimeFormat } from '../../../common/format';

export interface SendContext {
  /** The clock: read after each answer, since a request may land long after the send began. */
  now(): number;
  /** An earlier attempt may have reached the service. */
  attempted: boolean;
  /** How the user reads durations (Snapshot.timeFormat) when this send began: the notices write theirs so. */
  timeFormat: TimeFormat;
}

export interface Sent {
  /** The service's id of a created project. */
  projectId?: number;
  /** The service's id of a created entry (for the activity ledger). */
  entryId?: number;
  /** What the user must be told: a change made elsewhere meanwhile, and how both were kept. */
  notice?: string;
}
