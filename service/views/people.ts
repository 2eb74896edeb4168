// Users and teams to the wire shapes of wire/serviceTypesPeople.ts. `base` is the scheme and
// host the client used; every _url is absolute (spec 000 conventions 7).
import type { Team, TeamRef, User, UserRole, UserState } from '../../wire/serviceTypesPeople';
import type { TeamRow } from '../domain/teams';
import type { UserRow } from '../domain/users';
import { paths } from '../http/links';
import { userRef } from './tracking';

const teamPath = (id: number) => `/v2/teams/${id}`;

export interface UserCounts {
  entries: number;
  expenses: number;
}

export function teamRef(base: string, t: TeamRow): TeamRef {
  return { id: t.id, name: t.name, url: base + teamPath(t.id) };
}

export function user(base: string, u: UserRow, teams: TeamRow[], counts: UserCounts): User {
  const url = base + paths.user(u.id);
  // Both spellings of the access links (spec 001 singular, real responses plural: GAPS.md), the same values.
  const give = `${url}/give_access_to_projects`;
  const revoke = `${url}/revoke_access_to_projects`;
  return {
    ...userRef(base, u),
    state: u.state as UserState,
    role: u.role as UserRole,
    teams: teams.map((t) => teamRef(base, t)),
    entries: counts.entries,
    entries_url: `${url}/entries`,
    expenses: counts.expenses,
    expenses_url: `${url}/expenses`,
    give_access_to_project_url: give,
    give_access_to_projects_url: give,
    revoke_access_to_project_url: revoke,
    revoke_access_to_projects_url: revoke,
    revoke_access_to_all_projects_url: `${url}/revoke_access_to_all_projects`,
    activate_url: `${url}/activate`,
    deactivate_url: `${url}/deactivate`,
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}

export function team(base: string, t: TeamRow, users: UserRow[]): Team {
  const url = base + teamPath(t.id);
  return {
    id: t.id,
    name: t.name,
    users: users.map((u) => userRef(base, u)),
    url,
    entries_url: `${url}/entries`,
    users_url: `${url}/users`,
    add_users_url: `${url}/add_users`,
    remove_users_url: `${url}/remove_users`,
    remove_all_users_url: `${url}/remove_all_users`,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

export { teamPath };
