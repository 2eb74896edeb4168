// A v1 entry write (spec 002) read into the entry commands' terms (domain/entryCommands/), which
// hold the rules v1 shares with v2: projects chosen and created (archived ones refused, the
// project limit, who may create one), tags created only by who may, contractors only in the
// projects given them, the locks, the events. What v1 reads its own way is here: the user named
// by id, e-mail or full name, the project id before the name (the name first in an import), the
// description by the classic rules or as #hashtags (allow_hashtags). v1's own rules (minutes
// stored as given, the duplicate minute, its stricter locks) are its policy, v1/entryPolicy.ts.
import { seesUser, type Actor } from '../auth/permissions';
import type { EntryChange } from '../domain/entryCommands/changeEntry';
import type { NewEntry } from '../domain/entryCommands/createEntry';
import type { ProjectChoice } from '../domain/entryCommands/entryPolicy';
import type { UserRow } from '../domain/users';
import type { Queryable } from '../storage/store';
import { describeEntry } from './entryDescription';
import type { EntryInput } from './entryInput';
import { invalid } from './errors';
import { findUserByReference } from './userReference';

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

/** Spec 002: the id takes precedence over the name, except in a bulk import. */
export function projectChoice(input: EntryInput, nameFirst = false): ProjectChoice {
  if (nameFirst && input.projectName) return { project_name: input.projectName };
  if (typeof input.projectId === 'number') return { project_id: input.projectId };
  if (input.projectName) return { project_name: input.projectName };
  // Both sent empty: no project. Neither sent: undefined, which keeps an updated entry's project.
  return input.projectId === null || input.projectName === null ? { project_id: null } : {};
}

/** A create's attributes (minutes and date read as required) for `user`; `nameFirst` in an import. */
export function newEntryOf(input: EntryInput, user: UserRow, nameFirst = false): NewEntry {
  return {
    user,
    choice: projectChoice(input, nameFirst),
    date: input.date!,
    minutes: input.minutes!,
    described: describeEntry(input.description, input.allowHashtags),
    sourceUrl: null,
  };
}

/** An update's attributes: what the body leaves out stays (the source URL, which v1 does not know, always). */
export function changeOf(actor: Actor, input: EntryInput): EntryChange {
  const reference = input.user;
  return {
    user:
      reference === undefined
        ? undefined
        : async (tx) => {
            const chosen = await chooseUser(tx, actor, reference);
            if ('unusable' in chosen) throw invalid(`Invalid data: user: ${chosen.unusable}`);
            return chosen.user;
          },
    choice: projectChoice(input),
    date: input.date,
    minutes: input.minutes,
    described: input.description === undefined ? undefined : describeEntry(input.description, input.allowHashtags),
  };
}
