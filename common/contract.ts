// The one definition of every call the renderer may make to main, and of what main pushes back.
// preload exposes exactly these names; main validates every argument against these schemas
// before any handler sees it. Transport-neutral: Electron IPC and the web host's WebSocket
// bridge both carry it.

import { z } from 'zod';
import type { Activity } from './activity';
import { ALL_LOCALES, type Locale } from './i18n/locales';
import type { Catalog } from './i18n/words';
import type { Channel, UiCommand } from './channels';
import type { Result } from './result';
import {
  CLOCK_SETTINGS,
  type ClockSetting,
  LANGUAGE_SETTINGS,
  type LanguageSetting,
  START_PROJECT_NAMES,
  type Settings,
  type StartProjectName,
} from './settings';
import type { CalendarSourceView, EditableField, Snapshot } from './snapshot';
import { MAX_MINUTES } from './timeString';

export { channels, ipcChannel, SNAPSHOT_CHANNEL, UI_COMMAND_CHANNEL, type Channel, type UiCommand } from './channels';

const projectId = z
  .number()
  .int()
  .refine((n) => n !== 0, 'project id must not be 0');
const description = z.string().max(10_000);
const operationId = z.string().min(1).max(100);
const accountId = z.string().min(1).max(100);

/**
 * The new values of a failed operation's fields, as typed; an absent field keeps its value.
 * Which fields an operation takes depends on its kind, known only in main: main refuses the others.
 */
const changes = z
  .object({
    time: z.string().max(100).optional(),
    date: z.string().max(100).optional(),
    description: description.optional(),
    project: z.string().max(255).optional(),
    name: z.string().max(255).optional(),
  })
  .strict();

/** One schema per "start project N" slot, keyed by its name (startProject1 … startProject9). */
const perSlot = <T extends z.ZodType>(schema: T) =>
  Object.fromEntries(START_PROJECT_NAMES.map((name) => [name, schema])) as Record<StartProjectName, T>;

