// Timers, entries and the current user (spec 001 "Timers", "Entries", "Current user").
import type { CurrentUser, Entry, Timer } from '../../../wire/serviceTypes';
import type { Expense } from '../../../wire/serviceTypesMoney';
import type { CurrentUserCalls, EntryCalls, TimerCalls } from '../types/entries';
import { id, nonEmpty, ONCE, SAFE, type Requester } from './requester';

export function currentUserCalls(r: Requester): CurrentUserCalls {
  return {
    getCurrentUser: async () => r.get<CurrentUser>('/v2/current_user'),
    updateCurrentUser: async (input) => r.put<CurrentUser>('/v2/current_user', input, SAFE),
    listCurrentUserEntries: (filters) => r.list<Entry>('/v2/current_user/entries', filters),
    listCurrentUserExpenses: (filters) => r.list<Expense>('/v2/current_user/expenses', filters),
  };
}

export function timerCalls(r: Requester): TimerCalls {
  const timer = (projectId: number, action = '') => `/v2/projects/${id(projectId)}/timer${action}`;
  return {
    listTimers: (filters) => r.list<Timer>('/v2/timers', filters),
    getTimer: async (projectId) => r.get<Timer>(timer(projectId)),
    updateTimer: async (projectId, input) => r.put<Timer>(timer(projectId), input, SAFE),
    startTimer: async (projectId, input) => r.put<Timer>(timer(projectId, '/start'), nonEmpty(input), SAFE),
    pauseTimer: async (projectId) => r.put<Timer>(timer(projectId, '/pause'), undefined, SAFE),
    addOrSubtractTime: async (projectId, input) => r.put<Timer>(timer(projectId, '/add_or_subtract_time'), input, ONCE),
    logTimer: async (projectId, input) => r.act(timer(projectId, '/log'), nonEmpty(input), ONCE),
    deleteTimer: async (projectId) => r.del(timer(projectId)),
  };
}

export function entryCalls(r: Requester): EntryCalls {
  const entry = (entryId: number, action = '') => `/v2/entries/${id(entryId)}${action}`;
  return {
    listEntries: (filters) => r.list<Entry>('/v2/entries', filters),
    getEntry: async (entryId) => r.get<Entry>(entry(entryId)),
    createEntry: async (input, options) => r.create<Entry>('/v2/entries', input, options),
    updateEntry: async (entryId, input) => {
      const path = entry(entryId);
      // Spec 001: an update without minutes gives the entry 0 minutes. The interface takes a
      // Partial, whose reader expects "unchanged when absent", so the current minutes are read
      // and sent back rather than silently wiping the logged time.
      const minutes = input.minutes ?? (await r.get<Entry>(path)).minutes;
      return r.put<Entry>(path, { ...input, minutes }, SAFE);
    },
    deleteEntry: async (entryId) => r.del(entry(entryId)),
    approveEntry: async (entryId, approvedAt) =>
      r.act(entry(entryId, '/approved'), nonEmpty({ approved_at: approvedAt }), ONCE),
    approveEntries: async (ids, approvedAt) =>
      r.act('/v2/entries/approved', { entry_ids: ids, approved_at: approvedAt }, SAFE),
    unapproveEntry: async (entryId) => r.act(entry(entryId, '/unapproved'), undefined, ONCE),
    unapproveEntries: async (ids) => r.act('/v2/entries/unapproved', { entry_ids: ids }, SAFE),
    markEntryInvoiced: async (entryId, date) => r.act(entry(entryId, '/marked_as_invoiced'), { date }, SAFE),
    markEntriesInvoiced: async (ids, date) => r.act('/v2/entries/marked_as_invoiced', { entry_ids: ids, date }, SAFE),
  };
}
