// What the full Project form shows from outside the projects table: its group (GroupRef), and
// the expenses and invoices counted or listed there. One query per kind for a whole page.
import { projectGroupsByIds } from '../domain/projectGroups';
import type { ProjectRow } from '../domain/projects';
import { paths } from '../http/links';
import type { Db } from '../storage/db';
import type { ProjectExtras } from '../views';

export function projectExtras(db: Db, base: string, rows: ProjectRow[]): Map<number, ProjectExtras> {
  const groups = projectGroupsByIds(
    db,
    rows.flatMap((p) => (p.project_group_id === null ? [] : [p.project_group_id])),
  );
  const extras = new Map<number, ProjectExtras>();
  for (const p of rows) {
    const group = p.project_group_id === null ? undefined : groups.get(p.project_group_id);
    extras.set(p.id, { group: group ? { id: group.id, name: group.name, url: base + paths.projectGroup(group.id) } : null });
  }
  return extras;
}
