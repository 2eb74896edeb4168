// Creating, changing and deleting entries through v1, on v2's domain functions so the same rules
// hold through both APIs: projects chosen and created by auth/entryGuard.ts and
// domain/entries.ts (archived ones refused, the project limit, who may create one), tags created
// only by who may, contractors only in the projects given them. What v1 adds:
//   - minutes are stored as given, not rounded up to the project's increment (spec 002 leaves
//     that to the client: "clients should only create multiples of it and round up");
//   - the exact same entry submitted again within a minute is refused (spec 002 "Limits");
//   - an invoiced entry, or one in an archived project, cannot change or go (spec 002 PUT, DELETE),
//     and neither can an approved one (v2's rule, approved_and_locked).
// Writes emit the entry events v2's do (GAPS.md: entry.created, .updated, .deleted), an import
// one entry.created per entry.
// Every refusal is a V1Error or a v2 ApiError, which v1/errors.ts turns into 422.
import { guardEntryProject } from '../auth/entryGuard';
import { changesOthersEntries, seesUser, type Actor } from '../auth/permissions';
import {
  chooseEntryProject,
  deleteEntry,
  getEntry,
  insertEntry,
  lockedEntry,
  updateEntry,
  type EntryRow,
} from '../domain/entries';
import type { ParsedTag } from '../domain/hashtags';
import { getProject } from '../domain/projects';
import type { UserRow } from '../domain/users';
import { emitEntryEvents } from '../events/emit';
import { entryEvent, entryUpdated } from '../events/entryEvents';
import { lockWithin, V1_ENTRIES_OF_USER } from '../storage/narrowLocks';
import type { Queryable } from '../storage/store';
import { describeEntry, guardNewTags } from './entryDescription';
import type { EntryInput } from './entryInput';
import { invalid, notAllowed } from './errors';
import { findUserByReference } from './userReference';

/** Spec 002 "Limits": the same entry submitted again within one minute is refused. */
export const DUPLICATE_WINDOW_MS = 60_000;

/** `skipped`: the user is missing or inactive, which an import skips (spec 002); an ambiguous name is not. */
export type UserChoice = { user: UserRow } | { unusable: string; skipped: boolean };

/**
 * The user an entry is for: the token's user when none is named. A user the caller may not see
 * (contractors see only themselves) counts as missing; a deactivated one as unusable too.
 */
export async function chooseUser(db: Queryable, actor: Actor, reference: string | undefined): Promise<UserChoice> {
  if (reference === undefined) return { user: actor.user };
  const lookup = await findUserByReference(db, actor.accountId, reference);
  if ('ambiguous' in lookup)
    return { unusable: `"${reference}" names more than one user: use the id or e-mail address`, skipped: false };
  if ('missing' in lookup || !seesUser(actor, lookup.found.id))
    return { unusable: `no user "${reference}"`, skipped: true };
  if (lookup.found.state !== 'active') return { unusable: `the user "${reference}" is not active`, skipped: true };
  return { user: lookup.found };
}

/** Logging for another user takes a role that changes others' entries (GAPS.md "Roles"). */
function mayLogFor(actor: Actor, user: UserRow): void {
  if (user.id !== actor.userId && !changesOthersEntries(actor))
    throw notAllowed('your role cannot log time for other users');
}

export interface ProjectChoice {
  project_id?: number | null;
  project_name?: string | null;
}

/** Spec 002: the id takes precedence over the name, except in a bulk import. */
export function projectChoice(input: EntryInput, nameFirst = false): ProjectChoice {
  if (nameFirst && input.projectName) return { project_name: input.projectName };
  if (typeof input.projectId === 'number') return { project_id: input.projectId };
  if (input.projectName) return { project_name: input.projectName };
  // Both sent empty: no project. Neither sent: undefined, which keeps an updated entry's project.
  return input.projectId === null || input.projectName === null ? { project_id: null } : {};
}

async function refuseDuplicate(
  db: Queryable,
  accountId: number,
  values: { userId: number; projectId: number | null; date: string; minutes: number; description: string | null },
  nowMs: number,
): Promise<void> {
  // The user's v1 creates one at a time across instances (storage/narrowLocks.ts): the one
  // before this one has committed, so its twin is seen here.
  await lockWithin(db, V1_ENTRIES_OF_USER, values.userId);
  const since = `${new Date(nowMs - DUPLICATE_WINDOW_MS).toISOString().slice(0, 19)}Z`;
  const same = await db.get(
    `SELECT 1 FROM entries WHERE account_id = ? AND user_id = ? AND date = ? AND project_id IS NOT DISTINCT FROM ? AND minutes = ? AND description IS NOT DISTINCT FROM ? AND created_at >= ? LIMIT 1`,
    accountId,
    values.userId,
    values.date,
    values.projectId,
    values.minutes,
    values.description,
    since,
  );
  if (same) throw invalid('The exact same entry was submitted within the last minute: it is not logged twice');
}

export interface CreateOptions {
  now: string;
  nowMs: number;
  /** Single creates refuse a duplicate within a minute; an import does not (decided: an import may hold two equal entries). */
  refuseDuplicates: boolean;
  /** Bulk import: the project name wins over the id. */
  projectNameFirst?: boolean;
}

