// What v1 keeps of a project that v2's domain functions do not write: its budget (migration 7,
// projects.budget_minutes) and its group named by name (spec 002 group_name).
import { equalsNocase } from '../storage/dialect';
import { insertProjectGroup, projectGroupsByIds, touchProjectGroup } from '../domain/projectGroups';
import { updateProject, type ProjectRow } from '../domain/projects';
import type { Queryable } from '../storage/store';

export async function setBudget(db: Queryable, projectId: number, minutes: number | null): Promise<void> {
  await db.run('UPDATE projects SET budget_minutes = ? WHERE id = ?', minutes, projectId);
}

/**
 * Puts the project in the group of that name, creating it when the account has none (decided:
 * v2 group names need not be unique, so the oldest of the name is taken); null or blank takes
 * it out of its group. Both groups' updated_at change, as when v2 moves a project.
 */
export async function setGroupByName(
  db: Queryable,
  project: ProjectRow,
  name: string | null,
  now: string,
): Promise<void> {
  let groupId: number | null = null;
  if (name) {
    const existing = (await db.get(
      `SELECT id FROM project_groups WHERE account_id = ? AND ${equalsNocase(db.dialect, 'name')} ORDER BY id LIMIT 1`,
      project.account_id,
      name,
    )) as { id: number } | undefined;
    groupId = existing?.id ?? (await insertProjectGroup(db, project.account_id, name, now));
  }
  if (groupId === project.project_group_id) return;
  await updateProject(db, project.id, { project_group_id: groupId }, now);
  for (const id of [project.project_group_id, groupId]) if (id !== null) await touchProjectGroup(db, id, now);
}

export async function groupNames(db: Queryable, rows: ProjectRow[]): Promise<Map<number, string>> {
  const groups = await projectGroupsByIds(
    db,
    rows.flatMap((p) => (p.project_group_id === null ? [] : [p.project_group_id])),
  );
  return new Map([...groups].map(([id, g]) => [id, g.name]));
}
