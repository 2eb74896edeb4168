// Window activity (issue 32): which window was in front of the user and when, recorded only when
// the user turned it on, and kept only on this machine (never sent to a service, never in logs, the
// ledger, the CLI's JSON or exports unless the user exports it). Named "window activity" in the
// code to keep it apart from the sync ledger, whose view the window also calls "Activity"
// (common/activity.ts). The recorder stores these spans, the sources report the front window and
// the timeline lays the spans out beside entries and calendar events.

/** The window in front as a source reads it. `title` is '' where the source cannot read titles. */
export interface FrontWindow {
  readonly app: string;
  readonly title: string;
}

/** A stretch of time one window was in front, as stored: epoch milliseconds, `end` exclusive. */
export interface WindowSpan extends FrontWindow {
  readonly start: number;
  readonly end: number;
}

/** Where the front window is read from; Settings › Activity names it. */
export type WindowSourceName = 'x11' | 'kwin' | 'gnome' | 'sway' | 'macos' | 'windows';
