// What the full Project form shows from outside the projects table: its group (GroupRef), the
// number of its expenses, and the invoices holding its entries or expenses (newest first). One
// query per kind for a whole page.
import { countExpensesByProject } from '../domain/expenses';
import { invoicesOfProjects } from '../domain/invoices';
import { projectGroupsByIds } from '../domain/projectGroups';
import type { ProjectRow } from '../domain/projects';
import { paths } from '../http/links';
import { invoiceRef } from '../views/money';
import type { Queryable } from '../storage/store';
import type { ProjectExtras } from '../views/tracking';

export async function projectExtras(
  db: Queryable,
  base: string,
  rows: ProjectRow[],
): Promise<Map<number, ProjectExtras>> {
  const ids = rows.map((p) => p.id);
  const groups = await projectGroupsByIds(
    db,
    rows.flatMap((p) => (p.project_group_id === null ? [] : [p.project_group_id])),
  );
  const expenses = await countExpensesByProject(db, ids);
  const invoices = await invoicesOfProjects(db, ids);
  const extras = new Map<number, ProjectExtras>();
  for (const p of rows) {
    const group = p.project_group_id === null ? undefined : groups.get(p.project_group_id);
    extras.set(p.id, {
      group: group ? { id: group.id, name: group.name, url: base + paths.projectGroup(group.id) } : null,
      expenses: expenses.get(p.id) ?? 0,
      invoices: (invoices.get(p.id) ?? []).map((i) => invoiceRef(base, i)),
    });
  }
  return extras;
}
