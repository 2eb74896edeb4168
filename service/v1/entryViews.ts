// Entries to v1's Entry shape, a page at a time: users, projects and tags read once per page.
import type { EntryRow } from '../domain/entries';
import { projectsByIds } from '../domain/projects';
import { tagsOfEntries } from '../domain/tags';
import { usersByIds } from '../domain/users';
import type { Queryable } from '../storage/store';
import { entryView } from './views';

export async function entryViews(db: Queryable, rows: EntryRow[]) {
  const users = await usersByIds(
    db,
    rows.map((e) => e.user_id),
  );
  const projects = await projectsByIds(
    db,
    rows.flatMap((e) => (e.project_id === null ? [] : [e.project_id])),
  );
  const tags = await tagsOfEntries(
    db,
    rows.map((e) => e.id),
  );
  return rows.map((e) =>
    entryView(
      e,
      users.get(e.user_id)!,
      e.project_id === null ? null : projects.get(e.project_id)!,
      tags.get(e.id) ?? [],
    ),
  );
}
