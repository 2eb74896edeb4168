// Creating an entry (spec 001 POST /v2/entries, spec 002 POST /api/entries and each entry of an
// import), inside the caller's transaction: the rules hold once, whichever API asked. The user is
// resolved by the API (each names users its own way) and passed as its row; the description is
// parsed once, by the API's rule; the project is chosen (or created) once and its row passed down
// to the insert, which links the tags in one statement on PostgreSQL; the answer is built from
// what the writes returned, and entry.created goes to the outbox in the same transaction.
import type { Actor } from '../../auth/permissions';
import { guardEntryProject } from '../../auth/entryGuard';
import { emitEntryEvents } from '../../events/emit';
import { entryEvent } from '../../events/entryEvents';
import type { Queryable } from '../../storage/store';
import { chooseEntryProject, insertEntry, type EntryRow } from '../entries';
import type { ProjectRow } from '../projects';
import type { TagRow } from '../tags';
import type { UserRow } from '../users';
import { refuseDuplicate } from './duplicateMinute';
import { refuseNewTags, refuseOthersEntry } from './entryGuards';
import type { DescribedEntry, EntryPolicy, ProjectChoice } from './entryPolicy';

export interface NewEntry {
  user: UserRow;
  choice: ProjectChoice;
  date: string;
  minutes: number;
  described: DescribedEntry;
  sourceUrl: string | null;
  /**
   * The refusal of the exact same entry created again within a minute (duplicateMinute.ts): v1's
   * single creates (spec 002 "Limits") give theirs; v2 and an import have no such rule.
   */
  duplicate?: () => Error;
}

export interface CreateEntryOptions {
  actor: Actor;
  entry: NewEntry;
  policy: EntryPolicy;
  at: { iso: string; ms: number };
}

/** The entry just created, with everything its answer shows besides approval and invoice (it has neither). */
export interface CreatedEntry {
  entry: EntryRow;
  tags: TagRow[];
  user: UserRow;
  project: ProjectRow | null;
}

export async function createEntry(
  tx: Queryable,
  { actor, entry: wanted, policy, at }: CreateEntryOptions,
): Promise<CreatedEntry> {
  const { user, choice, described } = wanted;
  refuseOthersEntry(actor, user, policy);
  await guardEntryProject(tx, { actor, resource: 'Entry', choice, currentProjectId: null });
  await refuseNewTags(tx, actor, described.tags, policy);
  const project = (await chooseEntryProject(tx, actor.accountId, choice, at.iso)) ?? null;
  const values = {
    userId: user.id,
    projectId: project?.id ?? null,
    date: wanted.date,
    minutes: wanted.minutes,
    description: described.description,
  };
  if (wanted.duplicate) await refuseDuplicate(tx, { accountId: actor.accountId, ...values }, at.ms, wanted.duplicate);
  const { entry, tags } = await insertEntry(
    tx,
    actor.accountId,
    { ...values, sourceUrl: wanted.sourceUrl, tags: described.tags, exactMinutes: policy.exactMinutes, project },
    at.iso,
  );
  // In this transaction (events/emit.ts): the outbox commits with the entry.
  await emitEntryEvents(tx, [
    entryEvent('entry.created', { accountId: actor.accountId, entryId: entry.id, at: at.iso }),
  ]);
  return { entry, tags, user, project };
}
