// The contract's channel names and IPC channel strings, without the schemas: the preload and the
// renderer import this at run time, and common/contract.ts (which pulls in zod, ~450 KB) only as
// types. contract.ts checks that its request schemas cover exactly these names.

const names = {
  getSnapshot: true,
  getCatalog: true,
  createProject: true,
  startTimer: true,
  pauseTimer: true,
  logTimer: true,
  discardTimer: true,
  toggleLastTimer: true,
  adjustTimer: true,
  setTimerNote: true,
  quickEntry: true,
  logLines: true,
  retryOperation: true,
  discardOperation: true,
  deleteEntry: true,
  updateEntry: true,
  undo: true,
  showWeek: true,
  editOperation: true,
  dismissNotice: true,
  refresh: true,
  addAccountWithToken: true,
  beginSignIn: true,
  cancelSignIn: true,
  signOut: true,
  setDefaultAccount: true,
  renameAccount: true,
  updateSettings: true,
  updateCurrentUser: true,
  resolveIdle: true,
  answerReminder: true,
  restartToUpdate: true,
  exportCsv: true,
  getActivity: true,
  exportActivity: true,
  addCalendar: true,
  removeCalendar: true,
  refreshCalendars: true,
  dismissCalendarEvent: true,
} as const;

export type Channel = keyof typeof names;
export const channels = Object.keys(names) as Channel[];
export const ipcChannel = (channel: Channel) => `stint:${channel}`;

/** The one channel main pushes snapshots on. */
export const SNAPSHOT_CHANNEL = 'stint:snapshot';

/** Main asks the page to do what only the page can: focus the quick-entry box (the hotkey's action). */
export const UI_COMMAND_CHANNEL = 'stint:ui-command';
/** 'show-week': the tray's week item: the page shows the week view. */
export type UiCommand = 'focus-quick-entry' | 'show-week';
export const isUiCommand = (value: unknown): value is UiCommand =>
  value === 'focus-quick-entry' || value === 'show-week';
