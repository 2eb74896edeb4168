// Wire shapes of the service's people resources (spec 001: User full form, Team), beside
// serviceTypes.ts so the areas built in parallel each own one file.
import type { Timestamp, UserRef } from './serviceTypes';

export type UserRole = 'owner' | 'supervisor' | 'leader' | 'coworker' | 'contractor';
export type UserState = 'disabled' | 'pending' | 'active' | 'suspended';

export const USER_STATES: readonly UserState[] = ['disabled', 'pending', 'active', 'suspended'];

export interface TeamRef {
  id: number;
  name: string;
  url: string;
}

/**
 * The full User form (spec 001 "User (full form, as returned inside teams)"). The project-access
 * links come in both spellings with the same values: the spec's give_access_to_project_url and
 * revoke_access_to_project_url, and the plural give_access_to_projects_url and
 * revoke_access_to_projects_url that real responses carry (GAPS.md) and real clients read.
 */
export interface User extends UserRef {
  state: UserState;
  role: UserRole;
  teams: TeamRef[];
  entries: number;
  entries_url: string;
  expenses: number;
  expenses_url: string;
  give_access_to_project_url: string;
  give_access_to_projects_url: string;
  revoke_access_to_project_url: string;
  revoke_access_to_projects_url: string;
  revoke_access_to_all_projects_url: string;
  activate_url: string;
  deactivate_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Team {
  id: number;
  name: string;
  users: UserRef[];
  url: string;
  entries_url: string;
  users_url: string;
  add_users_url: string;
  remove_users_url: string;
  remove_all_users_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The query filters of GET /v2/users (GAPS.md), combined; also of GET /v2/teams/:id/users. */
export interface UserFilters {
  /** contained in the first name, the last name or both written "First Last" */
  name?: string;
  /** contained in the e-mail address */
  email?: string;
  role?: UserRole;
  state?: UserState;
}

/** The query filters of GET /v2/teams (spec 001). */
export interface TeamFilters {
  /** contained text */
  name?: string;
  /** teams that have any of these users */
  user_ids?: number[];
}