export interface CreateEntryOptions {
  actor: Actor;
  user: UserRow;
  input: EntryInput;
  options: CreateOptions;
}

/** Creates the entry inside the caller's transaction; answers its id. */
export async function createEntry(db: Queryable, { actor, user, input, options }: CreateEntryOptions): Promise<number> {
  mayLogFor(actor, user);
  const choice = projectChoice(input, options.projectNameFirst);
  await guardEntryProject(db, { actor, resource: 'Entry', choice, currentProjectId: null });
  const described = describeEntry(input.description, input.allowHashtags);
  await guardNewTags(db, actor, described.tags);
  const project = await chooseEntryProject(db, actor.accountId, choice, options.now);
  const values = {
    userId: user.id,
    projectId: project?.id ?? null,
    date: input.date!,
    minutes: input.minutes!,
    description: described.description,
  };
  if (options.refuseDuplicates) await refuseDuplicate(db, actor.accountId, values, options.nowMs);
  const { entry } = await insertEntry(
    db,
    actor.accountId,
    { ...values, sourceUrl: null, tags: described.tags, exactMinutes: true, project: project ?? null },
    options.now,
  );
  const id = entry.id;
  // In this transaction, as v2 emits (events/emit.ts): the outbox commits with the entry.
  await emitEntryEvents(db, [
    entryEvent('entry.created', { accountId: actor.accountId, entryId: id, at: options.now }),
  ]);
  return id;
}

/** Spec 002 PUT and DELETE: "entry must not be invoiced nor in an archived project". */
export async function refuseLocked(db: Queryable, actor: Actor, entry: EntryRow): Promise<void> {
  if (entry.user_id !== actor.userId && !changesOthersEntries(actor))
    throw notAllowed("your role cannot change other users' entries");
  if (entry.invoiced_at !== null || entry.invoice_id !== null) throw invalid('The entry is invoiced: it cannot change');
  if (entry.approved_at !== null) throw invalid('The entry is approved and locked: unapprove it first');
  const project = entry.project_id === null ? undefined : await getProject(db, actor.accountId, entry.project_id);
  if (project && !project.enabled)
    throw invalid(`The entry is in the archived project "${project.name}": it cannot change`);
}

export interface ChangeEntryOptions {
  actor: Actor;
  entry: EntryRow;
  input: EntryInput;
  now: string;
}

/** Changes the entry inside the caller's transaction; what the body leaves out stays. */
export async function changeEntry(db: Queryable, { actor, entry, input, now }: ChangeEntryOptions): Promise<void> {
  await refuseLocked(db, actor, entry);
  let userId = entry.user_id;
  if (input.user !== undefined) {
    const chosen = await chooseUser(db, actor, input.user);
    if ('unusable' in chosen) throw invalid(`Invalid data: user: ${chosen.unusable}`);
    mayLogFor(actor, chosen.user);
    userId = chosen.user.id;
  }
  const choice = projectChoice(input);
  await guardEntryProject(db, { actor, resource: 'Entry', choice, currentProjectId: entry.project_id });
  const chosen = await chooseEntryProject(db, actor.accountId, choice, now);
  const projectId = chosen === undefined ? entry.project_id : (chosen?.id ?? null);
  // No description sent: it stays, and so do its tags, whichever rule made them (updateEntry
  // keeps the links of an unchanged description when given no tags).
  let description = entry.description;
  let tags: ParsedTag[] | undefined;
  if (input.description !== undefined) {
    const described = describeEntry(input.description, input.allowHashtags);
    await guardNewTags(db, actor, described.tags);
    description = described.description;
    tags = described.tags;
  }
  await updateEntry(db, {
    accountId: actor.accountId,
    id: entry.id,
    values: {
      userId,
      projectId,
      date: input.date ?? entry.date,
      minutes: input.minutes ?? entry.minutes,
      description,
      sourceUrl: entry.source_url,
      tags,
      exactMinutes: true,
    },
    now,
  });
  await emitEntryEvents(db, await entryUpdated(db, entry, now));
}

/** Deletes the entry inside the caller's transaction, its entry.deleted first (the payload shows it as it was). */
export async function removeEntry(db: Queryable, actor: Actor, entry: EntryRow, now: string): Promise<void> {
  await refuseLocked(db, actor, entry);
  await emitEntryEvents(db, [entryEvent('entry.deleted', { accountId: actor.accountId, entryId: entry.id, at: now })]);
  await deleteEntry(db, entry.id);
}

/**
 * The entry read again inside the write's transaction, locked (domain/entries.ts lockedEntry): an
 * invoice, an approval or a deletion racing on another instance either came before (and this one
 * sees it) or waits. Gone meanwhile: undefined, which the caller answers as not found.
 */
export async function entryToChange(db: Queryable, accountId: number, id: number): Promise<EntryRow | undefined> {
  return await lockedEntry(db, accountId, id);
}

export async function reloadEntry(db: Queryable, accountId: number, id: number): Promise<EntryRow> {
  return (await getEntry(db, accountId, id))!;
}
