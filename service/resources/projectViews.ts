// A project as the viewer sees it on the wire (spec 003): its totals, its participants (only the
// users the viewer sees) and its extras. The routes that answer projects (projects.ts, the list in
// projectList.ts, project groups) all build them here.
import type { Project } from '../../wire/serviceTypes';
import { seesUser, type Actor } from '../auth/permissions';
import { projectParticipants, projectStats, type ProjectRow } from '../domain/projects';
import type { UserRow } from '../domain/users';
import type { Queryable } from '../storage/store';
import * as view from '../views/tracking';
import { projectExtras } from './projectExtras';

/** Full projects as `viewer` may see them: participants are only the users the viewer sees (a contractor, only itself). */
export async function projectViews(db: Queryable, base: string, rows: ProjectRow[], viewer: Actor): Promise<Project[]> {
  const ids = rows.map((p) => p.id);
  const stats = await projectStats(db, ids);
  const participants = await projectParticipants(db, ids);
  const extras = await projectExtras(db, base, rows);
  const visible = (users: UserRow[] | undefined) => users?.filter((u) => seesUser(viewer, u.id));
  return rows.map((p) =>
    view.project(base, p, {
      stats: stats.get(p.id),
      participants: visible(participants.get(p.id)),
      extras: extras.get(p.id),
    }),
  );
}
