// What the user chose to see or was told, kept in memory: the shown week, the recently used
// timers, the notices, an export's progress. The calls change it (a timer used, a week shown, a
// notice dismissed); the snapshot (main/core/snapshotView.ts) shows it.

import { randomUUID } from 'node:crypto';
import type { NoticeView, Snapshot } from '../../../common/snapshot';

/** How many recently used timers order the paused ones. */
const RECENT = 20;
/** How many notices are kept; older ones drop off, as they would scroll out of sight anyway. */
const NOTICES = 20;

export class ShownState {
  /** The week the window shows: a day in it (showWeek), or null for this week, which follows today. */
  weekOf: string | null = null;
  /** The projects whose timers were used, most recent first: the paused timers come in this order. */
  readonly recent: number[] = [];
  /** In memory only: a notice tells of something that just happened; after a restart it is old news. */
  notices: NoticeView[];
  exporting: Snapshot['exporting'] = null;

  /** `settingsProblem`: why the settings file could not be read, the first notice. */
  constructor(settingsProblem: string | null | undefined, at: number) {
    this.notices = settingsProblem ? [{ id: randomUUID(), message: settingsProblem, at }] : [];
  }

  addNotice(message: string, at: number): void {
    this.notices = [{ id: randomUUID(), message, at }, ...this.notices].slice(0, NOTICES);
  }

  /** False when there is no notice by that id. */
  dismissNotice(id: string): boolean {
    const before = this.notices.length;
    this.notices = this.notices.filter((n) => n.id !== id);
    return this.notices.length !== before;
  }

  /** A timer of this project was just used: it comes first among the paused ones. */
  timerUsed(projectId: number): void {
    const { recent } = this;
    const i = recent.indexOf(projectId);
    if (i >= 0) recent.splice(i, 1);
    recent.unshift(projectId);
    recent.length = Math.min(recent.length, RECENT);
  }
}
