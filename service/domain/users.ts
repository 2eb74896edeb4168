// Users of an account: the owner made with the account, and the users POST /v2/users adds.
import { equalsNocase, idList, like, page } from '../storage/dialect';
import type { UserFilters } from '../../wire/serviceTypesPeople';
import { forgetTokens } from '../auth/tokens';
import type { Queryable, Store } from '../storage/store';
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
// only writer of users, and each write drops the cache. SQLite only: there one process is the
// only writer. On PostgreSQL another instance may deactivate or delete a user at any moment, and
// knowing it would cost a round trip per request anyway (a generation counter read), which is
// what reading the row costs: so the row is read every time (service/README.md).
const cached = new WeakMap<Store, Map<number, UserRow>>();

/** The user row by id when the cache holds it (undefined: not cached), without asking the store. */
export function cachedUser(db: Queryable, id: number): UserRow | undefined {
  return cached.get(db.store)?.get(id);
}

/** The user row by id, from the cache when it was read before. */
export async function userById(db: Queryable, id: number): Promise<UserRow | undefined> {
  if (db.dialect !== 'sqlite') return db.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
  let users = cached.get(db.store);
  if (!users) cached.set(db.store, (users = new Map()));
  let user = users.get(id);
  if (!user) {
    user = await db.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
    if (user) users.set(id, user);
  }
  return user;
}

export async function getUser(db: Queryable, accountId: number, id: number): Promise<UserRow | undefined> {
  return (await db.get('SELECT * FROM users WHERE account_id = ? AND id = ?', accountId, id)) as UserRow | undefined;
}

export async function usersByIds(db: Queryable, ids: number[]): Promise<Map<number, UserRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = (await db.all(
    `SELECT * FROM users WHERE id IN ${idList(db.dialect)}`,
    JSON.stringify(unique),
  )) as UserRow[];
  return new Map(rows.map((u) => [u.id, u]));
}

export async function countUserEntries(db: Queryable, userId: number): Promise<number> {
  return ((await db.get('SELECT COUNT(*) AS n FROM entries WHERE user_id = ?', userId)) as { n: number }).n;
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

export async function updateUser(db: Queryable, id: number, changes: UserChanges, now: string): Promise<void> {
  const columns = Object.keys(changes) as Array<keyof UserChanges>;
  if (columns.length === 0) return;
  // Column names come from the fixed UserChanges keys chosen by the resource, never from input.
  const set = columns.map((c) => `${c} = ?`).join(', ');
  await db.run(`UPDATE users SET ${set}, updated_at = ? WHERE id = ?`, ...columns.map((c) => changes[c]), now, id);
  cached.delete(db.store);
}

/** Any user with this e-mail, in any account: addresses are unique across the service. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return (await db.get(`SELECT * FROM users WHERE ${equalsNocase(db.dialect, 'email')}`, email)) as UserRow | undefined;
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
export async function insertUser(db: Queryable, accountId: number, user: NewUser, now: string): Promise<UserRow> {
  const id = (await db.get<{ id: number }>(
    `INSERT INTO users (account_id, email, first_name, last_name, role, state, utc_offset, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'active', (SELECT utc_offset FROM users WHERE account_id = ? AND role = 'owner' LIMIT 1), ?, ?) RETURNING id`,
    accountId,
    user.email,
    user.first_name,
    user.last_name,
    user.role,
    accountId,
    now,
    now,
  ))!.id;
  cached.delete(db.store);
  return (await getUser(db, accountId, Number(id)))!;
}

/** Deletes the user with their tokens, timers, team places and project access (ON DELETE CASCADE). */
export async function deleteUser(db: Queryable, id: number): Promise<void> {
  await db.run('DELETE FROM users WHERE id = ?', id);
  cached.delete(db.store);
  // A deleted user's id may be given again to the next user: no cached token may still lead to it.
  forgetTokens(db);
}

export async function countEntriesOfUsers(db: Queryable, ids: number[]): Promise<Map<number, number>> {
  const counts = (await db.all(
    `SELECT user_id, COUNT(*) AS n FROM entries WHERE user_id IN ${idList(db.dialect)} GROUP BY user_id`,
    jsonList(ids),
  )) as Array<{
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
export async function listUsers(
  db: Queryable,
  { accountId, filters, scope, limit, offset }: ListUsersOptions,
): Promise<{ rows: UserRow[]; total: number }> {
  const w = new Where().add('u.account_id = ?', accountId);
  if (scope.onlyIds) w.add(`u.id IN ${idList(db.dialect)}`, jsonList(scope.onlyIds));
  if (scope.teamId !== undefined) w.add('u.id IN (SELECT user_id FROM team_users WHERE team_id = ?)', scope.teamId);
  if (filters.name !== undefined)
    w.add(
      like(db.dialect, "(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, ''))"),
      likeContains(filters.name),
    );
  if (filters.email !== undefined) w.add(`${like(db.dialect, 'u.email')}`, likeContains(filters.email));
  if (filters.role !== undefined) w.add('u.role = ?', filters.role);
  if (filters.state !== undefined) w.add('u.state = ?', filters.state);
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM users u WHERE ${w}`, ...w.params)) as { n: number }).n;
  const { sql, params } = page(db.dialect, limit, offset);
  const list = (await db.all(
    `SELECT u.* FROM users u WHERE ${w} ORDER BY u.id ${sql}`,
    ...w.params,
    ...params,
  )) as UserRow[];
  return { rows: list, total };
}

/** The ids that name no user of the account. */
export async function unknownUserIds(db: Queryable, accountId: number, ids: number[]): Promise<number[]> {
  const known = new Set(
    await db.column<number>(
      `SELECT id FROM users WHERE account_id = ? AND id IN ${idList(db.dialect)}`,
      accountId,
      jsonList(ids),
    ),
  );
  return ids.filter((id) => !known.has(id));
}
