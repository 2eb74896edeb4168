// The checks every entry write makes before it writes, whichever API it came through (GAPS.md
// "Roles"): who may log for another user, and who may bring new tags into being through an entry.
// The project's own checks are auth/entryGuard.ts guardEntryProject's.
import { changesOthersEntries, createsTagsThroughEntries, type Actor } from '../../auth/permissions';
import type { Queryable } from '../../storage/store';
import type { ParsedTag } from '../hashtags';
import type { UserRow } from '../users';
import { findTagByName } from '../tags';
import type { EntryPolicy } from './entryPolicy';

/** Logging time for someone else takes a role that changes others' entries. */
export function refuseOthersEntry(actor: Actor, user: UserRow, policy: EntryPolicy): void {
  if (user.id !== actor.userId && !changesOthersEntries(actor)) throw policy.othersEntries();
}

/**
 * Refuses tags (parsed once, by the API's rule) that name no tag yet, for a role that may not
 * create tags through an entry: coworkers unless the account allows it, contractors never.
 */
export async function refuseNewTags(
  db: Queryable,
  actor: Actor,
  tags: ParsedTag[],
  policy: EntryPolicy,
): Promise<void> {
  if (tags.length === 0 || (await createsTagsThroughEntries(db, actor))) return;
  const unknown: ParsedTag[] = [];
  for (const tag of tags) if (!(await findTagByName(db, actor.accountId, tag.name))) unknown.push(tag);
  if (unknown.length) throw policy.unknownTags(unknown);
}
