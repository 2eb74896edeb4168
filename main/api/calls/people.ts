// Users and teams (GAPS.md "Projects and users", spec 001 "Teams").
import type { Entry } from '../../../wire/serviceTypes';
import type { Expense } from '../../../wire/serviceTypesMoney';
import type { Team, User } from '../../../wire/serviceTypesPeople';
import type { TeamCalls, UserCalls } from '../types/people';
import { id, SAFE, type Requester } from './requester';

export function userCalls(r: Requester): UserCalls {
  const user = (userId: number, action = '') => `/v2/users/${id(userId)}${action}`;
  return {
    listUsers: (filters) => r.list<User>('/v2/users', filters),
    getUser: async (userId) => r.get<User>(user(userId)),
    createUser: async (input) => r.create<User>('/v2/users', input),
    updateUser: async (userId, input) => r.put<User>(user(userId), input, SAFE),
    activateUser: async (userId) => r.act(user(userId, '/activate'), undefined, SAFE),
    deactivateUser: async (userId) => r.act(user(userId, '/deactivate'), undefined, SAFE),
    giveAccessToProjects: async (userId, ids) =>
      r.act(user(userId, '/give_access_to_projects'), { project_ids: ids }, SAFE),
    revokeAccessToProjects: async (userId, ids) =>
      r.act(user(userId, '/revoke_access_to_projects'), { project_ids: ids }, SAFE),
    revokeAccessToAllProjects: async (userId) => r.act(user(userId, '/revoke_access_to_all_projects'), undefined, SAFE),
    listUserEntries: (userId, filters) => r.list<Entry>(user(userId, '/entries'), filters),
    listUserExpenses: (userId, filters) => r.list<Expense>(user(userId, '/expenses'), filters),
  };
}

// Spec 001 writes these paths without /v2 and with trailing slashes; the service's links name
// them under /v2, without.
export function teamCalls(r: Requester): TeamCalls {
  const team = (teamId: number, action = '') => `/v2/teams/${id(teamId)}${action}`;
  return {
    listTeams: (filters) => r.list<Team>('/v2/teams', filters),
    getTeam: async (teamId) => r.get<Team>(team(teamId)),
    createTeam: async (input) => r.create<Team>('/v2/teams', input),
    updateTeam: async (teamId, input) => r.put<Team>(team(teamId), input, SAFE),
    deleteTeam: async (teamId) => r.del(team(teamId)),
    listTeamEntries: (teamId, filters) => r.list<Entry>(team(teamId, '/entries'), filters),
    listTeamUsers: (teamId, filters) => r.list<User>(team(teamId, '/users'), filters),
    // A POST that creates nothing: members already there are ignored (spec 001), so a repeat is harmless.
    addUsersToTeam: async (teamId, ids) => r.post<User[]>(team(teamId, '/add_users'), { user_ids: ids }, SAFE),
    removeUsersFromTeam: async (teamId, ids) => r.act(team(teamId, '/remove_users'), { user_ids: ids }, SAFE),
    removeAllUsersFromTeam: async (teamId) => r.act(team(teamId, '/remove_all_users'), undefined, SAFE),
  };
}
