// What each role may do (GAPS.md "Roles", decided). Only the owner exists in this step; the
// checks sit where later roles will need them.
import type { UserRow } from '../domain/users';

export type Role = 'owner' | 'supervisor' | 'leader' | 'coworker' | 'contractor';

export interface Actor {
  userId: number;
  accountId: number;
  role: Role;
  /** The user's row as read when the request was authenticated. */
  user: UserRow;
}

/** Sees every user's entries, not only their own. */
export const seesAllEntries = (actor: Actor) => actor.role === 'owner' || actor.role === 'supervisor' || actor.role === 'leader';

/** Creates and changes entries of other users. */
export const changesOthersEntries = (actor: Actor) => actor.role === 'owner' || actor.role === 'supervisor';

/** Creates, changes, archives and deletes projects and tags directly. */
export const managesProjects = (actor: Actor) => actor.role === 'owner' || actor.role === 'supervisor' || actor.role === 'leader';
