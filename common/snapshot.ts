// What main shows the renderer and the tray: one immutable view of core's state.

import type { Locale } from './i18n/locales';
import type { HotkeyName, Settings } from './settings';
import type { TimeFormat } from './format';
import type { WeekStart } from './week';

/**
 * What became of something the user did, as the window says it (main/core/views/saveStatus.ts
 * derives it; no view reasons about the outbox). 'saved here': only this computer has it yet
 * ("Saved here · sends when Work answers"); 'sent': the service has it, nothing to say; 'refused':
 * the service said no, and the Not saved list has its message ("Not saved on Work: see what was
 * refused above.").
 */
export type SaveStatus = ShownStatus | { state: 'refused'; words: string; account: string };

/** What became of an entry or a timer the window lists: a refused change is not applied, so never 'refused'. */
export type ShownStatus = { state: 'sent' } | { state: 'saved here'; words: string; account: string };

/** A timer's state as the service names it (wire/serviceTypes.ts has the same three). */
export type TimerState = 'pending' | 'running' | 'paused';

export interface ProjectView {
  /** The service's id; negative while the project exists only in the outbox. */
  id: number;
  name: string;
  color: string | null;
  billingIncrement: number;
  enabled: boolean;
  /** Whether its entries are billable; absent: not known (a project only the outbox has). */
  billable?: boolean;
}

export interface TimerView {
  projectId: number;
  projectName: string;
  color: string | null;
  state: TimerState;
  /** Elapsed seconds at `asOf`. While running, the live value is seconds + (now - asOf) / 1000. */
  seconds: number;
  /** Epoch milliseconds at which `seconds` was true. */
  asOf: number;
  description: string | null;
  /** 'saved here' while an outbox operation on this timer has not reached the service yet. */
  status: ShownStatus;
}

export interface EntryView {
  /** Stable key for lists: the service id, or the outbox operation id while not yet sent. */
  key: string;
  id: number | null;
  date: string;
  minutes: number;
  description: string | null;
  projectName: string | null;
  /** The project's id where known (negative while only the outbox has it); absent or null: none or not known. */
  projectId?: number | null;
  /** Whether its minutes are billable; absent: not known (counted as billable where it has a project). */
  billable?: boolean;
  /** Its tags the service says are unbillable (#vacation*), by name; absent: none (or not read yet). */
  unbillableTags?: string[];
  /** 'saved here' while an outbox operation on it (its creation or an edit) has not reached the service yet. */
  status: ShownStatus;
  /**
   * false while it cannot be edited yet: logged from a timer, or sent in a bulk import, and not
   * read back with its id. Absent (or true): it can be (updateEntry).
   */
  editable?: boolean;
  /**
   * Set when the service refuses to change or delete it (issue 27 item 8): approved (code
   * approved_and_locked; by whom, where the service names them), or on one of its invoices (code
   * already_invoiced). Absent: not locked. Continue still starts its project's timer.
   */
  locked?: EntryLock;
}

export type EntryLock = { reason: 'approved'; by?: string } | { reason: 'invoiced' };

/**
 * What an edit of a failed operation may change. time: a time string as quick entry reads it;
 * date: YYYY-MM-DD; project: a project's name (a new name is created by the service); name: a
 * project's own name.
 */
export type EditableField = 'time' | 'date' | 'description' | 'project' | 'name';

export interface EditableValue {
  field: EditableField;
  /** The operation's current value, written as the user would type it. */
  value: string;
}

export interface FailedOperationView {
  id: string;
  /** What the user did, in words: "Log 1:30 on Website". */
  summary: string;
  /** The service's message. */
  message: string;
  /** The fields an edit may change, in the order a form shows them; empty: retry or discard only. */
  editable: EditableValue[];
}

/** The service cannot be reached: why, in words, and the technical detail behind it. */
export interface ConnectionProblemView {
  message: string;
  detail: string;
}

/** Something the user must be told that is no one action's answer (a conflict reconciled while sending). */
export interface NoticeView {
  id: string;
  message: string;
  /** Epoch ms it happened. */
  at: number;
}

/** The user came back after more than the idle threshold while a timer ran (main/core/desktop/idle/policy.ts). */
export interface IdlePromptView {
  projectId: number;
  projectName: string;
  /** Epoch ms the user went away: idle since, or the suspend or lock. */
  idleSince: number;
  /** Epoch ms they were back. */
  returnedAt: number;
  /** Whole seconds away: what a discard takes off the timer. */
  idleSeconds: number;
  /**
   * Whether the timer runs now. False: it was paused, logged or discarded meanwhile, so there is
   * no running time to take the time away off, and the prompt only informs (Keep).
   */
  timerRunning: boolean;
}

