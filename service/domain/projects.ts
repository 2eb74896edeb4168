// Projects of an account and the sums the full Project form reports, computed from entries.
import { equalsNocase, like, nocase, idList, page, rowLock } from '../storage/dialect';
import { lockWithin, PROJECTS_OF_ACCOUNT } from '../storage/narrowLocks';
import type { Queryable } from '../storage/store';
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

export async function getProject(db: Queryable, accountId: number, id: number): Promise<ProjectRow | undefined> {
  return (await db.get('SELECT * FROM projects WHERE account_id = ? AND id = ?', accountId, id)) as
    | ProjectRow
    | undefined;
}

/**
 * The project an entry is about to be written into. On PostgreSQL read FOR KEY SHARE, the lock the
 * entry's foreign key takes anyway, taken here first: a deletion of the project racing on another
 * instance waits for the entry (then finds a record and refuses), or the entry for the deletion
 * (then finds no project: 'missing', not a foreign key error).
 */
export async function projectForEntry(db: Queryable, accountId: number, id: number): Promise<ProjectRow | undefined> {
  return (await db.get(
    `SELECT * FROM projects WHERE account_id = ? AND id = ?${rowLock(db, 'KEY SHARE')}`,
    accountId,
    id,
  )) as ProjectRow | undefined;
}

/** Locks the project's row on PostgreSQL (against entries written into it meanwhile); SQLite has one writer. */
export async function lockProjectRow(tx: Queryable, id: number): Promise<void> {
  if (tx.dialect === 'postgres') await tx.get('SELECT id FROM projects WHERE id = ? FOR UPDATE', id);
}

export async function findProjectByName(
  db: Queryable,
  accountId: number,
  name: string,
  exceptId = 0,
): Promise<ProjectRow | undefined> {
  return (await db.get(
    `SELECT * FROM projects WHERE account_id = ? AND ${equalsNocase(db.dialect, 'name')} AND id != ?`,
    accountId,
    name,
    exceptId,
  )) as ProjectRow | undefined;
}

export async function projectsByIds(db: Queryable, ids: number[]): Promise<Map<number, ProjectRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = (await db.all(
    `SELECT * FROM projects WHERE id IN ${idList(db.dialect)}`,
    jsonList(unique),
  )) as ProjectRow[];
  return new Map(rows.map((p) => [p.id, p]));
}

export async function insertProject(
  db: Queryable,
  accountId: number,
  fields: ProjectFields,
  now: string,
): Promise<ProjectRow> {
  // The account's project creations one at a time (narrowLocks.ts): the limit is a count.
  await lockWithin(db, PROJECTS_OF_ACCOUNT, accountId);
  await refuseBeyondProjectLimit(db, accountId);
  const id = (await db.get<{ id: number }>(
    `INSERT INTO projects (account_id, name, billable, billing_increment, color, project_group_id, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    accountId,
    fields.name,
    fields.billable ? 1 : 0,
    fields.billing_increment,
    fields.color,
    fields.project_group_id ?? null,
    fields.description ?? '',
    now,
    now,
  ))!.id;
  return (await getProject(db, accountId, Number(id)))!;
}

export async function updateProject(
  db: Queryable,
  id: number,
  fields: Partial<ProjectFields>,
  now: string,
): Promise<void> {
  const current = (await db.get('SELECT * FROM projects WHERE id = ?', id)) as ProjectRow;
  await db.run(
    'UPDATE projects SET name = ?, billable = ?, billing_increment = ?, color = ?, project_group_id = ?, description = ?, updated_at = ? WHERE id = ?',
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

export async function setProjectEnabled(db: Queryable, id: number, enabled: boolean, now: string): Promise<void> {
  await db.run(
    'UPDATE projects SET enabled = ?, updated_at = ? WHERE id = ? AND enabled != ?',
    enabled ? 1 : 0,
    now,
    id,
    enabled ? 1 : 0,
  );
}

/** Whether anything keeps the project from being deleted: entries or expenses (an invoice holds only those). */
export async function projectHasRecords(db: Queryable, id: number): Promise<boolean> {
  return (
    (await db.get(
      'SELECT 1 WHERE EXISTS (SELECT 1 FROM entries WHERE project_id = ?) OR EXISTS (SELECT 1 FROM expenses WHERE project_id = ?)',
      id,
      id,
    )) !== undefined
  );
}

export async function deleteProject(db: Queryable, id: number): Promise<void> {
  await db.run('DELETE FROM projects WHERE id = ?', id); // its timers go with it (ON DELETE CASCADE)
}

export async function projectStats(db: Queryable, ids: number[]): Promise<Map<number, ProjectStats>> {
  const rows = (await db.all(
    `SELECT e.project_id AS id, COUNT(*) AS entries, SUM(e.minutes) AS minutes,
       SUM(CASE WHEN billable THEN e.minutes ELSE 0 END) AS billable_minutes,
       SUM(CASE WHEN billable THEN 0 ELSE e.minutes END) AS unbillable_minutes,
       SUM(CASE WHEN e.invoiced_at IS NOT NULL THEN e.minutes ELSE 0 END) AS invoiced_minutes,
       SUM(CASE WHEN billable AND e.invoiced_at IS NULL THEN e.minutes ELSE 0 END) AS uninvoiced_minutes
     FROM (SELECT e.*, ${ENTRY_BILLABLE} AS billable FROM entries e JOIN projects p ON p.id = e.project_id
           WHERE e.project_id IN ${idList(db.dialect)}) e
     GROUP BY e.project_id`,
    jsonList(ids),
  )) as Array<ProjectStats & { id: number }>;
  return new Map(rows.map((r) => [r.id, r]));
}

/** Users who logged time on each project, by id: the participants of the full form. */
export async function projectParticipants(db: Queryable, ids: number[]): Promise<Map<number, UserRow[]>> {
  const pairs = (await db.all(
    `SELECT DISTINCT project_id, user_id FROM entries WHERE project_id IN ${idList(db.dialect)} ORDER BY user_id`,
    jsonList(ids),
  )) as Array<{ project_id: number; user_id: number }>;
  const users = await usersByIds(
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
export async function listProjects(
  db: Queryable,
  { accountId, filters, limit, offset, onlyIds = null }: ListProjectsOptions,
): Promise<{ rows: ProjectRow[]; total: number }> {
  const where = new Where().add('account_id = ?', accountId);
  if (onlyIds) where.add(`id IN ${idList(db.dialect)}`, jsonList(onlyIds));
  if (filters.name !== undefined) where.add(`${like(db.dialect, 'name')}`, likeContains(filters.name));
  if (filters.project_group_ids)
    where.add(`project_group_id IN ${idList(db.dialect)}`, jsonList(filters.project_group_ids));
  if (filters.billing_increment !== undefined) where.add('billing_increment = ?', filters.billing_increment);
  if (filters.enabled !== undefined) where.add('enabled = ?', filters.enabled ? 1 : 0);
  if (filters.billable !== undefined) where.add('billable = ?', filters.billable ? 1 : 0);
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM projects WHERE ${where}`, ...where.params)) as { n: number })
    .n;
  const { sql, params } = page(db.dialect, limit, offset);
  const rows = (await db.all(
    `SELECT * FROM projects WHERE ${where} ORDER BY ${nocase(db.dialect, 'name')}, id ${sql}`,
    ...where.params,
    ...params,
  )) as ProjectRow[];
  return { rows, total };
}
