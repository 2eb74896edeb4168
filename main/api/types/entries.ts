// Timers, entries and the current user: the calls main/core is built on.
import type { CurrentUser, DateString, Entry, Timer, TimeFormat, Timestamp } from '../../../wire/serviceTypes';
import type { Expense } from '../../../wire/serviceTypesMoney';
import type { EntryFilters, ExpenseFilters } from './lists';
import type { CreateOptions } from './writes';

export interface TimerFilters {
  description?: string;
  projects?: number[];
  billable?: boolean;
}

export interface EntryInput {
  date: DateString;
  minutes: number;
  user_id?: number;
  description?: string | null;
  project_id?: number | null;
  project_name?: string;
  source_url?: string | null;
}

export interface CurrentUserInput {
  first_name?: string;
  last_name?: string;
  time_format?: TimeFormat;
  week_start?: 'sunday' | 'monday';
  send_personal_weekly_report?: boolean;
  send_team_weekly_report?: boolean;
}

export interface CurrentUserCalls {
  getCurrentUser(): Promise<CurrentUser>;
  updateCurrentUser(input: CurrentUserInput): Promise<CurrentUser>;
  listCurrentUserEntries(filters?: EntryFilters): AsyncIterable<Entry>;
  listCurrentUserExpenses(filters?: ExpenseFilters): AsyncIterable<Expense>;
}

export interface TimerCalls {
  listTimers(filters?: TimerFilters): AsyncIterable<Timer>;
  getTimer(projectId: number): Promise<Timer>;
  updateTimer(projectId: number, input: { description?: string }): Promise<Timer>;
  startTimer(projectId: number, input?: { entry_date?: DateString; description?: string }): Promise<Timer>;
  pauseTimer(projectId: number): Promise<Timer>;
  addOrSubtractTime(projectId: number, input: { minutes?: number; seconds?: number }): Promise<Timer>;
  logTimer(
    projectId: number,
    input?: { entry_date?: DateString; minutes?: number; description?: string },
  ): Promise<void>;
  deleteTimer(projectId: number): Promise<void>;
}

export interface EntryCalls {
  listEntries(filters?: EntryFilters): AsyncIterable<Entry>;
  getEntry(id: number): Promise<Entry>;
  createEntry(input: EntryInput, options?: CreateOptions): Promise<Entry>;
  /** Fields left out stay as they are (minutes included, see calls/entries.ts). */
  updateEntry(id: number, input: Partial<EntryInput>): Promise<Entry>;
  deleteEntry(id: number): Promise<void>;
  /** approved_at defaults to now; refused (already_approved, archived_project) one entry at a time. */
  approveEntry(id: number, approvedAt?: Timestamp): Promise<void>;
  /** Entries that cannot be approved are skipped. */
  approveEntries(ids: number[], approvedAt?: Timestamp): Promise<void>;
  unapproveEntry(id: number): Promise<void>;
  unapproveEntries(ids: number[]): Promise<void>;
  /** Marks as invoiced outside the service on `date`; again with another date changes it. */
  markEntryInvoiced(id: number, date: DateString): Promise<void>;
  markEntriesInvoiced(ids: number[], date: DateString): Promise<void>;
}