/** No timer runs during the user's working hours (settings' reminder). */
export interface ReminderView {
  /** Epoch ms it was raised: a new value is a new reminder. */
  at: number;
  /** The project "Start last" would time (toggleLastTimer's choice); null when there is none yet. */
  lastProject: string | null;
}

/**
 * Whether an account can be used: 'signed-out' (no credential on this computer), 'unauthorized'
 * (the service refused its token: revoked or expired), 'keychain-unavailable' (no keychain
 * answered, so its token was not kept: paste one for this session).
 */
export type AccountState = 'ok' | 'signed-out' | 'unauthorized' | 'keychain-unavailable';

/** One account of the settings window (main/core/accounts/). */
export interface AccountView {
  id: string;
  label: string;
  kind: 'local' | 'remote';
  /** The service's address; null for the embedded local account. */
  baseUrl: string | null;
  /** How Stint signs in: the embedded account's own token, a browser (OAuth) sign-in, or a pasted personal token. */
  auth: 'embedded' | 'oauth' | 'personal';
  isDefault: boolean;
  /** The account the window shows now: the default, unless that one cannot be opened. */
  isOpen: boolean;
  state: AccountState;
  /** Its secrets are held in memory until Stint quits (no keychain answered). */
  sessionOnly: boolean;
  /** What the user should know about it, in words (why it is not 'ok', or that it is session-only). */
  problem: string | null;
}

/** A timer running on an account that is not open (main/core/accounts/otherTimers.ts): "Website is running on Work". */
export interface OtherAccountTimerView {
  accountId: string;
  accountLabel: string;
  projectName: string;
  state: TimerState;
  /** Elapsed seconds at `asOf`, as TimerView's. */
  seconds: number;
  asOf: number;
}

/** A discard or delete the user may still take back (main/core/model/undoGrace.ts): "Discarded Website's timer · Undo". */
export interface UndoView {
  /** The operation's id, for the undo call. */
  id: string;
  summary: string;
  /** Epoch ms the grace ends: the line is shown until then. */
  until: number;
  /** What an undo brings back, for the focus to go to (a timer by its project's name, an entry by its key). */
  restores?: { timer: string } | { entryKey: string };
}

/** One day of the week view: its entries, as today's are shown. */
export interface WeekDayView {
  /** YYYY-MM-DD */
  date: string;
  totalMinutes: number;
  entries: EntryView[];
}

/** One project's minutes in the week view (projectName null: entries on no project). */
export interface WeekProjectView {
  projectName: string | null;
  color: string | null;
  billableMinutes: number;
  unbillableMinutes: number;
  totalMinutes: number;
}

/** The week the window shows (main/core/views/weekView.ts): by default this week, else the one showWeek chose. */
export interface WeekView {
  /** First and last day, YYYY-MM-DD. */
  start: string;
  end: string;
  weekStart: WeekStart;
  /** Whether it holds today. */
  isCurrent: boolean;
  /** Seven days from start. */
  days: WeekDayView[];
  /** The most minutes first. */
  projects: WeekProjectView[];
  totalMinutes: number;
  /** false until the first read of this week came back (until then only queued changes show). */
  loaded: boolean;
  /** Offline: drawn from the last read plus the changes not yet sent. */
  stale: boolean;
}

/**
 * The app's own update (main/core/desktop/updates/): what the tray menu and the window offer. Laid
 * over the snapshot by the Electron shell (main/shell/updater.ts); absent where the app does not
 * update itself (the web host, a run that is no installed package).
 */
export type UpdateView =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available'; version: string }
  | { state: 'downloading'; version: string; percent: number }
  | { state: 'ready'; version: string }
  /** The last check or download failed: why, in words; nothing is shown loudly, the next check tries again. */
  | { state: 'failed'; reason: string };

/** The global shortcuts as the OS took them, for Settings › Shortcuts. */
export interface ShortcutsView {
  /**
   * Shortcuts set in Settings that the OS did not register, in the settings' order: taken by
   * another app, or none can be registered here (Wayland without the GlobalShortcuts portal).
   */
  refused: Array<{ name: HotkeyName; accelerator: string }>;
  /** What a desktop's own shortcut runs to start or pause the timer, one string per argument; null where none can (the web host). */
  toggleCommand: string[] | null;
}

/** One of the user's calendars (main/core/calendars/): its address is in the keychain, never here. */
export interface CalendarSourceView {
  id: string;
  /** The address's host and a fixed word ("Calendar at calendar.google.com"), or the file's name. */
  label: string;
  kind: 'url' | 'file';
  /** The user's address in its invitations: a meeting declined under it is left out. */
  email: string | null;
  /** Epoch ms of the last good read; null: never read. */
  readAt: number | null;
  /** Why the last read failed (its cached events are still shown); null when it went well. */
  problem: string | null;
  /** How many events it holds. */
  events: number;
}

