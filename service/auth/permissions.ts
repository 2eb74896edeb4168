// What each role may see and do: GAPS.md "Roles (decided)", one predicate per right, so every
// resource asks the same question the same way.
//
// | role       | entries, expenses                  | projects, tags                       | users, teams   |
// |------------|------------------------------------|--------------------------------------|----------------|
// | owner      | see all, change all                | manage                               | manage; only the owner deletes or deactivates users |
// | supervisor | see all, change all                | manage                               | manage         |
// | leader     | see all, change own, approve any   | manage                               | view           |
// | coworker   | see own, change own                | view; create through an entry if the account allows | view |
// | contractor | own, in projects given access      | only the projects given access (tags: those of entries there) | self only |
//
// How a refusal answers (decided, one rule everywhere): what a role may not see at all does not
// exist for it, so it answers 404 as a missing resource does (spec 000: 404 for a resource "not
// visible to the user"), and an id of it in a body answers 400 missing; what a role may see but
// not do, or an endpoint it may not use at all, answers 403. Examples: a coworker asking for
// another user's entry gets 404, changing another user's entry it cannot see either; a leader,
// who sees it, gets 403 for the change; a contractor gets 403 for GET /v2/teams.
import type { EntryFilters } from '../../wire/serviceTypes';
import { peopleSettings } from '../domain/accountSettings';
import { accessibleProjectIds, hasProjectAccess } from '../domain/projectAccess';
import { tagUsedInProjects, type TagFilters } from '../domain/tags';
import type { UserRow } from '../domain/users';
import type { Queryable } from '../storage/store';

export type Role = 'owner' | 'supervisor' | 'leader' | 'coworker' | 'contractor';

/** Roles that POST and PUT /v2/users may give; the owner is made once, with the account. */
export const ASSIGNABLE_ROLES = ['supervisor', 'leader', 'coworker', 'contractor'] as const;

export interface Actor {
  userId: number;
  accountId: number;
  role: Role;
  /** The user's row as read when the request was authenticated. */
  user: UserRow;
}

const isAdmin = (actor: Actor) => actor.role === 'owner' || actor.role === 'supervisor';

// Entries and expenses

/** Sees every user's entries and expenses, not only their own. */
export const seesAllEntries = (actor: Actor) => isAdmin(actor) || actor.role === 'leader';

/** Creates and changes entries and expenses of other users. */
export const changesOthersEntries = isAdmin;

/** Approves and unapproves anyone's entries (leaders too, though they change only their own). */
export const approvesEntries = (actor: Actor) => isAdmin(actor) || actor.role === 'leader';

/** Held to the projects given access: sees, logs and times only there. */
export const restrictedToGivenProjects = (actor: Actor) => actor.role === 'contractor';

// Projects and tags

/** Creates, changes, archives, merges and deletes projects and tags directly. */
export const managesProjects = (actor: Actor) => isAdmin(actor) || actor.role === 'leader';

/** Whether the project exists for the actor: contractors see only the projects given them. */
export async function seesProject(db: Queryable, actor: Actor, projectId: number): Promise<boolean> {
  return !restrictedToGivenProjects(actor) || (await hasProjectAccess(db, actor.userId, projectId));
}

/** The ids of the projects the actor sees, or null for every project of the account. */
export async function visibleProjectIds(db: Queryable, actor: Actor): Promise<number[] | null> {
  return restrictedToGivenProjects(actor) ? await accessibleProjectIds(db, actor.userId) : null;
}

/**
 * Tags follow projects (GAPS.md "Roles": "projects, tags"; spec 002 "Tags": freelancers see "only
 * tags used in projects assigned to them"): for a contractor a tag exists when an entry in a
 * project given it carries the tag, anyone's entry (the tag is the project's as much as the
 * entry's); every other role sees every tag. v1's GET /api/tags and v2's tag endpoints ask this.
 */
