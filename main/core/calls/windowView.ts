// What the calls ask of the snapshot the window shows. It is built above calls/ (from the reads,
// the outbox, the settings and the calendars), so the calls name the role here rather than
// import it: its one implementation is SnapshotView (main/core/snapshotView.ts); tests give
// their own (test/support/callParts.ts).

import type { Snapshot } from '../../../common/snapshot';
import type { WeekRange } from '../../../common/week';
import type { IdlePrompt } from '../desktop/idle/policy';

export interface WindowView {
  /** The snapshot as the window has it now: every call decides on it. */
  snapshot(): Snapshot;
  /** Something it shows changed (the outbox, the shown state): rebuild it and send it to the window. */
  changed(): void;
  /** The week the window shows, as the user counts weeks now. */
  week(): WeekRange;
  /** Removes a notice, and shows that; false when there is none by that id. */
  dismissNotice(id: string): boolean;
  /** The open idle prompt (desktop/idle/tracker.ts), if any. */
  idlePrompt(): IdlePrompt | null;
  /** The idle prompt was answered: close it. */
  closeIdlePrompt(): void;
  /** The working-hours reminder was answered (desktop/reminder/scheduler.ts): close it, snoozed or not. */
  closeReminder(snooze: boolean): void;
}
