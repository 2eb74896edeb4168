// Users of an account: the owner made with the account, and the users POST /v2/users adds.
import type { UserFilters } from '../../wire/serviceTypesPeople';
import { forgetTokens } from '../auth/tokens';
import { column, rows, sql, type Db } from '../storage/db';
import { jsonList, likeContains, Where } from './sqlText';

export interface UserRow {
  id: number;
  account_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  role: string;
  state: string;
  time_format: 'fraction' | 'hours_minutes';
  week_start: 'sunday' | 'monday';
  utc_offset: number;
  send_personal_weekly_report_email: number;
  send_team_weekly_report_email: number;
  created_at: string;
  updated_at: string;
}

// Rows of users read per request (authentication reads one on every call). This module is the
// only writer of users, and each write drops the cache.
const cached = new WeakMap<Db, Map<number, UserRow>>();

/** The user row by id, from the cache when it was read before. */
export function userById(db: Db, id: number): UserRow | undefined {
  let users = cached.get(db);
  if (!users) cached.set(db, (users = new Map()));
  let user = users.get(id);
  if (!user) {
    user = rows<UserRow>(db, 'SELECT * FROM users WHERE id = ?').get(id);
    if (user) users.set(id, user);
  }
  return user;
}

export function getUser(db: Db, accountId: number, id: number): UserRow | undefined {
  return sql(db, 'SELECT * FROM users WHERE account_id = ? AND id = ?').get(accountId, id) as UserRow | undefined;
}

export function usersByIds(db: Db, ids: number[]): Map<number, UserRow> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = sql(db, 'SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?))').all(
    JSON.stringify(unique),
  ) as UserRow[];
  return new Map(rows.map((u) => [u.id, u]));
}

export function countUserEntries(db: Db, userId: number): number {
  return (sql(db, 'SELECT COUNT(*) AS n FROM entries WHERE user_id = ?').get(userId) as { n: number }).n;
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'first_name'
    | 'last_name'
    | 'role'
    | 'state'
    | 'time_format'
    | 'week_start'
    | 'send_personal_weekly_report_email'
    | 'send_team_weekly_report_email'
  >
>;

export function updateUser(db: Db, id: number, changes: UserChanges, now: string): void {
  const columns = Object.keys(changes) as Array<keyof UserChanges>;
  if (columns.length === 0) return;
  // Column names come from the fixed UserChanges keys chosen by the resource, never from input.
  const set = columns.map((c) => `${c} = @${c}`).join(', ');
  sql(db, `UPDATE users SET ${set}, updated_at = @now WHERE id = @id`).run({ ...changes, now, id });
  cached.delete(db);
}

/** Any user with this e-mail, in any account: addresses are unique across the service. */
export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return sql(db, 'SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
}

export interface NewUser {
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
}

/**
 * Adds a user to the account. Decided: active at once. The real service invites by e-mail and
 * shows the user pending until they accept; the local service sends no mail, so there is nothing
 * to accept. The new user works the owner's hours (utc_offset) until they change it.
 */
export function insertUser(db: Db, accountId: number, user: NewUser, now: string): UserRow {
  const id = sql(
    db,
    `INSERT INTO users (account_id, email, first_name, last_name, role, state, utc_offset, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'active', (SELECT utc_offset FROM users WHERE account_id = ? AND role = 'owner' LIMIT 1), ?, ?)`,
  ).run(accountId, user.email, user.first_name, user.last_name, user.role, accountId, now, now).lastInsertRowid;
  cached.delete(db);
  return getUser(db, accountId, Number(id))!;
}

/** Deletes the user with their tokens, timers, team places and project access (ON DELETE CASCADE). */
export function deleteUser(db: Db, id: number): void {
  sql(db, 'DELETE FROM users WHERE id = ?').run(id);
  cached.delete(db);
  // A deleted user's id may be given again to the next user: no cached token may still lead to it.
  forgetTokens(db);
}

export function countEntriesOfUsers(db: Db, ids: number[]): Map<number, number> {
  const counts = sql(
    db,
    'SELECT user_id, COUNT(*) AS n FROM entries WHERE user_id IN (SELECT value FROM json_each(?)) GROUP BY user_id',
  ).all(jsonList(ids)) as Array<{
    user_id: number;
    n: number;
  }>;
  return new Map(counts.map((c) => [c.user_id, c.n]));
}

export interface UserScope {
  /** Only these users (contractors see only themselves); null = all of the account. */
  onlyIds?: number[] | null;
  /** Only members of this team. */
  teamId?: number;
}

export interface ListUsersOptions {
  accountId: number;
  filters: UserFilters;
  scope: UserScope;
  limit: number;
  offset: number;
}

/** The filters of GET /v2/users (GAPS.md), combined; oldest user first, so the owner leads. */
export function listUsers(
  db: Db,
  { accountId, filters, scope, limit, offset }: ListUsersOptions,
): { rows: UserRow[]; total: number } {
  const w = new Where().add('u.account_id = ?', accountId);
  if (scope.onlyIds) w.add('u.id IN (SELECT value FROM json_each(?))', jsonList(scope.onlyIds));
  if (scope.teamId !== undefined) w.add('u.id IN (SELECT user_id FROM team_users WHERE team_id = ?)', scope.teamId);
  if (filters.name !== undefined)
    w.add(
      `(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')) LIKE ? ESCAPE '\\'`,
      likeContains(filters.name),
    );
  if (filters.email !== undefined) w.add(`u.email LIKE ? ESCAPE '\\'`, likeContains(filters.email));
  if (filters.role !== undefined) w.add('u.role = ?', filters.role);
  if (filters.state !== undefined) w.add('u.state = ?', filters.state);
  const total = (sql(db, `SELECT COUNT(*) AS n FROM users u WHERE ${w}`).get(...w.params) as { n: number }).n;
  const list = sql(db, `SELECT u.* FROM users u WHERE ${w} ORDER BY u.id LIMIT ? OFFSET ?`).all(
    ...w.params,
    limit,
    offset,
  ) as UserRow[];
  return { rows: list, total };
}

/** The ids that name no user of the account. */
export function unknownUserIds(db: Db, accountId: number, ids: number[]): number[] {
  const known = new Set(
    column<number>(db, 'SELECT id FROM users WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))').all(
      accountId,
      jsonList(ids),
    ),
  );
  return ids.filter((id) => !known.has(id));
}
