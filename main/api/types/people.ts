// Users and teams (GAPS.md "Projects and users", spec 001 "Teams").
import type { Entry } from '../../../wire/serviceTypes';
import type { Expense } from '../../../wire/serviceTypesMoney';
import type {
  Team,
  TeamFilters as SpecTeamFilters,
  User,
  UserFilters as SpecUserFilters,
  UserRole,
} from '../../../wire/serviceTypesPeople';
import type { EntryFilters, ExpenseFilters, Paged } from './lists';

export type UserFilters = Paged<SpecUserFilters>;
export type TeamFilters = Paged<SpecTeamFilters>;

export interface UserInput {
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  /** default leader; the owner's role is not for giving */
  role?: Exclude<UserRole, 'owner'>;
}

export interface UserCalls {
  listUsers(filters?: UserFilters): AsyncIterable<User>;
  getUser(id: number): Promise<User>;
  createUser(input: UserInput): Promise<User>;
  updateUser(id: number, input: Partial<UserInput>): Promise<User>;
  activateUser(id: number): Promise<void>;
  deactivateUser(id: number): Promise<void>;
  giveAccessToProjects(userId: number, projectIds: number[]): Promise<void>;
  revokeAccessToProjects(userId: number, projectIds: number[]): Promise<void>;
  revokeAccessToAllProjects(userId: number): Promise<void>;
  listUserEntries(id: number, filters?: EntryFilters): AsyncIterable<Entry>;
  listUserExpenses(id: number, filters?: ExpenseFilters): AsyncIterable<Expense>;
}

export interface TeamCalls {
  listTeams(filters?: TeamFilters): AsyncIterable<Team>;
  getTeam(id: number): Promise<Team>;
  createTeam(input: { name: string; user_ids: number[] }): Promise<Team>;
  updateTeam(id: number, input: { name?: string }): Promise<Team>;
  deleteTeam(id: number): Promise<void>;
  listTeamEntries(id: number, filters?: EntryFilters): AsyncIterable<Entry>;
  listTeamUsers(id: number, filters?: UserFilters): AsyncIterable<User>;
  /** Answers every user of the team after the change. */
  addUsersToTeam(id: number, userIds: number[]): Promise<User[]>;
  removeUsersFromTeam(id: number, userIds: number[]): Promise<void>;
  removeAllUsersFromTeam(id: number): Promise<void>;
}
