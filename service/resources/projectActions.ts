// Projects beyond create/read/update (GAPS.md "Projects and users"): merge, the actions on many
// projects at once (archive, unarchive, delete), and the project's entries and expenses. In the actions on
// many, projects that do not qualify are skipped (GAPS.md) but an id that names no project
// answers 400 missing and nothing changes (service/README.md).
import { bool } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/authenticate';
import { seesProject, visibleProjectIds } from '../auth/permissions';
import { instant, type Context } from '../context';
import { lockMergedRows, mergeProjects } from '../domain/projectMerge';
import {
  deleteProject,
  getProject,
  lockProjectRow,
  projectHasRecords,
  setProjectEnabled,
  type ProjectRow,
} from '../domain/projects';
import { notFound, refused } from '../http/errors';
import { bodyOf } from '../http/fields';
import { idArray } from '../http/idArray';
import { sendEntryList, within } from './entryList';
import { sendExpenseList } from './expenseList';
import { requireKnownIds } from './knownIds';
import { mayManage, ownProject } from './projects';

const archivedRefusal = (project: ProjectRow) =>
  refused('Project', 'base', 'archived_project', `Project "${project.name}" is archived: unarchive it before merging`);

/** Which projects a bulk action applies to; the others are skipped (GAPS.md). */
const QUALIFIES = {
  // Spec 000 conventions 11: only a project with records can be archived...
  archive: async (db, p) => bool(p.enabled) && (await projectHasRecords(db, p.id)),
  unarchive: async (_db, p) => !bool(p.enabled),
  // ...and only one without them deleted.
  delete: async (db, p) => !(await projectHasRecords(db, p.id)),
} satisfies Record<string, (db: Queryable, project: ProjectRow) => Promise<boolean>>;

/** The merge's target and source read again, locked in id order; refused as the route refuses them. */
async function lockedPair(
  tx: Queryable,
  accountId: number,
  targetId: number,
  sourceId: number,
): Promise<{ target: ProjectRow; source: ProjectRow }> {
  await lockMergedRows(tx, sourceId, targetId); // before the projects: the order an entry edit takes them in
  for (const id of [targetId, sourceId].sort((a, b) => a - b)) await lockProjectRow(tx, id);
  const target = await getProject(tx, accountId, targetId);
  const source = await getProject(tx, accountId, sourceId);
  if (!target) throw notFound('Project not found');
  if (!source) throw refused('Project', 'project_id', 'missing', `Project ${sourceId} does not exist`);
  if (!target.enabled) throw archivedRefusal(target);
  if (!source.enabled) throw archivedRefusal(source);
  return { target, source };
}

export function projectActionRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  type WithId = { Params: { id: string } };

  app.put<WithId>('/v2/projects/:id/merge', async (request, reply) => {
    const actor = actorOf(request);
    const target = await ownProject(db, actor, request.params.id);
    mayManage(actor);
    const f = bodyOf(request.body, 'Project');
    const sourceId = f.id('project_id', { required: true });
    if (sourceId === target.id) f.fail('project_id'); // a project cannot swallow itself
    f.check();
    const source = await getProject(db, actor.accountId, sourceId!);
    if (!source || !(await seesProject(db, actor, source.id)))
      throw refused('Project', 'project_id', 'missing', `Project ${sourceId} does not exist`);
    if (!target.enabled) throw archivedRefusal(target);
    if (!source.enabled) throw archivedRefusal(source);
    const at = instant(context);
    await db.transaction(async (tx) => {
      // Both read again locked, in id order: a merge, deletion or archiving of either racing on
      // another instance went first, and entries being written into them have committed.
      const pair = await lockedPair(tx, actor.accountId, target.id, source.id);
      await mergeProjects(tx, { accountId: actor.accountId, ...pair, nowMs: at.ms, now: at.iso });
    });
    return reply.code(204).send();
  });

  for (const action of ['archive', 'unarchive', 'delete'] as const) {
    app.put(`/v2/projects/${action}`, async (request, reply) => {
      const actor = actorOf(request);
      mayManage(actor);
      const f = bodyOf(request.body, 'Project');
      const ids = idArray(f, request.body, 'project_ids', { required: true });
      await requireKnownIds(db, f, {
        table: 'projects',
        accountId: actor.accountId,
        ids,
        field: 'project_ids',
        visible: await visibleProjectIds(db, actor),
      });
      f.check();
      await db.transaction(async (tx) => {
        const now = instant(context).iso;
        // Each locked before it is qualified (in id order, so two bulk actions never wait in a
        // cycle): entries being written into it commit first and count as its records.
        for (const id of [...new Set(ids!)].sort((a, b) => a - b)) {
          await lockProjectRow(tx, id);
          const project = await getProject(tx, actor.accountId, id);
          if (!project || !(await QUALIFIES[action](tx, project))) continue; // gone: a racing deletion or merge
          if (action === 'delete') await deleteProject(tx, id);
          else await setProjectEnabled(tx, id, action === 'unarchive', now);
        }
      });
      return reply.code(204).send();
    });
  }

  app.get<WithId>('/v2/projects/:id/entries', async (request, reply) => {
    const project = await ownProject(db, actorOf(request), request.params.id);
    return await sendEntryList(context, request, reply, {
      narrow: (filters) => ({
        ...filters,
        project_ids: within(filters.project_ids, [project.id]),
      }),
    });
  });

  app.get<WithId>('/v2/projects/:id/expenses', async (request, reply) => {
    const project = await ownProject(db, actorOf(request), request.params.id);
    return await sendExpenseList(context, request, reply, (filters) => ({
      ...filters,
      project_ids: within(filters.project_ids, [project.id]),
    }));
  });
}
