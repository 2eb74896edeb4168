// The entry events of entry create, update and delete (GAPS.md: entry.created, entry.updated,
// entry.deleted), built by the entry commands (domain/entryCommands/) and resources/timers.ts (a logged timer creates
// an entry) inside the change's transaction.
//
// Decided: `changes` names the entry's own columns (user_id, project_id, date, minutes,
// description, source_url) and billable, as the approval events name approved_at and
// approved_by_id; created and deleted carry {}. An update that changes none of them emits nothing.
import type { EntryRow } from '../domain/entries';
import type { EntryEvent } from './emit';

const COMPARED = ['user_id', 'project_id', 'date', 'minutes', 'description', 'source_url'] as const;

export interface EntryEventOptions {
  accountId: number;
  entryId: number;
  at: string;
  changes?: EntryEvent['changes'];
}

export function entryEvent(
  type: EntryEvent['type'],
  { accountId, entryId, at, changes = {} }: EntryEventOptions,
): EntryEvent {
  return { type, accountId, entryId, changes, at };
}

/** entry.updated from `before` to `after` (both as getEntry reads them); none when nothing a receiver sees changed. */
export function entryChanged(before: EntryRow, after: EntryRow, at: string): EntryEvent[] {
  const changes: EntryEvent['changes'] = {};
  for (const field of COMPARED) if (before[field] !== after[field]) changes[field] = [before[field], after[field]];
  if (Boolean(before.billable) !== Boolean(after.billable))
    changes.billable = [Boolean(before.billable), Boolean(after.billable)];
  return Object.keys(changes).length === 0
    ? []
    : [entryEvent('entry.updated', { accountId: before.account_id, entryId: before.id, at, changes })];
}