/** A change of some settings (common/settings.ts); what it means, bounds and shortcuts, main checks. */
const settingsPatch = z
  .object({
    hotkeys: z
      .object({
        toggleTimer: z.string().max(100).nullable(),
        quickEntry: z.string().max(100).nullable(),
        showWindow: z.string().max(100).nullable(),
        ...perSlot(z.string().max(100).nullable()),
      })
      .partial()
      .strict()
      .optional(),
    startProjects: z.object(perSlot(z.number().int().positive().nullable())).partial().strict().optional(),
    idleThresholdMinutes: z.number().int().nullable().optional(),
    launchAtLogin: z.boolean().optional(),
    theme: z.enum(['system', 'light', 'dark']).optional(),
    language: z.enum(LANGUAGE_SETTINGS as [LanguageSetting, ...LanguageSetting[]]).optional(),
    clock: z.enum(CLOCK_SETTINGS as [ClockSetting, ...ClockSetting[]]).optional(),
    reminder: z
      .object({
        enabled: z.boolean(),
        days: z.array(z.number().int()).max(7),
        from: z.string().max(10),
        to: z.string().max(10),
        afterMinutes: z.number().int(),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();

/** The most lines one logLines call takes: a long day pasted, or a script's batch. */
export const MAX_LINES = 5_000;

/** What a logged quick entry will be on the service. */
export interface LoggedEntry {
  /** What the service stores: the typed minutes rounded up to the project's billing increment. */
  minutes: number;
  typedMinutes: number;
  increment: number;
  projectName: string | null;
  /** YYYY-MM-DD. */
  date: string;
}

export const requests = {
  getSnapshot: z.object({}).strict(),
  /** The window's words: one language's catalog, never all of them (common/i18n/words.ts). */
  getCatalog: z.object({ locale: z.enum(ALL_LOCALES as [Locale, ...Locale[]]) }).strict(),
  createProject: z.object({ name: z.string().max(255) }).strict(),
  /**
   * Starts (or resumes) the project's timer. A note that would replace the timer's own while it
   * holds time is refused (field 'timeSoFar') until the user says what becomes of that time:
   * 'log' it as its own entry and start at 0:00, or 'keep' it under the new note.
   */
  startTimer: z
    .object({ projectId, description: description.optional(), timeSoFar: z.enum(['log', 'keep']).optional() })
    .strict(),
  pauseTimer: z.object({ projectId }).strict(),
  logTimer: z.object({ projectId }).strict(),
  discardTimer: z.object({ projectId }).strict(),
  /** Start/pause the last used timer: the hotkey's and the tray's action. */
  toggleLastTimer: z.object({}).strict(),
  /** Adds minutes to a running or paused timer (negative: takes them off, never below 0:00); at most a day either way. */
  adjustTimer: z.object({ projectId, minutes: z.number().int().min(-MAX_MINUTES).max(MAX_MINUTES) }).strict(),
  /** Sets a timer's note (its description, #tags included); empty clears it. */
  setTimerNote: z.object({ projectId, description }).strict(),
  /** `locale`: the typist's language, whose day words, units and decimal comma are read besides English's (absent: English). */
  quickEntry: z
    .object({ text: z.string().max(10_000), locale: z.enum(ALL_LOCALES as [Locale, ...Locale[]]).optional() })
    .strict(),
  /**
   * Several quick-entry lines at once (a pasted day, lines piped to `stint log`): the good ones
   * are queued together, exactly once; the others are answered by line (0-based) with the reason.
   */
  logLines: z
    .object({
      lines: z.array(z.string().max(10_000)).min(1).max(MAX_LINES),
      locale: z.enum(ALL_LOCALES as [Locale, ...Locale[]]).optional(),
    })
    .strict(),
  retryOperation: z.object({ id: operationId }).strict(),
  discardOperation: z.object({ id: operationId }).strict(),
  /**
   * Deletes one of today's or the shown week's entries after the undo grace (main/core/model/undoGrace.ts), by
   * its service id or by its key (EntryView.key): a key also names one still queued, not yet sent.
   */
  deleteEntry: z.union([
    z.object({ entryId: z.number().int().positive() }).strict(),
    z.object({ key: z.string().min(1).max(100) }).strict(),
  ]),
  /**
   * Changes one of today's or the shown week's entries, named by its key (EntryView.key): the time
   * as quick entry reads it, the description (with #tags), a project the user has by name (empty:
   * none), and the day (YYYY-MM-DD, not in the future; absent: it stays on its day).
   */
  updateEntry: z
    .object({
      key: z.string().min(1).max(100),
      time: z.string().max(100),
      description,
      project: z.string().max(255),
      date: z.string().max(100).optional(),
    })
    .strict(),
  /** Shows the week that holds weekOf (YYYY-MM-DD; null: this week) in the week view: core reads it. */
  showWeek: z.object({ weekOf: z.string().max(10).nullable() }).strict(),
  /** Takes back a discard or delete while its grace runs (Snapshot.undo). */
  undo: z.object({ id: operationId }).strict(),
  /** A failed operation with new values, sent again: an edit is a retry with the user's fix. */
  editOperation: z.object({ id: operationId, changes }).strict(),
  dismissNotice: z.object({ id: z.string().min(1).max(100) }).strict(),
  refresh: z.object({}).strict(),
  /** A remote account by its address and a pasted personal token (tried with GET /v2/current_user before it is saved). */
  addAccountWithToken: z
    .object({ baseUrl: z.string().max(2048), token: z.string().max(4096), label: z.string().max(200).optional() })
    .strict(),
  /** A remote account by OAuth sign-in in the system browser; answers once the browser came back (or the wait ended). */
  beginSignIn: z
    .object({
      baseUrl: z.string().max(2048),
      clientId: z.string().max(500),
      clientSecret: z.string().max(500).optional(),
      authUrl: z.string().max(2048).optional(),
    })
    .strict(),
  /** Stops waiting for the browser sign-in in progress: its loopback listener closes, and beginSignIn answers that it was cancelled. */
  cancelSignIn: z.object({}).strict(),
  signOut: z.object({ accountId: accountId }).strict(),
  setDefaultAccount: z.object({ accountId: accountId }).strict(),
  /** Gives an account (the local one too) a name of the user's; main trims and checks it (main/core/accounts/accountName.ts). */
  renameAccount: z.object({ accountId: accountId, label: z.string().max(200) }).strict(),
  /** Saves the valid part; answers the saved settings, or the first field refused (a shortcut the OS refused keeps its previous one). */
  updateSettings: settingsPatch,
  /**
   * The user's time format and first day of the week, kept on the service (PUT /v2/current_user,
   * through the outbox): shown at once, sent when the service answers. Absent: left as it is.
   */
  updateCurrentUser: z
    .object({
      timeFormat: z.enum(['fraction', 'hours_minutes']).optional(),
      weekStart: z.enum(['sunday', 'monday']).optional(),
    })
    .strict(),
  /**
   * The answer to the idle prompt: keep the time away, take it off the timer, take it off and
   * pause, or move it: take it off and log it as an entry from a quick-entry line without the time
   * ("@Acme #meeting lunch with the client"; main/core/calls/idleAnswer.ts).
   */
  resolveIdle: z.union([
    z.object({ choice: z.enum(['keep', 'discard', 'discard-and-pause']) }).strict(),
    z.object({ choice: z.literal('move'), line: z.string().min(1).max(500) }).strict(),
  ]),
  /** The answer to the working-hours reminder: start the last timer (as toggleLastTimer does), snooze 30 min, or dismiss. */
  answerReminder: z.object({ choice: z.enum(['start-last', 'snooze', 'dismiss']) }).strict(),
  /** Installs the app's downloaded update: the outbox put away first, as at quit (main/shell/updater.ts); refused when none is ready. */
  restartToUpdate: z.object({}).strict(),
  /** The user's entries of a range of days (YYYY-MM-DD, both included) as CSV in the Downloads folder (main/core/export/). */
  exportCsv: z.object({ from: z.string().max(20), to: z.string().max(20) }).strict(),
  /** The sync ledger (issue 14): the last changes and their states, and what each account still has to send. */
  getActivity: z.object({}).strict(),
  /** The same as JSON text, for a support request: only what the user did and what the service answered. */
  exportActivity: z.object({}).strict(),
  /**
   * A calendar by its address (https://, webcal://, http:// on loopback only) or an .ics file's
   * path, and optionally the user's address in its invitations: read first, then kept (the
   * address in the keychain only; main/core/calendars/).
   */
  addCalendar: z.object({ address: z.string().min(1).max(4096), email: z.string().max(320).optional() }).strict(),
  removeCalendar: z.object({ id: z.string().min(1).max(100) }).strict(),
  /** Reads every calendar again now. */
  refreshCalendars: z.object({}).strict(),
  /** Leaves one occurrence (CalendarEventView.key) out of the list for good. */
  dismissCalendarEvent: z.object({ key: z.string().min(1).max(2000) }).strict(),
} as const satisfies Record<Channel, z.ZodType>;

/** An account added or signed in again; adding never changes the default by itself (setDefaultAccount does). */
export interface AddedAccount {
  accountId: string;
  label: string;
  inUse: boolean;
}

/** What each call answers on success. */
export interface Responses {
  getSnapshot: Snapshot;
  getCatalog: Catalog;
  createProject: { projectId: number };
  startTimer: null;
  pauseTimer: null;
  logTimer: null;
  discardTimer: null;
  toggleLastTimer: null;
  adjustTimer: null;
  setTimerNote: null;
  /**
   * minutes: as the service stores them (rounded up to the project's increment); date: YYYY-MM-DD
   * logged to; key: the queued entry's EntryView.key, so the window can tell when the service has it.
   */
  quickEntry: LoggedEntry & { key: string };
  logLines: {
    /** key: as quickEntry's, each queued entry's EntryView.key. */
    logged: Array<LoggedEntry & { line: number; key: string }>;
    refused: Array<{ line: number; message: string; field: string | null }>;
  };
  retryOperation: null;
  discardOperation: null;
  deleteEntry: null;
  updateEntry: null;
  undo: null;
  /** The week now shown. */
  showWeek: { start: string; end: string };
  editOperation: null;
  dismissNotice: null;
  refresh: null;
  /** inUse: the new account is the open one (it already was the default); otherwise the window asks before switching. */
  addAccountWithToken: AddedAccount;
  beginSignIn: AddedAccount;
  cancelSignIn: null;
  /** revoked: the service confirmed the token revoked; message: what happened, for the user. */
  signOut: { revoked: boolean; message: string };
  setDefaultAccount: null;
  /** label: the name as stored (trimmed). */
  renameAccount: { label: string };
  updateSettings: Settings;
  updateCurrentUser: null;
  resolveIdle: null;
  answerReminder: null;
  restartToUpdate: null;
  /** path: the file written; entries: how many rows it has. */
  exportCsv: { path: string; entries: number };
  getActivity: Activity;
  exportActivity: { json: string; fileName: string };
  addCalendar: CalendarSourceView;
  removeCalendar: null;
  refreshCalendars: null;
  dismissCalendarEvent: null;
}

export type RequestOf<C extends Channel> = z.infer<(typeof requests)[C]>;
export type ResponseOf<C extends Channel> = Responses[C];

// Compile-time check that every channel has a request schema and a response type, and nothing
// else has: `satisfies` above refuses a missing or extra schema, this a missing or extra response.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _complete: Exact<keyof typeof requests, keyof Responses> = true;
void _complete;
// The same for the fields an edit may change: the schema and the snapshot's list name the same ones.
const _editable: Exact<keyof z.infer<typeof changes>, EditableField> = true;
void _editable;

/** The handlers main implements: one per channel. */
export type Handlers = { [C in Channel]: (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>> };

/** The API the renderer sees on window.stint: the same methods, plus the snapshot feed. */
export type StintBridge = Handlers & {
  /** Calls back with every new snapshot; returns the function that stops it. */
  onSnapshot(listener: (snapshot: Snapshot) => void): () => void;
  /** The snapshot the bridge already holds, if any (the web host's page comes with one): the first render need not wait. */
  latestSnapshot?(): Snapshot | null;
  /** Calls back when main asks the page to act (the quick-entry hotkey); returns the function that stops it. */
  onUiCommand(listener: (command: UiCommand) => void): () => void;
};
