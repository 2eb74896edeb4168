// Users of an account. This step has only the owner; the rows already carry what roles need.
import { rows, sql, type Db } from '../storage/db';

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
  const rows = sql(db, 'SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(unique)) as UserRow[];
  return new Map(rows.map((u) => [u.id, u]));
}

export function countUserEntries(db: Db, userId: number): number {
  return (sql(db, 'SELECT COUNT(*) AS n FROM entries WHERE user_id = ?').get(userId) as { n: number }).n;
}

export type UserChanges = Partial<
  Pick<UserRow, 'first_name' | 'last_name' | 'time_format' | 'week_start' | 'send_personal_weekly_report_email' | 'send_team_weekly_report_email'>
>;

export function updateUser(db: Db, id: number, changes: UserChanges, now: string): void {
  const columns = Object.keys(changes) as Array<keyof UserChanges>;
  if (columns.length === 0) return;
  // Column names come from the fixed UserChanges keys chosen by the resource, never from input.
  const set = columns.map((c) => `${c} = @${c}`).join(', ');
  sql(db, `UPDATE users SET ${set}, updated_at = @now WHERE id = @id`).run({ ...changes, now, id });
  cached.delete(db);
}