/** An event of today not logged yet (main/core/calendars/dayEvents.ts says when one counts as logged). */
export interface CalendarEventView {
  /** Which occurrence: its UID and RECURRENCE-ID (dismissCalendarEvent takes it). */
  key: string;
  calendarId: string;
  title: string;
  /** Epoch ms. */
  start: number;
  end: number;
  allDay: boolean;
  /** The quick-entry line that logs it: "9:00-10:00 @Acme #meeting Weekly sync" (an all-day event's has no time). */
  line: string;
  /** The project remembered for this event (the one its last occurrence was logged on). */
  projectName: string | null;
}

export interface CalendarView {
  calendars: CalendarSourceView[];
  /** Today's events not logged and not dismissed, by start. */
  today: CalendarEventView[];
  /** The same for each day of the shown week up to today, by date (YYYY-MM-DD); their lines start with the date. */
  week: Record<string, CalendarEventView[]>;
}

export interface Snapshot {
  account: { id: string; label: string; kind: 'local' | 'remote' };
  user: { name: string; email: string } | null;
  /** How the user reads durations (their time_format on the service, or one chosen in Settings not sent yet): every duration shown follows it. */
  timeFormat: TimeFormat;
  projects: ProjectView[];
  /** Projects used most recently, most recent first (timers touched, then today's entries): pickers offer them first. */
  recentProjectIds: number[];
  /** The running timer first, then the paused and pending ones. */
  timers: TimerView[];
  today: { date: string; entries: EntryView[]; totalMinutes: number };
  /** The week view's week. */
  week: WeekView;
  /** How many operations wait to be sent, and those the service refused (the Not saved list). */
  outbox: { pending: number; failed: FailedOperationView[] };
  /**
   * What became of each operation the outbox holds, by its id (a queued entry's EntryView.key, the
   * key quick entry's answer names): the window's answer to a quick entry or a paste follows it.
   * One no longer held was sent and read back: SENT.
   */
  operations: Record<string, SaveStatus>;
  /** Newest first, at most 20, until dismissed; kept in memory only. */
  notices: NoticeView[];
  online: boolean;
  /** Why the service cannot be reached, while it cannot (main/api/unreachable.ts); null otherwise. */
  connectionProblem: ConnectionProblemView | null;
  /** Epoch ms of the last successful read from the service: until a read of this open lands, the one kept on disk (main/core/sync/lastRead.ts). */
  lastSyncAt: number | null;
  /** Whether a read has landed since the account was opened: before one, nothing is known to be synced, and what shows is the last read kept on disk. */
  readSinceOpen: boolean;
  /** The connected accounts, the embedded local one first; filled by the app layer (main/core/accounts/app.ts), empty in a lone core's snapshot. */
  accounts: AccountView[];
  /** Running timers of the other accounts, as last read (on showing the window, opening the tray menu, every 5 minutes); filled by the app layer, empty in a lone core's snapshot. */
  otherAccountTimers: OtherAccountTimerView[];
  /** A browser sign-in waiting for the browser to come back: the page it opened (no secret in it), to copy; null when none waits. */
  signIn: { url: string } | null;
  /** The user's settings (common/settings.ts), saved in settings.json. */
  settings: Settings;
  /**
   * The language the window, tray and notifications speak: settings.language, or for 'system' the
   * first of the system's preferred languages Stint ships (common/i18n/chosenLocale.ts).
   */
  locale: Locale;
  /** The BCP 47 tag dates, numbers and clock times are written in (the system's en-GB under English words). */
  formatLocale: string;
  /** The system's preferred languages, in order, as the shell read them: Settings › Language names "System (Deutsch)" by them. */
  systemLanguages: string[];
  /** How the OS took the global shortcuts set in settings; filled by the app layer (main/core/accounts/app.ts). */
  shortcuts: ShortcutsView;
  /** Discards and deletes still within their undo grace, oldest first. */
  undo: UndoView[];
  /** The question about time away from a running timer, until answered (resolveIdle). */
  idle: IdlePromptView | null;
  /** Where the time away is read from, in words for Settings ("Idle read from GNOME"; main/core/desktop/idle/sources.ts). */
  idleSource: string;
  /** The working-hours reminder (main/core/desktop/reminder/), until answered (answerReminder) or a timer runs. */
  reminder: ReminderView | null;
  /** A CSV export on its way (exportCsv): the entries written so far; null when none runs. */
  exporting: { entries: number } | null;
  /** Set when the web host runs Stint (web/cli.ts): it has no global shortcuts and reads no time away, and Settings says so. */
  webHost?: true;
  /** The app's own update, where the app updates itself (the Electron shell lays it over); absent elsewhere. */
  update?: UpdateView;
  /** The user's calendars and today's events from them (main/core/calendars/); empty where the app has none. */
  calendar: CalendarView;
}
