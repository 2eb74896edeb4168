// Project groups (spec 001 "Project groups"): a named set of projects; a project is in at most
// one group (projects.project_group_id). Decided: group names need not be unique, since nothing
// looks a group up by name.
import { sql, type Db } from '../storage/db';
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

export function getProjectGroup(db: Db, accountId: number, id: number): ProjectGroupRow | undefined {
  return sql(db, 'SELECT * FROM project_groups WHERE account_id = ? AND id = ?').get(accountId, id) as
    | ProjectGroupRow
    | undefined;
}

export function projectGroupsByIds(db: Db, ids: number[]): Map<number, ProjectGroupRow> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = sql(db, 'SELECT * FROM project_groups WHERE id IN (SELECT value FROM json_each(?))').all(
    jsonList(unique),
  ) as ProjectGroupRow[];
  return new Map(rows.map((g) => [g.id, g]));
}

export interface ListProjectGroupsOptions {
  accountId: number;
  filters: ProjectGroupFilters;
  limit: number;
  offset: number;
}

export function listProjectGroups(
  db: Db,
  { accountId, filters, limit, offset }: ListProjectGroupsOptions,
): { rows: ProjectGroupRow[]; total: number } {
  const where = new Where().add('g.account_id = ?', accountId);
  if (filters.name !== undefined) where.add(`g.name LIKE ? ESCAPE '\\'`, likeContains(filters.name));
  if (filters.project_ids) {
    where.add(
      'EXISTS (SELECT 1 FROM projects p WHERE p.project_group_id = g.id AND p.id IN (SELECT value FROM json_each(?)))',
      jsonList(filters.project_ids),
    );
  }
  const total = (
    sql(db, `SELECT COUNT(*) AS n FROM project_groups g WHERE ${where}`).get(...where.params) as { n: number }
  ).n;
  const rows = sql(
    db,
    `SELECT g.* FROM project_groups g WHERE ${where} ORDER BY g.name COLLATE NOCASE, g.id LIMIT ? OFFSET ?`,
  ).all(...where.params, limit, offset) as ProjectGroupRow[];
  return { rows, total };
}

/** The projects of each group, by name: the `projects` of the group shape. */
export function projectsOfGroups(db: Db, groupIds: number[]): Map<number, ProjectRow[]> {
  const byGroup = new Map<number, ProjectRow[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = sql(
    db,
    'SELECT * FROM projects WHERE project_group_id IN (SELECT value FROM json_each(?)) ORDER BY name COLLATE NOCASE, id',
  ).all(jsonList(groupIds)) as ProjectRow[];
  for (const p of rows) {
    const list = byGroup.get(p.project_group_id!) ?? [];
    list.push(p);
    byGroup.set(p.project_group_id!, list);
  }
  return byGroup;
}

export function insertProjectGroup(db: Db, accountId: number, name: string, now: string): number {
  return Number(
    sql(db, 'INSERT INTO project_groups (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
      accountId,
      name,
      now,
      now,
    ).lastInsertRowid,
  );
}

export function renameProjectGroup(db: Db, id: number, name: string, now: string): void {
  sql(db, 'UPDATE project_groups SET name = ?, updated_at = ? WHERE id = ?').run(name, now, id);
}

export function touchProjectGroup(db: Db, id: number, now: string): void {
  sql(db, 'UPDATE project_groups SET updated_at = ? WHERE id = ?').run(now, id);
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
export function groupProjects(
  db: Db,
  { accountId, groupId, projectIds, alsoGrouped, now }: GroupProjectsOptions,
): number {
  if (projectIds.length === 0) return 0;
  return sql(
    db,
    `UPDATE projects SET project_group_id = ?, updated_at = ?
     WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))
       AND (project_group_id IS NULL OR (? AND project_group_id != ?))`,
  ).run(groupId, now, accountId, jsonList(projectIds), alsoGrouped ? 1 : 0, groupId).changes;
}

/** Takes projects out of the group; `projectIds` null = all of them. Others are left alone. */
export function ungroupProjects(db: Db, groupId: number, projectIds: number[] | null, now: string): number {
  if (projectIds === null)
    return sql(db, 'UPDATE projects SET project_group_id = NULL, updated_at = ? WHERE project_group_id = ?').run(
      now,
      groupId,
    ).changes;
  if (projectIds.length === 0) return 0;
  return sql(
    db,
    'UPDATE projects SET project_group_id = NULL, updated_at = ? WHERE project_group_id = ? AND id IN (SELECT value FROM json_each(?))',
  ).run(now, groupId, jsonList(projectIds)).changes;
}

/** Deletes the group; its projects are kept, ungrouped (spec 001). */
export function deleteProjectGroup(db: Db, id: number, now: string): void {
  ungroupProjects(db, id, null, now);
  sql(db, 'DELETE FROM project_groups WHERE id = ?').run(id);
}
