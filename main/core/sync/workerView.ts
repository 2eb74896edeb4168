// What the worker asks of the snapshot the window shows: the day and week it reads for, and where
// what it did shows. The snapshot is built above sync/ (main/core/snapshotView.ts SnapshotView,
// the one implementation), so the worker names the role here rather than import it.

import type { WeekRange } from '../../../common/week';

export interface WorkerView {
  /** The local date today's entries are read for. */
  today(): string;
  /** The week the window shows, read with today's entries. */
  week(): WeekRange;
  /** Something the snapshot shows changed (an operation settled or failed, a read landed): rebuild it. */
  changed(): void;
  /** Something the user must be told (a conflict reconciled while sending): a notice, shown at once. */
  tell(message: string): void;
}
