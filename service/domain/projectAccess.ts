// Which projects a user was given access to (PUT /v2/users/:id/give_access_to_projects and the
// revoke actions). Only contractors are held to it (GAPS.md "Roles"): they see and log time only
// in these projects.
import { idList } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import { jsonList } from './sqlText';

export async function accessibleProjectIds(db: Queryable, userId: number): Promise<number[]> {
  return await db.column<number>('SELECT project_id FROM project_access WHERE user_id = ? ORDER BY project_id', userId);
}

export async function hasProjectAccess(db: Queryable, userId: number, projectId: number): Promise<boolean> {
  return (
    (await db.get('SELECT 1 FROM project_access WHERE user_id = ? AND project_id = ?', userId, projectId)) !== undefined
  );
}

/** Projects already given are skipped. */
export async function giveProjectAccess(
  db: Queryable,
  userId: number,
  projectIds: number[],
  now: string,
): Promise<void> {
  await db.run(
    `INSERT INTO project_access (user_id, project_id, created_at) SELECT ?, value, ? FROM ${idList(db.dialect)} AS ids WHERE TRUE ON CONFLICT DO NOTHING`,
    userId,
    now,
    jsonList(projectIds),
  );
}

/** Projects not given are skipped. */
export async function revokeProjectAccess(db: Queryable, userId: number, projectIds: number[]): Promise<void> {
  await db.run(
    `DELETE FROM project_access WHERE user_id = ? AND project_id IN ${idList(db.dialect)}`,
    userId,
    jsonList(projectIds),
  );
}

export async function revokeAllProjectAccess(db: Queryable, userId: number): Promise<void> {
  await db.run('DELETE FROM project_access WHERE user_id = ?', userId);
}

/** The ids that name no project of the account. */
export async function unknownProjectIds(db: Queryable, accountId: number, ids: number[]): Promise<number[]> {
  const known = new Set(
    await db.column<number>(
      `SELECT id FROM projects WHERE account_id = ? AND id IN ${idList(db.dialect)}`,
      accountId,
      jsonList(ids),
    ),
  );
  return ids.filter((id) => !known.has(id));
}
