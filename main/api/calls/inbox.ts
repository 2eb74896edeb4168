// Inbox entries (spec 001): not yet implemented by the service, whose every call answers 404,
// reported like any missing resource (ApiError kind not_found).
import type { Entry } from '../../../wire/serviceTypes';
import type { InboxCalls, InboxEntry } from '../types/inbox';
import { id, nonEmpty, ONCE, SAFE, type Requester } from './requester';

export function inboxCalls(r: Requester): InboxCalls {
  const inboxEntry = (entryId: number, action = '') => `/v2/inbox_entries/${id(entryId)}${action}`;
  return {
    listInboxEntries: (filters) => r.list<InboxEntry>('/v2/inbox_entries', filters),
    getInboxEntry: async (entryId) => r.get<InboxEntry>(inboxEntry(entryId)),
    createInboxEntry: async (input) => r.create<InboxEntry>('/v2/inbox_entries', input),
    updateInboxEntry: async (entryId, input) => r.put<InboxEntry>(inboxEntry(entryId), input, SAFE),
    logInboxEntry: async (entryId, input) => r.create<Entry>(inboxEntry(entryId, '/log'), nonEmpty(input)),
    deleteInboxEntry: async (entryId) => r.del(inboxEntry(entryId)),
    logTimerToInbox: async (projectId, input) =>
      r.act(`/v2/projects/${id(projectId)}/timer/log_inbox_entry`, nonEmpty(input), ONCE),
  };
}