export async function scopeTagFilters(db: Queryable, actor: Actor, filters: TagFilters): Promise<TagFilters> {
  const projectIds = await visibleProjectIds(db, actor);
  return projectIds === null ? filters : { ...filters, usedInProjects: projectIds };
}

/** Whether the tag exists for the actor (see scopeTagFilters). */
export async function seesTag(db: Queryable, actor: Actor, tagId: number): Promise<boolean> {
  const projectIds = await visibleProjectIds(db, actor);
  return projectIds === null || (await tagUsedInProjects(db, tagId, projectIds));
}

/** Creates a project by naming one that does not exist in an entry's project_name. */
export async function createsProjectsThroughEntries(db: Queryable, actor: Actor): Promise<boolean> {
  if (managesProjects(actor)) return true;
  return actor.role === 'coworker' && (await peopleSettings(db, actor.accountId)).coworkers_create_projects === 1;
}

/** Creates a tag by writing a #hashtag that does not exist in a description. */
export async function createsTagsThroughEntries(db: Queryable, actor: Actor): Promise<boolean> {
  if (managesProjects(actor)) return true;
  return actor.role === 'coworker' && (await peopleSettings(db, actor.accountId)).coworkers_create_tags === 1;
}

// Users and teams

/** Creates and changes users, activates them (not deactivated ones: deactivatesUsers), gives and revokes project access. */
export const managesUsers = isAdmin;

/** Deactivates and deletes users, and reactivates deactivated ones: the owner alone (GAPS.md "Roles"). */
export const deactivatesUsers = (actor: Actor) => actor.role === 'owner';

/** Sees every user of the account (contractors see only themselves). */
export const seesAllUsers = (actor: Actor) => actor.role !== 'contractor';

/** Whether the user exists for the actor. */
export const seesUser = (actor: Actor, userId: number) => seesAllUsers(actor) || userId === actor.userId;

/** Uses the team endpoints at all (contractors do not). */
export const seesTeams = (actor: Actor) => actor.role !== 'contractor';

export const managesTeams = isAdmin;

// Scopes of lists

/** Who and where a record (entry, expense) must belong to for the actor to see it; null = anyone, anywhere. */
export interface RecordScope {
  userId: number | null;
  projectIds: number[] | null;
}

export async function recordScope(db: Queryable, actor: Actor): Promise<RecordScope> {
  if (seesAllEntries(actor)) return { userId: null, projectIds: null };
  return { userId: actor.userId, projectIds: await visibleProjectIds(db, actor) };
}

/** Whether the actor sees this entry or expense. */
export async function seesRecord(
  db: Queryable,
  actor: Actor,
  record: { user_id: number; project_id: number | null },
): Promise<boolean> {
  if (seesAllEntries(actor)) return true;
  if (record.user_id !== actor.userId) return false;
  return (
    !restrictedToGivenProjects(actor) ||
    (record.project_id !== null && (await hasProjectAccess(db, actor.userId, record.project_id)))
  );
}

/**
 * An entry list's filters narrowed to what the actor sees: the user to restrict to (for
 * listEntries' onlyUserId) and, for contractors, project_ids cut down to the projects given them
 * (an empty list matches nothing). Every entry list calls this: /v2/entries and the entries of a
 * user, team, project, project group and tag.
 */
export async function scopeEntryFilters(
  db: Queryable,
  actor: Actor,
  filters: EntryFilters,
): Promise<{ filters: EntryFilters; onlyUserId: number | null }> {
  const scope = await recordScope(db, actor);
  if (scope.projectIds === null) return { filters, onlyUserId: scope.userId };
  const allowed = new Set(scope.projectIds);
  const projectIds = filters.project_ids ? filters.project_ids.filter((id) => allowed.has(id)) : scope.projectIds;
  return { filters: { ...filters, project_ids: projectIds }, onlyUserId: scope.userId };
}

// Invoices, webhooks and broadcast receivers

/** Makes invoices, marks entries as invoiced, manages webhooks and broadcast receivers (decided: owner and supervisor). */
export const managesInvoicesAndWebhooks = isAdmin;
