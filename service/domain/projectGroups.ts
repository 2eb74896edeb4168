// Project groups (spec 001 "Project groups"): a named set of projects; a project is in at most
// one group (projects.project_group_id). Decided: group names need not be unique, since nothing
// looks a group up by name.
import { idList, like, nocase, rowLock } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import type { ProjectRow } from './projects';
import { jsonList, likeContains, Where } from './sqlText';

export interface ProjectGroupRow {
  id: number;
  account_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface ProjectGroupFilters {
  name?: string;
  /** Groups holding any of these projects. */
  project_ids?: number[];
}

export async function getProjectGroup(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<ProjectGroupRow | undefined> {
  return (await db.get('SELECT * FROM project_groups WHERE account_id = ? AND id = ?', accountId, id)) as
    | ProjectGroupRow
    | undefined;
}

export async function projectGroupsByIds(db: Queryable, ids: number[]): Promise<Map<number, ProjectGroupRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = (await db.all(
    `SELECT * FROM project_groups WHERE id IN ${idList(db.dialect)}`,
    jsonList(unique),
  )) as ProjectGroupRow[];
  return new Map(rows.map((g) => [g.id, g]));
}

export interface ListProjectGroupsOptions {
  accountId: number;
  filters: ProjectGroupFilters;
  limit: number;
  offset: number;
}

export async function listProjectGroups(
  db: Queryable,
  { accountId, filters, limit, offset }: ListProjectGroupsOptions,
): Promise<{ rows: ProjectGroupRow[]; total: number }> {
  const where = new Where().add('g.account_id = ?', accountId);
  if (filters.name !== undefined) where.add(`${like(db.dialect, 'g.name')}`, likeContains(filters.name));
  if (filters.project_ids) {
    where.add(
      `EXISTS (SELECT 1 FROM projects p WHERE p.project_group_id = g.id AND p.id IN ${idList(db.dialect)})`,
      jsonList(filters.project_ids),
    );
  }
  const total = (
    (await db.get(`SELECT COUNT(*) AS n FROM project_groups g WHERE ${where}`, ...where.params)) as { n: number }
  ).n;
  const rows = (await db.all(
    `SELECT g.* FROM project_groups g WHERE ${where} ORDER BY ${nocase(db.dialect, 'g.name')}, g.id LIMIT ? OFFSET ?`,
    ...where.params,
    limit,
    offset,
  )) as ProjectGroupRow[];
  return { rows, total };
}

/** The projects of each group, by name: the `projects` of the group shape. */
export async function projectsOfGroups(db: Queryable, groupIds: number[]): Promise<Map<number, ProjectRow[]>> {
  const byGroup = new Map<number, ProjectRow[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = (await db.all(
    `SELECT * FROM projects WHERE project_group_id IN ${idList(db.dialect)} ORDER BY ${nocase(db.dialect, 'name')}, id`,
    jsonList(groupIds),
  )) as ProjectRow[];
  for (const p of rows) {
    const list = byGroup.get(p.project_group_id!) ?? [];
    list.push(p);
    byGroup.set(p.project_group_id!, list);
  }
  return byGroup;
}

/**
 * The group a write is about to change, read again inside its transaction (locked on PostgreSQL):
 * changes of one group racing on other instances go one at a time, so projects added while the
 * group is deleted are either ungrouped by the deletion or refused after it (projects'
 * project_group_id has no foreign key to hold them). Undefined when the group is gone.
 */
export async function groupForChange(
  tx: Queryable,
  accountId: number,
  id: number,
): Promise<ProjectGroupRow | undefined> {
  return (await tx.get(`SELECT * FROM project_groups WHERE account_id = ? AND id = ?${rowLock(tx)}`, accountId, id)) as
    | ProjectGroupRow
    | undefined;
}

export async function insertProjectGroup(db: Queryable, accountId: number, name: string, now: string): Promise<number> {
  return Number(
    (await db.get<{ id: number }>(
      'INSERT INTO project_groups (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
      accountId,
      name,
      now,
      now,
    ))!.id,
  );
}

export async function renameProjectGroup(db: Queryable, id: number, name: string, now: string): Promise<void> {
  await db.run('UPDATE project_groups SET name = ?, updated_at = ? WHERE id = ?', name, now, id);
}

export async function touchProjectGroup(db: Queryable, id: number, now: string): Promise<void> {
  await db.run('UPDATE project_groups SET updated_at = ? WHERE id = ?', now, id);
}

export interface GroupProjectsOptions {
  accountId: number;
  groupId: number;
  projectIds: number[];
  alsoGrouped: boolean;
  now: string;
}

/**
 * Puts projects of the account into the group. `alsoGrouped`: whether projects already in
 * another group move here (POST reassigns them) or stay where they are (add_projects ignores
 * them). Answers how many projects changed group.
 */
export async function groupProjects(
  db: Queryable,
  { accountId, groupId, projectIds, alsoGrouped, now }: GroupProjectsOptions,
): Promise<number> {
  if (projectIds.length === 0) return 0;
  return (
    await db.run(
      `UPDATE projects SET project_group_id = ?, updated_at = ?
     WHERE account_id = ? AND id IN ${idList(db.dialect)}
       AND (project_group_id IS NULL OR (? AND project_group_id != ?))`,
      groupId,
      now,
      accountId,
      jsonList(projectIds),
      alsoGrouped ? 1 : 0,
      groupId,
    )
  ).changes;
}

/** Takes projects out of the group; `projectIds` null = all of them. Others are left alone. */
export async function ungroupProjects(
  db: Queryable,
  groupId: number,
  projectIds: number[] | null,
  now: string,
): Promise<number> {
  if (projectIds === null)
    return (
      await db.run(
        'UPDATE projects SET project_group_id = NULL, updated_at = ? WHERE project_group_id = ?',
        now,
        groupId,
      )
    ).changes;
  if (projectIds.length === 0) return 0;
  return (
    await db.run(
      `UPDATE projects SET project_group_id = NULL, updated_at = ? WHERE project_group_id = ? AND id IN ${idList(db.dialect)}`,
      now,
      groupId,
      jsonList(projectIds),
    )
  ).changes;
}

/** Deletes the group; its projects are kept, ungrouped (spec 001). */
export async function deleteProjectGroup(db: Queryable, id: number, now: string): Promise<void> {
  await ungroupProjects(db, id, null, now);
  await db.run('DELETE FROM project_groups WHERE id = ?', id);
}
