// Projects (GAPS.md "Projects and users"): list, create, show, update, archive, unarchive, delete.
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/authenticate';
import { managesProjects, seesProject, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import {
  deleteProject,
  findProjectByName,
  getProject,
  insertProject,
  lockProjectRow,
  projectHasRecords,
  setProjectEnabled,
  updateProject,
  type ProjectFields,
  type ProjectRow,
} from '../domain/projects';
import { BILLING_INCREMENTS } from '../domain/rounding';
import { forbidden, notFound, refused } from '../http/errors';
import { bodyOf, LIMITS, pathId, type Fields } from '../http/fields';
import { paths } from '../http/links';
import { narrowLock, PROJECTS_OF_ACCOUNT } from '../storage/narrowLocks';
import type { Queryable } from '../storage/store';
import { projectViews } from './projectViews';
import { sendProjectList } from './projectList';
import { getProjectGroup } from '../domain/projectGroups';

const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** The create fields of a body; on update every field is optional. */
async function readProjectFields(
  f: Fields,
  creating: boolean,
  groupExists: (id: number) => Promise<boolean>,
): Promise<Partial<ProjectFields>> {
  const fields: Partial<ProjectFields> = {};
  const name = f.text('name', { required: creating, max: LIMITS.name });
  if (name === null && !creating) f.fail('name', 'missing_field');
  if (name) fields.name = name;
  const billable = f.boolean('billable');
  if (billable !== undefined) fields.billable = billable;
  const increment = f.oneOf('billing_increment', BILLING_INCREMENTS);
  if (increment !== undefined) fields.billing_increment = increment;
  // Beyond spec 001 (service/README.md): null or blank clears it to ''.
  const description = f.text('description', { max: LIMITS.description });
  if (description !== undefined) fields.description = description ?? '';
  const color = f.text('color', { max: 7 });
  if (color !== undefined) {
    if (color !== null && !COLOR.test(color)) f.fail('color');
    else fields.color = color;
  }
  // null (or blank) takes the project out of its group.
  const groupId = f.id('project_group_id');
  if (typeof groupId === 'number' && !(await groupExists(groupId))) f.fail('project_group_id', 'missing');
  else if (groupId !== undefined) fields.project_group_id = groupId;
  return fields;
}

export async function ownProject(db: Queryable, actor: Actor, rawId: unknown): Promise<ProjectRow> {
  const project = await getProject(db, actor.accountId, pathId(rawId, 'Project'));
  // A project a contractor was not given answers as a missing one (auth/permissions.ts).
  if (!project || !(await seesProject(db, actor, project.id))) throw notFound('Project not found');
  return project;
}

export function mayManage(actor: Actor): void {
  if (!managesProjects(actor)) throw forbidden('Forbidden: your role cannot manage projects');
}

async function nameTaken(db: Queryable, accountId: number, name: string | undefined, exceptId = 0): Promise<void> {
  if (name && (await findProjectByName(db, accountId, name, exceptId)))
    throw refused('Project', 'name', 'already_exists', `A project named "${name}" already exists`);
}

type WithId = { Params: { id: string } };

export function projectRoutes(app: FastifyInstance, context: Context): void {
  registerProjectListAndCreate(app, context);
  registerProjectShowAndUpdate(app, context);
  registerProjectArchiving(app, context);
  registerProjectDelete(app, context);
}

function registerProjectListAndCreate(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get('/v2/projects', async (request, reply) => await sendProjectList(context, request, reply));

  app.post('/v2/projects', async (request, reply) => {
    const actor = actorOf(request);
    mayManage(actor);
    const f = bodyOf(request.body, 'Project');
    const fields = await readProjectFields(
      f,
      true,
      async (id) => (await getProjectGroup(db, actor.accountId, id)) !== undefined,
    );
    f.check();
    const row = await db.transaction(
      async (tx) => {
        await nameTaken(tx, actor.accountId, fields.name);
        return await insertProject(
          tx,
          actor.accountId,
          { billable: true, billing_increment: 15, color: null, ...fields } as ProjectFields,
          instant(context).iso,
        );
      },
      narrowLock(PROJECTS_OF_ACCOUNT, actor.accountId),
    );
    const base = context.base(request);
    reply.code(201).header('location', base + paths.project(row.id));
    return (await projectViews(db, base, [row], actor))[0];
  });
}

function registerProjectShowAndUpdate(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get<WithId>('/v2/projects/:id', async (request) => {
    const actor = actorOf(request);
    const project = await ownProject(db, actor, request.params.id);
    return (await projectViews(db, context.base(request), [project], actor))[0];
  });

  app.put<WithId>('/v2/projects/:id', async (request) => {
    const actor = actorOf(request);
    const project = await ownProject(db, actor, request.params.id);
    mayManage(actor);
    const f = bodyOf(request.body, 'Project');
    const fields = await readProjectFields(
      f,
      false,
      async (id) => (await getProjectGroup(db, actor.accountId, id)) !== undefined,
    );
    f.check();
    if (!project.enabled)
      throw refused('Project', 'base', 'archived_project', 'The project is archived: unarchive it to change it');
    await db.transaction(
      async (tx) => {
        await nameTaken(tx, actor.accountId, fields.name, project.id);
        await updateProject(tx, project.id, fields, instant(context).iso);
      },
      narrowLock(PROJECTS_OF_ACCOUNT, actor.accountId),
    );
    return (
      await projectViews(db, context.base(request), [(await getProject(db, actor.accountId, project.id))!], actor)
    )[0];
  });
}

function registerProjectArchiving(app: FastifyInstance, context: Context): void {
  const { db } = context;
  // Spec 000 conventions 11: what can be deleted cannot be archived, and the other way round.
  app.put<WithId>('/v2/projects/:id/archive', async (request, reply) => {
    const actor = actorOf(request);
    const project = await ownProject(db, actor, request.params.id);
    mayManage(actor);
    await db.transaction(async (tx) => {
      // The row locked first (as a deletion does): an entry being written into it commits before the records are counted.
      await lockProjectRow(tx, project.id);
      if (!(await projectHasRecords(tx, project.id))) {
        throw refused(
          'Project',
          'base',
          'deletable',
          'The project has no entries, expenses or invoices: delete it instead of archiving it',
        );
      }
      await setProjectEnabled(tx, project.id, false, instant(context).iso);
    });
    return reply.code(204).send();
  });

  app.put<WithId>('/v2/projects/:id/unarchive', async (request, reply) => {
    const actor = actorOf(request);
    const project = await ownProject(db, actor, request.params.id);
    mayManage(actor);
    // One conditional UPDATE (enabled != 1): a racing unarchive changes nothing twice.
    await db.transaction(async (tx) => await setProjectEnabled(tx, project.id, true, instant(context).iso));
    return reply.code(204).send();
  });
}

function registerProjectDelete(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.delete<WithId>('/v2/projects/:id', async (request, reply) => {
    const actor = actorOf(request);
    const project = await ownProject(db, actor, request.params.id);
    mayManage(actor);
    await db.transaction(
      async (tx) => {
        // The row locked first: an entry being written into the project (which holds its key
        // share, domain/projects.ts projectForEntry) commits before the records are counted.
        await lockProjectRow(tx, project.id);
        if (await projectHasRecords(tx, project.id)) {
          throw refused(
            'Project',
            'base',
            'not_deletable',
            'The project has entries, expenses or invoices: archive it instead of deleting it',
          );
        }
        await deleteProject(tx, project.id);
      },
      narrowLock(PROJECTS_OF_ACCOUNT, actor.accountId),
    );
    return reply.code(204).send();
  });
}
