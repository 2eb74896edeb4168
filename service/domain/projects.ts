// Projects of an account and the sums the full Project form reports, computed from entries.
import { sql, type Db } from '../storage/db';
import { refuseBeyondProjectLimit } from './projectLimit';
import { ENTRY_BILLABLE, jsonList, likeContains, Where } from './sqlText';
import { usersByIds, type UserRow } from './users';
import type { ProjectFilters } from '../../wire/serviceTypes';

export interface ProjectRow {
  id: number;
  account_id: number;
  name: string;
  billable: number;
  billing_increment: number;
  enabled: number;
  color: string | null;
  project_group_id: number | null;
  created_at: string;
  updated_at: string;
  /** Set through v1 (budget-minutes); null = no budget. Optional: rows built by hand may leave it out. */
  budget_minutes?: number | null;
  /** Beyond spec 001 (service/README.md "Beyond the spec"); '' when none. Optional as budget_minutes. */
  description?: string;
}

export interface ProjectFields {
  name: string;
  billable: boolean;
  billing_increment: number;
  color: string | null;
  /** The group's id, or null for none; checked to name a group of the account by the caller. */
  project_group_id?: number | null;
  /** '' for none (the default). */
  description?: string;
}

export interface ProjectStats {
  entries: number;
  minutes: number;
  billable_minutes: number;
  unbillable_minutes: number;
  invoiced_minutes: number;
  /** Minutes of billable entries on no invoice (entries.invoice_id, domain/invoices.ts), beyond spec 001. */
  uninvoiced_minutes: number;
}

export function getProject(db: Db, accountId: number, id: number): ProjectRow | undefined {
  return sql(db, 'SELECT * FROM projects WHERE account_id = ? AND id = ?').get(accountId, id) as ProjectRow | undefined;
}

export function findProjectByName(db: Db, accountId: number, name: string, exceptId = 0): ProjectRow | undefined {
  return sql(db, 'SELECT * FROM projects WHERE account_id = ? AND name = ? COLLATE NOCASE AND id != ?').get(
    accountId,
    name,
    exceptId,
  ) as ProjectRow | undefined;
}

export function projectsByIds(db: Db, ids: number[]): Map<number, ProjectRow> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = sql(db, 'SELECT * FROM projects WHERE id IN (SELECT value FROM json_each(?))').all(
    jsonList(unique),
  ) as ProjectRow[];
  return new Map(rows.map((p) => [p.id, p]));
}

