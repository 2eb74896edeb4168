// Project groups (spec 001 "Project groups"), served under /v2/project_groups (the spec writes
// them without /v2 and with trailing slashes; app.ts serves both slash forms).
// Decided where the spec is silent:
// - an id in project_ids that names no project of the account answers 400 missing and nothing
//   is written (service/README.md), in remove_projects too, which skips only projects of the
//   account that are not in the group;
// - add_projects answers every project of the group after the change, by name;
// - contractors see only the groups holding a project given them, with only those projects.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProjectGroup } from '../../wire/serviceTypes';
import { actorOf } from '../auth/authenticate';
import { visibleProjectIds, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import {
  deleteProjectGroup,
  getProjectGroup,
  groupForChange,
  groupProjects,
  insertProjectGroup,
  listProjectGroups,
  projectsOfGroups,
  renameProjectGroup,
  touchProjectGroup,
  ungroupProjects,
  type ProjectGroupRow,
} from '../domain/projectGroups';
import { notFound } from '../http/errors';
import { bodyOf, LIMITS, pathId, queryOf } from '../http/fields';
import { idArray } from '../http/idArray';
import { paths } from '../http/links';
import { readPage, sendPage } from '../http/pagination';
import type { Queryable } from '../storage/store';
import { projectGroup } from '../views/groups';
import { sendEntryList, within } from './entryList';
import { mayManage } from './projects';
import { projectViews } from './projectViews';
import { sendProjectList } from './projectList';
import { requireKnownIds } from './knownIds';

const RESOURCE = 'ProjectGroup';

async function groupViews(db: Queryable, actor: Actor, base: string, rows: ProjectGroupRow[]): Promise<ProjectGroup[]> {
  const projects = await projectsOfGroups(
    db,
    rows.map((g) => g.id),
  );
  const visible = await visibleProjectIds(db, actor);
  const shown = visible === null ? null : new Set(visible);
  return rows.map((g) =>
    projectGroup(
      base,
      g,
      (projects.get(g.id) ?? []).filter((p) => shown === null || shown.has(p.id)),
    ),
  );
}

async function visibleGroup(db: Queryable, actor: Actor, rawId: unknown): Promise<ProjectGroupRow> {
  const group = await getProjectGroup(db, actor.accountId, pathId(rawId, 'Project group'));
  const visible = group && (await visibleProjectIds(db, actor));
  if (
    !group ||
    (visible && !((await projectsOfGroups(db, [group.id])).get(group.id) ?? []).some((p) => visible.includes(p.id)))
  ) {
    throw notFound('Project group not found');
  }
  return group;
}

/** The group read again, locked, in a write's transaction (groupForChange): 404 once a racing deletion took it. */
async function stillThere(tx: Queryable, group: ProjectGroupRow): Promise<void> {
  if (!(await groupForChange(tx, group.account_id, group.id))) throw notFound('Project group not found');
}

/** Where a create body holds its project ids: project_ids, or `projects` as the sample body of spec 001 names it. */
function projectIdsField(body: unknown): 'project_ids' | 'projects' {
  const has = (name: string) => typeof body === 'object' && body !== null && Object.hasOwn(body, name);
  return !has('project_ids') && has('projects') ? 'projects' : 'project_ids';
}

type WithId = { Params: { id: string } };

/** The group of `id` as the actor sees it. */
const show = async (db: Queryable, actor: Actor, base: string, id: number) =>
  (await groupViews(db, actor, base, [(await getProjectGroup(db, actor.accountId, id))!]))[0]!;

/** For add_projects and remove_projects: the group of the path, for a manager, and the body's project_ids. */
async function groupAndProjectIds(db: Queryable, request: FastifyRequest<WithId>) {
  const actor = actorOf(request);
  const group = await visibleGroup(db, actor, request.params.id);
  mayManage(actor);
  const f = bodyOf(request.body, RESOURCE);
  const ids = idArray(f, request.body, 'project_ids', { required: true });
  await requireKnownIds(db, f, { table: 'projects', accountId: actor.accountId, ids, field: 'project_ids' });
  f.check();
  return { actor, group, ids: ids! };
}

export function projectGroupRoutes(app: FastifyInstance, context: Context): void {
  registerGroupListAndCreate(app, context);
  registerGroupShowAndRename(app, context);
  registerGroupContents(app, context);
  registerGroupMembership(app, context);
  registerGroupDelete(app, context);
}

function registerGroupListAndCreate(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get('/v2/project_groups', async (request, reply) => {
    const actor = actorOf(request);
    const f = queryOf(request.query, RESOURCE);
    const filters = { name: f.text('name', { max: LIMITS.name }) ?? undefined, project_ids: f.ids('project_ids') };
    f.check();
    const page = readPage(request.query as Record<string, unknown>, RESOURCE);
    const visible = await visibleProjectIds(db, actor);
    // A contractor's groups are those holding a project given them.
    if (visible)
      filters.project_ids = filters.project_ids ? filters.project_ids.filter((id) => visible.includes(id)) : visible;
    const { rows, total } = await listProjectGroups(db, {
      accountId: actor.accountId,
      filters,
      limit: page.perPage,
      offset: page.offset,
    });
    const base = context.base(request);
    return sendPage(request, reply, { base, page, total, items: await groupViews(db, actor, base, rows) });
  });

  // Projects already in another group move to this one (spec 001).
  app.post('/v2/project_groups', async (request, reply) => {
    const actor = actorOf(request);
    mayManage(actor);
    const f = bodyOf(request.body, RESOURCE);
    const name = f.text('name', { required: true, max: LIMITS.name });
    const field = projectIdsField(request.body);
    const ids = idArray(f, request.body, field, { required: true });
    await requireKnownIds(db, f, { table: 'projects', accountId: actor.accountId, ids, field });
    f.check();
    // A new group: nothing to lock (projects moved from another group are single-row updates).
    const id = await db.transaction(async (tx) => {
      const now = instant(context).iso;
      const groupId = await insertProjectGroup(tx, actor.accountId, name!, now);
      await groupProjects(tx, { accountId: actor.accountId, groupId, projectIds: ids!, alsoGrouped: true, now });
      return groupId;
    });
    const base = context.base(request);
    reply.code(201).header('location', base + paths.projectGroup(id));
    return await show(db, actor, base, id);
  });
}

function registerGroupShowAndRename(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get<WithId>('/v2/project_groups/:id', async (request) => {
    const actor = actorOf(request);
    const group = await visibleGroup(db, actor, request.params.id);
    return await show(db, actor, context.base(request), group.id);
  });

  app.put<WithId>('/v2/project_groups/:id', async (request) => {
    const actor = actorOf(request);
    const group = await visibleGroup(db, actor, request.params.id);
    mayManage(actor);
    const f = bodyOf(request.body, RESOURCE);
    const name = f.text('name', { max: LIMITS.name });
    if (name === null) f.fail('name', 'missing_field'); // optional, but a group keeps a name
    f.check();
    if (name)
      await db.transaction(async (tx) => {
        await stillThere(tx, group);
        await renameProjectGroup(tx, group.id, name, instant(context).iso);
      });
    return await show(db, actor, context.base(request), group.id);
  });
}

/** The entries and projects of a group: their list filters, narrowed to the group. */
function registerGroupContents(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get<WithId>('/v2/project_groups/:id/entries', async (request, reply) => {
    const actor = actorOf(request);
    const group = await visibleGroup(db, actor, request.params.id);
    const ids = ((await projectsOfGroups(db, [group.id])).get(group.id) ?? []).map((p) => p.id);
    return await sendEntryList(context, request, reply, {
      narrow: (filters) => ({
        ...filters,
        project_ids: within(filters.project_ids, ids),
      }),
    });
  });

  app.get<WithId>('/v2/project_groups/:id/projects', async (request, reply) => {
    const group = await visibleGroup(db, actorOf(request), request.params.id);
    return await sendProjectList(context, request, reply, (filters) => ({
      ...filters,
      project_group_ids: within(filters.project_group_ids, [group.id]),
    }));
  });
}

/** Adding projects to a group and taking some or all out. */
function registerGroupMembership(app: FastifyInstance, context: Context): void {
  const { db } = context;
  // Projects already in another group stay where they are (spec 001).
  app.post<WithId>('/v2/project_groups/:id/add_projects', async (request) => {
    const { actor, group, ids } = await groupAndProjectIds(db, request);
    await db.transaction(async (tx) => {
      await stillThere(tx, group);
      const now = instant(context).iso;
      if (
        (await groupProjects(tx, {
          accountId: actor.accountId,
          groupId: group.id,
          projectIds: ids,
          alsoGrouped: false,
          now,
        })) > 0
      )
        await touchProjectGroup(tx, group.id, now);
    });
    return await projectViews(
      db,
      context.base(request),
      (await projectsOfGroups(db, [group.id])).get(group.id) ?? [],
      actor,
    );
  });

  app.put<WithId>('/v2/project_groups/:id/remove_projects', async (request, reply) => {
    const { group, ids } = await groupAndProjectIds(db, request);
    await db.transaction(async (tx) => {
      await stillThere(tx, group);
      const now = instant(context).iso;
      if ((await ungroupProjects(tx, group.id, ids, now)) > 0) await touchProjectGroup(tx, group.id, now);
    });
    return reply.code(204).send();
  });

  app.put<WithId>('/v2/project_groups/:id/remove_all_projects', async (request, reply) => {
    const actor = actorOf(request);
    const group = await visibleGroup(db, actor, request.params.id);
    mayManage(actor);
    await db.transaction(async (tx) => {
      await stillThere(tx, group);
      const now = instant(context).iso;
      if ((await ungroupProjects(tx, group.id, null, now)) > 0) await touchProjectGroup(tx, group.id, now);
    });
    return reply.code(204).send();
  });
}

function registerGroupDelete(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.delete<WithId>('/v2/project_groups/:id', async (request, reply) => {
    const actor = actorOf(request);
    const group = await visibleGroup(db, actor, request.params.id);
    mayManage(actor);
    await db.transaction(async (tx) => {
      await stillThere(tx, group);
      await deleteProjectGroup(tx, group.id, instant(context).iso);
    });
    return reply.code(204).send();
  });
}
