// How v2 (spec 001 and GAPS.md) decides what the entry commands leave to each API
// (domain/entryCommands/entryPolicy.ts): its lock rule and its refusals' words.
import { changesOthersEntries, seesRecord, type Actor } from '../auth/permissions';
import type { EntryRow } from '../domain/entries';
import type { EntryPolicy } from '../domain/entryCommands/entryPolicy';
import { parseHashtags } from '../domain/hashtags';
import { forbidden, notFound, refused } from '../http/errors';

const othersEntries = () => forbidden("Forbidden: your role cannot change other users' entries");

/**
 * What locks an entry for v2, as first read (checked then, before any transaction) and as read
 * again locked inside the write: another user's for a role that may not change it, approved, or on
 * an invoice of the service.
 */
export function refuseV2Locks(actor: Actor, entry: EntryRow): void {
  if (entry.user_id !== actor.userId && !changesOthersEntries(actor)) throw othersEntries();
  if (entry.approved_at)
    throw refused('Entry', 'base', 'approved_and_locked', 'The entry is approved and locked: unapprove it first');
  // An entry on an invoice of the service is locked for good (decided: code already_invoiced, as
  // marked_as_invoiced answers); one marked as invoiced outside the service stays editable.
  if (entry.invoice_id !== null)
    throw refused('Entry', 'base', 'already_invoiced', 'The entry is on an invoice: it cannot change');
}

export const v2EntryPolicy: EntryPolicy = {
  async refuseLocked(tx, actor, entry) {
    // Gone meanwhile, or no longer seen (auth/permissions.ts): as a missing one.
    if (!entry || !(await seesRecord(tx, actor, entry))) throw notFound('Entry not found');
    refuseV2Locks(actor, entry);
    return { entry };
  },
  othersEntries,
  unknownTags: (tags) =>
    refused(
      'Entry',
      'description',
      'cannot_create_tags',
      `You cannot create tags: ${tags.map((t) => `#${t.name}`).join(', ')} do not exist`,
    ),
  exactMinutes: false,
  relinksSameDescription: false,
  keptTags: (entry) => parseHashtags(entry.description),
};
