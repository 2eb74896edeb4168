// Builders for what core shows (common/snapshot.ts): a complete Snapshot or TimerView from
// defaults and the fields a test cares about, so a new field needs a default here only.
import { DEFAULT_SETTINGS } from '../../common/settings';
import { savedHereWords } from '../../common/savedHere';
import type { ShownStatus, Snapshot, TimerView, WeekView } from '../../common/snapshot';
import { weekDates } from '../../common/week';
import { SENT } from '../../common/savedHere';

/** 2025-03-10 10:00 local time: the builders' default moment. */
export const SNAPSHOT_NOW = new Date(2025, 2, 10, 10, 0).getTime();

/** A timer: project 1 "Website", pending at zero, unless told otherwise. */
export const timerView = (over: Partial<TimerView> = {}): TimerView => ({
  projectId: 1,
  projectName: 'Website',
  color: null,
  state: 'pending',
  seconds: 0,
  asOf: SNAPSHOT_NOW,
  description: null,
  status: SENT,
  ...over,
});

/** An entry's or a timer's status while only this computer has it, in the words of `account` (main/core/views/saveStatus.ts). */
export const savedHere = (account = 'This computer'): ShownStatus => ({
  state: 'saved here',
  words: savedHereWords(account),
  account,
});

/** The week of 2025-03-10 (a Monday), nothing in it, read, unless told otherwise. */
export const weekView = (over: Partial<WeekView> = {}): WeekView => ({
  start: '2025-03-10',
  end: '2025-03-16',
  weekStart: 'monday',
  isCurrent: true,
  days: weekDates('2025-03-10').map((date) => ({ date, totalMinutes: 0, entries: [] })),
  projects: [],
  totalMinutes: 0,
  loaded: true,
  stale: false,
  ...over,
});

/** The local account's snapshot with nothing in it, online, unless told otherwise. */
export const snapshot = (over: Partial<Snapshot> = {}): Snapshot => ({
  account: { id: 'local', label: 'This computer', kind: 'local' },
  user: null,
  timeFormat: 'hours_minutes',
  projects: [],
  recentProjectIds: [],
  timers: [],
  today: { date: '2025-03-10', entries: [], totalMinutes: 0 },
  week: weekView(),
  outbox: { pending: 0, failed: [] },
  operations: {},
  notices: [],
  online: true,
  connectionProblem: null,
  lastSyncAt: null,
  readSinceOpen: true,
  accounts: [],
  otherAccountTimers: [],
  signIn: null,
  shortcuts: { refused: [], toggleCommand: null },
  settings: DEFAULT_SETTINGS,
  locale: 'en',
  formatLocale: 'en-US',
  systemLanguages: ['en-US'],
  undo: [],
  idle: null,
  idleSource: 'Idle read from GNOME',
  reminder: null,
  exporting: null,
  calendar: { calendars: [], today: [], week: {} },
  ...over,
});
