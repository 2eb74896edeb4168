// Removing an entry (DELETE /v2/entries/:id, DELETE /api/entries/<id>), inside the caller's
// transaction: read again locked and held to the API's lock rule (as a change is), entry.deleted
// to the outbox before the row goes, so its payload shows the entry as it was.
import type { Actor } from '../../auth/permissions';
import { emitEntryEvents } from '../../events/emit';
import { entryEvent } from '../../events/entryEvents';
import type { Queryable } from '../../storage/store';
import { deleteEntry, lockedEntry } from '../entries';
import type { EntryPolicy } from './entryPolicy';

export interface RemoveEntryOptions {
  actor: Actor;
  id: number;
  policy: EntryPolicy;
  now: string;
}

export async function removeEntry(tx: Queryable, { actor, id, policy, now }: RemoveEntryOptions): Promise<void> {
  const { entry } = await policy.refuseLocked(tx, actor, await lockedEntry(tx, actor.accountId, id));
  await emitEntryEvents(tx, [entryEvent('entry.deleted', { accountId: actor.accountId, entryId: entry.id, at: now })]);
  await deleteEntry(tx, entry.id);
}
