// Projects of the v1 API (spec 002 "Projects"): list, show, create, update, delete, and the
// archive and active actions, which spec 002 makes GETs.
//
// Who may: spec 002 says "all except freelancers" for every change; GAPS.md's table says what
// each role may do, and both apply, so v1 is no way around v2's rules: owners, supervisors and
// leaders manage projects; coworkers and contractors get 422 (v1 has no 403).
//
// Body (decided, the spec shows no JSON form): {"project": {...}} (or bare in JSON) /
// <project>…</project> with name, group_name, billable, budget-minutes and color-hex in JSON,
// budget_minutes and color_hex in XML (v1/input.ts). A new project's billing increment
// (stepping) is v2's default, 15.
import { bool } from '../storage/dialect';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { managesProjects, seesProject, visibleProjectIds, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import {
  deleteProject,
  findProjectByName,
  getProject,
  insertProject,
  listProjects,
  lockProjectRow,
  projectHasRecords,
  projectStats,
  setProjectEnabled,
  updateProject,
  type ProjectRow,
} from '../domain/projects';
import { LIMITS } from '../http/fields';
import { isUniqueViolation } from '../storage/constraintErrors';
import { lockWithin, narrowLock, PROJECTS_OF_ACCOUNT } from '../storage/narrowLocks';
import type { Queryable } from '../storage/store';
import { v1Actor } from './auth';
import { readAttributes } from './body';
import { invalid, notAllowed, notFound, V1Error } from './errors';
import { parseId } from './format';
import { V1Input } from './input';
import { groupNames, setBudget, setGroupByName } from './projectStore';
import { sendHead, sendList, sendOne } from './reply';
import { route } from './route';
import { projectView } from './views';

const HEX = /^#?([0-9a-fA-F]{6})$/;

interface ProjectInput {
  name?: string;
  groupName?: string | null;
  billable?: boolean;
  budgetMinutes?: number | null;
  /** #rrggbb as v2 stores it, or null for none. */
  color?: string | null;
}

function readProjectInput(request: FastifyRequest, creating: boolean): ProjectInput {
  const { attributes, format } = readAttributes(request, 'project');
  const input = new V1Input(attributes, format, 'Project');
  const name = input.text('name', { required: creating, max: LIMITS.name });
  if (name === null && !creating) input.fail('name', 'missing_field', 'cannot be blank');
  const fields: ProjectInput = {
    groupName: input.text('group_name', { max: LIMITS.name }),
    billable: input.boolean('billable'),
    budgetMinutes: input.integer('budget_minutes', { min: 0, max: 1_000_000_000 }),
  };
  if (name) fields.name = name;
  const color = input.text('color_hex', { max: 7 });
  if (color !== undefined) {
    const m = color === null ? null : HEX.exec(color);
    if (color !== null && !m) input.fail('color_hex', 'invalid', 'must be six hexadecimal digits, rrggbb');
    else fields.color = m ? `#${m[1]!.toLowerCase()}` : null;
  }
  // Spec 002: a wrong data type answers 400 on update, 422 (invalid data) on create.
  input.check(creating ? 422 : 400);
  return fields;
}

/** A project the actor sees; spec 002: 404 for an unknown project or one without access. */
async function visibleProject(db: Queryable, actor: Actor, raw: unknown): Promise<ProjectRow> {
  const id = parseId(raw);
  const project = id === null ? undefined : await getProject(db, actor.accountId, id);
  if (!project || !(await seesProject(db, actor, project.id))) throw notFound('Project not found');
  return project;
}

function mayManage(actor: Actor): void {
  if (!managesProjects(actor)) throw notAllowed('your role cannot manage projects');
}

const nameTakenRefusal = (name: string) =>
  invalid(`A project named "${name}" already exists`, [{ resource: 'Project', field: 'name', code: 'already_exists' }]);

async function nameFree(db: Queryable, accountId: number, name: string | undefined, exceptId = 0): Promise<void> {
  if (name && (await findProjectByName(db, accountId, name, exceptId))) throw nameTakenRefusal(name);
}

async function applyExtras(db: Queryable, project: ProjectRow, fields: ProjectInput, now: string): Promise<void> {
  if (fields.budgetMinutes !== undefined) await setBudget(db, project.id, fields.budgetMinutes);
  if (fields.groupName !== undefined)
    await setGroupByName(db, (await getProject(db, project.account_id, project.id))!, fields.groupName, now);
}

async function views(db: Queryable, rows: ProjectRow[]) {
  const stats = await projectStats(
    db,
    rows.map((p) => p.id),
  );
  const groups = await groupNames(db, rows);
  return rows.map((p) =>
    projectView(p, stats.get(p.id), p.project_group_id === null ? null : (groups.get(p.project_group_id) ?? null)),
  );
}

/** A project's Location, and the answer that shows a project, for the routes below. */
function projectAnswers(context: Context) {
  const { db } = context;
  const location = (request: FastifyRequest, id: number) => `${context.base(request)}/api/projects/${id}`;
  const show = async (request: FastifyRequest, reply: FastifyReply, accountId: number, id: number) =>
    sendOne(request, reply, {
      name: 'project',
      value: (await views(db, [(await getProject(db, accountId, id))!]))[0]!,
    });
  return { location, show };
}

export function v1ProjectRoutes(api: FastifyInstance, context: Context): void {
  registerV1ProjectReads(api, context);
  registerV1ProjectCreate(api, context);
  registerV1ProjectUpdateAndDelete(api, context);
  registerV1ProjectActions(api, context);
}

function registerV1ProjectReads(api: FastifyInstance, context: Context): void {
  const { db } = context;
  const { show } = projectAnswers(context);
  // Active and archived, by name (as v2 lists them); contractors see the projects given them.
  route(api, 'GET', '/projects', async (request, reply) => {
    const actor = v1Actor(request);
    const { rows } = await listProjects(db, {
      accountId: actor.accountId,
      filters: {},
      limit: -1,
      offset: 0,
      onlyIds: await visibleProjectIds(db, actor),
    });
    return sendList(request, reply, { listName: 'projects', itemName: 'project', values: await views(db, rows) });
  });

  route(api, 'GET', '/projects/:id', async (request, reply) => {
    const actor = v1Actor(request);
    return await show(request, reply, actor.accountId, (await visibleProject(db, actor, request.params.id)).id);
  });
}

function registerV1ProjectCreate(api: FastifyInstance, context: Context): void {
  const { db } = context;
  const { location } = projectAnswers(context);
  // The account's project limit (ServiceOptions.projectLimit, spec 002: 1 on free accounts) is
  // v2's; past it insertProject refuses with reached_project_limit, here 422.
  route(api, 'POST', '/projects', async (request, reply) => {
    const actor = v1Actor(request);
    mayManage(actor);
    const fields = readProjectInput(request, true);
    const project = await db.transaction(
      async (tx) => {
        const now = instant(context).iso;
        await nameFree(tx, actor.accountId, fields.name);
        const row = await insertProject(
          tx,
          actor.accountId,
          { name: fields.name!, billable: fields.billable ?? true, billing_increment: 15, color: fields.color ?? null },
          now,
        );
        await applyExtras(tx, row, fields, now);
        return row;
      },
      narrowLock(PROJECTS_OF_ACCOUNT, actor.accountId),
    );
    return sendHead(request, reply, 201, location(request, project.id));
  });
}

function registerV1ProjectUpdateAndDelete(api: FastifyInstance, context: Context): void {
  const { db } = context;
  const { show } = projectAnswers(context);
  // Decided: an archived project cannot be changed (v2's rule, code archived_project): 422.
  route(api, 'PUT', '/projects/:id', async (request, reply) => {
    const actor = v1Actor(request);
    const project = await visibleProject(db, actor, request.params.id);
    mayManage(actor);
    const fields = readProjectInput(request, false);
    if (!project.enabled) throw invalid('The project is archived: make it active to change it');
    await db
      .transaction(async (tx) => {
        const now = instant(context).iso;
        // A new name is looked up under the lock of the account's project names, as v2's PUT and
        // every creation (an entry's project_name among them) look theirs up (narrowLocks.ts).
        if (fields.name) await lockWithin(tx, PROJECTS_OF_ACCOUNT, actor.accountId);
        await lockProjectRow(tx, project.id); // a racing change, archive or deletion of it went first
        await nameFree(tx, actor.accountId, fields.name, project.id);
        await updateProject(tx, project.id, { name: fields.name, billable: fields.billable, color: fields.color }, now);
        await applyExtras(tx, project, fields, now);
      })
      .catch((error: unknown) => {
        // The unique index on names, should a writer outside the lock race: the answer of the look.
        if (isUniqueViolation(error) && fields.name) throw nameTakenRefusal(fields.name);
        throw error;
      });
    return await show(request, reply, actor.accountId, project.id);
  });

  // Spec 002: "422 with a plain-text reason in the body", for every refusal of this call.
  route(api, 'DELETE', '/projects/:id', async (request, reply) => {
    const actor = v1Actor(request);
    const project = await visibleProject(db, actor, request.params.id);
    const plain = (reason: string) => new V1Error(422, reason, undefined, true);
    if (!managesProjects(actor)) throw plain('Your role cannot delete projects.');
    await db.transaction(async (tx) => {
      // The row locked first (as v2's deletion): an entry being written into it commits before the records are counted.
      await lockProjectRow(tx, project.id);
      if (await projectHasRecords(tx, project.id))
        throw plain(
          `The project "${project.name}" has entries, expenses or invoices, so it cannot be deleted. Archive it instead.`,
        );
      await deleteProject(tx, project.id);
    });
    return sendHead(request, reply, 200);
  });
}

/** The archive and active actions. */
function registerV1ProjectActions(api: FastifyInstance, context: Context): void {
  const { db } = context;
  const { location, show } = projectAnswers(context);
  // GET actions (spec 002): 200 with a Location to the project, also when nothing changes.
  // Decided: a HEAD (spec 000 conventions 6) answers the same headers and changes nothing; and
  // archiving keeps spec 000 conventions 11 (a project without entries, expenses or invoices
  // cannot be archived, only deleted), refused with 422 as v2 refuses it with 400.
  for (const [action, enabled] of [
    ['active', true],
    ['archive', false],
  ] as const) {
    route(api, 'GET', `/projects/:id/${action}`, async (request, reply) => {
      const actor = v1Actor(request);
      const project = await visibleProject(db, actor, request.params.id);
      mayManage(actor);
      if (request.method === 'GET' && bool(project.enabled) !== enabled) {
        await db.transaction(async (tx) => {
          await lockProjectRow(tx, project.id);
          if (!enabled && !(await projectHasRecords(tx, project.id))) {
            throw invalid('The project has no entries, expenses or invoices: delete it instead of archiving it', [
              { resource: 'Project', field: 'base', code: 'deletable' },
            ]);
          }
          await setProjectEnabled(tx, project.id, enabled, instant(context).iso);
        });
      }
      reply.header('location', location(request, project.id));
      return await show(request, reply, actor.accountId, project.id);
    });
  }
}
