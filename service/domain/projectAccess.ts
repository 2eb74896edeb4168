// Which projects a user was given access to (PUT /v2/users/:id/give_access_to_projects and the
// revoke actions). Only contractors are held to it (GAPS.md "Roles"): they see and log time only
// in these projects.
import { column, sql, type Db } from '../storage/db';
import { jsonList } from './sqlText';

export function accessibleProjectIds(db: Db, userId: number): number[] {
  return column<number>(db, 'SELECT project_id FROM project_access WHERE user_id = ? ORDER BY project_id').all(userId);
}

export function hasProjectAccess(db: Db, userId: number, projectId: number): boolean {
  return (
    sql(db, 'SELECT 1 FROM project_access WHERE user_id = ? AND project_id = ?').get(userId, projectId) !== undefined
  );
}

/** Projects already given are skipped. */
export function giveProjectAccess(db: Db, userId: number, projectIds: number[], now: string): void {
  sql(
    db,
    'INSERT OR IGNORE INTO project_access (user_id, project_id, created_at) SELECT ?, value, ? FROM json_each(?)',
  ).run(userId, now, jsonList(projectIds));
}

/** Projects not given are skipped. */
export function revokeProjectAccess(db: Db, userId: number, projectIds: number[]): void {
  sql(db, 'DELETE FROM project_access WHERE user_id = ? AND project_id IN (SELECT value FROM json_each(?))').run(
    userId,
    jsonList(projectIds),
  );
}

export function revokeAllProjectAccess(db: Db, userId: number): void {
  sql(db, 'DELETE FROM project_access WHERE user_id = ?').run(userId);
}

/** The ids that name no project of the account. */
export function unknownProjectIds(db: Db, accountId: number, ids: number[]): number[] {
  const known = new Set(
    column<number>(db, 'SELECT id FROM projects WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))').all(
      accountId,
      jsonList(ids),
    ),
  );
  return ids.filter((id) => !known.has(id));
}