export function insertProject(db: Db, accountId: number, fields: ProjectFields, now: string): ProjectRow {
  refuseBeyondProjectLimit(db, accountId);
  const id = sql(
    db,
    `INSERT INTO projects (account_id, name, billable, billing_increment, color, project_group_id, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    accountId,
    fields.name,
    fields.billable ? 1 : 0,
    fields.billing_increment,
    fields.color,
    fields.project_group_id ?? null,
    fields.description ?? '',
    now,
    now,
  ).lastInsertRowid;
  return getProject(db, accountId, Number(id))!;
}

export function updateProject(db: Db, id: number, fields: Partial<ProjectFields>, now: string): void {
  const current = sql(db, 'SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow;
  sql(
    db,
    'UPDATE projects SET name = ?, billable = ?, billing_increment = ?, color = ?, project_group_id = ?, description = ?, updated_at = ? WHERE id = ?',
  ).run(
    fields.name ?? current.name,
    fields.billable === undefined ? current.billable : fields.billable ? 1 : 0,
    fields.billing_increment ?? current.billing_increment,
    fields.color === undefined ? current.color : fields.color,
    fields.project_group_id === undefined ? current.project_group_id : fields.project_group_id,
    fields.description ?? current.description ?? '',
    now,
    id,
  );
}

export function setProjectEnabled(db: Db, id: number, enabled: boolean, now: string): void {
  sql(db, 'UPDATE projects SET enabled = ?, updated_at = ? WHERE id = ? AND enabled != ?').run(
    enabled ? 1 : 0,
    now,
    id,
    enabled ? 1 : 0,
  );
}

/** Whether anything keeps the project from being deleted: entries or expenses (an invoice holds only those). */
export function projectHasRecords(db: Db, id: number): boolean {
  return (
    sql(
      db,
      'SELECT 1 WHERE EXISTS (SELECT 1 FROM entries WHERE project_id = ?) OR EXISTS (SELECT 1 FROM expenses WHERE project_id = ?)',
    ).get(id, id) !== undefined
  );
}

export function deleteProject(db: Db, id: number): void {
  sql(db, 'DELETE FROM projects WHERE id = ?').run(id); // its timers go with it (ON DELETE CASCADE)
}

export function projectStats(db: Db, ids: number[]): Map<number, ProjectStats> {
  const rows = sql(
    db,
    `SELECT e.project_id AS id, COUNT(*) AS entries, SUM(e.minutes) AS minutes,
       SUM(CASE WHEN billable THEN e.minutes ELSE 0 END) AS billable_minutes,
       SUM(CASE WHEN billable THEN 0 ELSE e.minutes END) AS unbillable_minutes,
       SUM(CASE WHEN e.invoiced_at IS NOT NULL THEN e.minutes ELSE 0 END) AS invoiced_minutes,
       SUM(CASE WHEN billable AND e.invoiced_at IS NULL THEN e.minutes ELSE 0 END) AS uninvoiced_minutes
     FROM (SELECT e.*, ${ENTRY_BILLABLE} AS billable FROM entries e JOIN projects p ON p.id = e.project_id
           WHERE e.project_id IN (SELECT value FROM json_each(?))) e
     GROUP BY e.project_id`,
  ).all(jsonList(ids)) as Array<ProjectStats & { id: number }>;
  return new Map(rows.map((r) => [r.id, r]));
}

/** Users who logged time on each project, by id: the participants of the full form. */
export function projectParticipants(db: Db, ids: number[]): Map<number, UserRow[]> {
  const pairs = sql(
    db,
    'SELECT DISTINCT project_id, user_id FROM entries WHERE project_id IN (SELECT value FROM json_each(?)) ORDER BY user_id',
  ).all(jsonList(ids)) as Array<{ project_id: number; user_id: number }>;
  const users = usersByIds(
    db,
    pairs.map((p) => p.user_id),
  );
  const byProject = new Map<number, UserRow[]>();
  for (const pair of pairs)
    byProject.set(pair.project_id, [...(byProject.get(pair.project_id) ?? []), users.get(pair.user_id)!]);
  return byProject;
}

export type { ProjectFilters };

export interface ListProjectsOptions {
  accountId: number;
  filters: ProjectFilters;
  limit: number;
  offset: number;
  onlyIds?: number[] | null;
}

/** onlyIds: the projects the caller may see (auth/permissions.ts visibleProjectIds); null = all. */
export function listProjects(
  db: Db,
  { accountId, filters, limit, offset, onlyIds = null }: ListProjectsOptions,
): { rows: ProjectRow[]; total: number } {
  const where = new Where().add('account_id = ?', accountId);
  if (onlyIds) where.add('id IN (SELECT value FROM json_each(?))', jsonList(onlyIds));
  if (filters.name !== undefined) where.add(`name LIKE ? ESCAPE '\\'`, likeContains(filters.name));
  if (filters.project_group_ids)
    where.add('project_group_id IN (SELECT value FROM json_each(?))', jsonList(filters.project_group_ids));
  if (filters.billing_increment !== undefined) where.add('billing_increment = ?', filters.billing_increment);
  if (filters.enabled !== undefined) where.add('enabled = ?', filters.enabled ? 1 : 0);
  if (filters.billable !== undefined) where.add('billable = ?', filters.billable ? 1 : 0);
  const total = (sql(db, `SELECT COUNT(*) AS n FROM projects WHERE ${where}`).get(...where.params) as { n: number }).n;
  const rows = sql(db, `SELECT * FROM projects WHERE ${where} ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`).all(
    ...where.params,
    limit,
    offset,
  ) as ProjectRow[];
  return { rows, total };
}
