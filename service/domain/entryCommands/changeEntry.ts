// Changing an entry (spec 001 PUT /v2/entries/:id, spec 002 PUT /api/entries/<id>), inside the
// caller's transaction. The entry is read again locked (domain/entries.ts lockedEntry) and held to
// the API's lock rule, so an approval, an invoice or a deletion racing on another instance came
// either before (and is seen) or after; then the user, the project and the tags are checked as a
// create checks them, the project row read once serves the archive rule and the rounding, and
// entry.updated (with what changed) goes to the outbox in the same transaction.
import type { Actor } from '../../auth/permissions';
import { guardEntryProject } from '../../auth/entryGuard';
import { emitEntryEvents } from '../../events/emit';
import { entryChanged } from '../../events/entryEvents';
import type { Queryable } from '../../storage/store';
import { chooseEntryProject, lockedEntry, refuseArchived, updateEntry, type EntryRow } from '../entries';
import { getProject, type ProjectRow } from '../projects';
import type { TagRow } from '../tags';
import { getUser, type UserRow } from '../users';
import { refuseNewTags, refuseOthersEntry } from './entryGuards';
import type { DescribedEntry, EntryPolicy, ProjectChoice } from './entryPolicy';

/** What a change sets; anything absent stays as it is. */
export interface EntryChange {
  /** The entry's new user, as the API names one; resolved after the lock rule, as both APIs answer. */
  user?: (tx: Queryable) => Promise<UserRow>;
  choice: ProjectChoice;
  date?: string;
  minutes?: number;
  /** Absent: the description stays, and so do its tag links, whichever rule made them. */
  described?: DescribedEntry;
  sourceUrl?: string | null;
}

export interface ChangeEntryOptions {
  actor: Actor;
  id: number;
  change: EntryChange;
  policy: EntryPolicy;
  now: string;
}

/** The entry as the change left it, with what its answer shows besides (it has no approval and no invoice: the lock rules refuse those). */
export interface ChangedEntry {
  entry: EntryRow;
  tags: TagRow[];
  user: UserRow;
  project: ProjectRow | null;
}

/** Answers the changed entry, built from what the writes returned, which the API's answer is built from. */
export async function changeEntry(
  tx: Queryable,
  { actor, id, change, policy, now }: ChangeEntryOptions,
): Promise<ChangedEntry> {
  const locked = await policy.refuseLocked(tx, actor, await lockedEntry(tx, actor.accountId, id));
  const { entry } = locked;
  const user = change.user === undefined ? undefined : await change.user(tx);
  if (user) refuseOthersEntry(actor, user, policy);
  const { choice, described } = change;
  await guardEntryProject(tx, { actor, resource: 'Entry', choice, currentProjectId: entry.project_id });
  await refuseNewTags(tx, actor, described?.tags ?? policy.keptTags(entry), policy);
  const project = await projectAfter(tx, { actor, entry, choice, now, known: locked.project });
  const written = await updateEntry(tx, {
    accountId: actor.accountId,
    id: entry.id,
    values: {
      userId: user?.id ?? entry.user_id,
      projectId: project?.id ?? null,
      project,
      date: change.date ?? entry.date,
      minutes: change.minutes ?? entry.minutes,
      description: described ? described.description : entry.description,
      sourceUrl: change.sourceUrl === undefined ? entry.source_url : change.sourceUrl,
      tags: linksToMake(entry, described, policy),
      exactMinutes: policy.exactMinutes,
    },
    now,
  });
  await emitEntryEvents(tx, entryChanged(entry, written.entry, now));
  return { ...written, user: user ?? (await ownerOf(tx, actor, entry)), project };
}

/** The entry's user, when the change kept it: most often the actor. */
async function ownerOf(tx: Queryable, actor: Actor, entry: EntryRow): Promise<UserRow> {
  return entry.user_id === actor.userId ? actor.user : (await getUser(tx, actor.accountId, entry.user_id))!;
}

interface ProjectAfterOptions {
  actor: Actor;
  entry: EntryRow;
  choice: ProjectChoice;
  now: string;
  /** The entry's project as the lock rule read it, if it did. */
  known: ProjectRow | undefined;
}

/** The project the entry ends in: the one chosen, else its own, which must not be archived. */
async function projectAfter(
  tx: Queryable,
  { actor, entry, choice, now, known }: ProjectAfterOptions,
): Promise<ProjectRow | null> {
  const chosen = await chooseEntryProject(tx, actor.accountId, choice, now);
  if (chosen !== undefined) return chosen;
  if (entry.project_id === null) return null;
  return refuseArchived(known ?? (await getProject(tx, actor.accountId, entry.project_id))!);
}

/** The tag links a change makes; undefined keeps the entry's. */
function linksToMake(entry: EntryRow, described: DescribedEntry | undefined, policy: EntryPolicy) {
  if (described === undefined) return undefined;
  // v2: the same description sent again keeps its links, made by the rule that wrote it, which
  // may have been v1's classic tags. v1 links what its rule (allow_hashtags or not) reads now.
  if (!policy.relinksSameDescription && described.description === entry.description) return undefined;
  return described.tags;
}
