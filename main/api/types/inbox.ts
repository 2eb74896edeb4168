// Inbox entries (spec 001): specified, but "not yet implemented, all calls yield 404". The calls
// exist so that the day the service serves them nothing else must change; until then each one
// fails with an ApiError of kind not_found. The wire shape lives here rather than in common/
// because nothing but this client reads it.
import type { DateString, Entry, Timestamp } from '../../../wire/serviceTypes';
import type { EntryInput } from './entries';
import type { Paged } from './lists';

export interface InboxEntry {
  id: number;
  date: DateString;
  minutes: number;
  description: string;
  project_name: string | null;
  logged: boolean;
  /** the entry created when logged */
  entry_url: string | null;
  url: string;
  log_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type InboxEntryFilters = Paged<{
  description?: string;
  project_name?: string;
  from?: DateString;
  to?: DateString;
  logged?: boolean;
  updated_from?: Timestamp;
  updated_to?: Timestamp;
}>;

export interface InboxEntryInput {
  date: DateString;
  description: string;
  minutes?: number;
  project_name?: string;
}

export interface InboxCalls {
  /** Latest date first, the current user's. */
  listInboxEntries(filters?: InboxEntryFilters): AsyncIterable<InboxEntry>;
  getInboxEntry(id: number): Promise<InboxEntry>;
  createInboxEntry(input: InboxEntryInput): Promise<InboxEntry>;
  updateInboxEntry(id: number, input: InboxEntryInput): Promise<InboxEntry>;
  /** Creates the entry (the parameters of entry creation) and marks the inbox entry logged. */
  logInboxEntry(id: number, input?: Partial<EntryInput>): Promise<Entry>;
  deleteInboxEntry(id: number): Promise<void>;
  /** PUT /v2/projects/:project_id/timer/log_inbox_entry: the timer becomes an inbox entry. */
  logTimerToInbox(
    projectId: number,
    input?: { inbox_entry_date?: DateString; description?: string; minutes?: number },
  ): Promise<void>;
}
