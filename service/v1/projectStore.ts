// What v1 keeps of a project that v2's domain functions do not write: its budget (migration 7,
// projects.budget_minutes) and its group named by name (spec 002 group_name).
import { insertProjectGroup, projectGroupsByIds, touchProjectGroup } from '../domain/projectGroups';
import { updateProject, type ProjectRow } from '../domain/projects';
import { sql, type Db } from '../storage/db';

export function setBudget(db: Db, projectId: number, minutes: number | null): void {
  sql(db, 'UPDATE projects SET budget_minutes = ? WHERE id = ?').run(minutes, projectId);
}

/**
 * Puts the project in the group of that name, creating it when the account has none (decided:
 * v2 group names need not be unique, so the oldest of the name is taken); null or blank takes
 * it out of its group. Both groups' updated_at change, as when v2 moves a project.
 */
export function setGroupByName(db: Db, project: ProjectRow, name: string | null, now: string): void {
  let groupId: number | null = null;
  if (name) {
    const existing = sql(
      db,
      'SELECT id FROM project_groups WHERE account_id = ? AND name = ? COLLATE NOCASE ORDER BY id LIMIT 1',
    ).get(project.account_id, name) as { id: number } | undefined;
    groupId = existing?.id ?? insertProjectGroup(db, project.account_id, name, now);
  }
  if (groupId === project.project_group_id) return;
  updateProject(db, project.id, { project_group_id: groupId }, now);
  for (const id of [project.project_group_id, groupId]) if (id !== null) touchProjectGroup(db, id, now);
}

export function groupNames(db: Db, rows: ProjectRow[]): Map<number, string> {
  const groups = projectGroupsByIds(
    db,
    rows.flatMap((p) => (p.project_group_id === null ? [] : [p.project_group_id])),
  );
  return new Map([...groups].map(([id, g]) => [id, g.name]));
}
