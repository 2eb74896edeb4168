// Teams (spec 001 "Teams"): list, create, show, rename, entries and users of a team, add and
// remove users, delete (users are kept). Owner and supervisor manage teams, leaders and
// coworkers view them, contractors may not use them at all (403; auth/permissions.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Team } from '../../wire/serviceTypesPeople';
import { actorOf } from '../auth/authenticate';
import { managesTeams, seesTeams, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import {
  addTeamUsers,
  deleteTeam,
  findTeamByName,
  getTeam,
  insertTeam,
  listTeams,
  removeTeamUsers,
  renameTeam,
  teamUserIds,
  usersOfTeams,
  type TeamRow,
} from '../domain/teams';
import { listUsers, unknownUserIds } from '../domain/users';
import { forbidden, notFound, refused } from '../http/errors';
import { bodyOf, LIMITS, pathId, queryOf, type Fields } from '../http/fields';
import { idArray as bodyIds } from '../http/idArray';
import { readPage, sendPage } from '../http/pagination';
import { isUniqueViolation } from '../storage/constraintErrors';
import { rowLock } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import * as view from '../views/people';
import { sendEntryList, within } from './entryList';
import { readUserFilters, userViews } from './users';

export async function teamViews(db: Queryable, base: string, rows: TeamRow[]): Promise<Team[]> {
  const users = await usersOfTeams(
    db,
    rows.map((t) => t.id),
  );
  return rows.map((t) => view.team(base, t, users.get(t.id) ?? []));
}

function mayView(actor: Actor): void {
  if (!seesTeams(actor)) throw forbidden('Forbidden: your role cannot see teams');
}

function mayManage(actor: Actor): void {
  if (!managesTeams(actor)) throw forbidden('Forbidden: your role cannot manage teams');
}

/**
 * The user ids of a body, every one naming a user of the account. POST /teams/ takes user_ids;
 * its sample body names the list 'users', which is read when user_ids is absent.
 */
async function userIdsOf(
  db: Queryable,
  f: Fields,
  { body, accountId, name = 'user_ids' }: { body: unknown; accountId: number; name?: string },
): Promise<number[] | undefined> {
  const ids = bodyIds(f, body, name, { required: true });
  if (ids && (await unknownUserIds(db, accountId, ids)).length) f.fail(name, 'missing');
  return ids;
}

async function nameTaken(db: Queryable, accountId: number, name: string, exceptId = 0): Promise<void> {
  if (await findTeamByName(db, accountId, name, exceptId))
    throw refused('Team', 'name', 'already_exists', `A team named "${name}" already exists`);
}

/** A unique violation of a team write: the name committed by another request after nameTaken looked. */
const nameTakenMeanwhile =
  (name: string) =>
  (error: unknown): never => {
    throw isUniqueViolation(error)
      ? refused('Team', 'name', 'already_exists', `A team named "${name}" already exists`)
      : error;
  };

/**
 * The team, held FOR KEY SHARE (PostgreSQL) for the memberships about to be added (the lock their
 * foreign key takes anyway, taken first): a deletion racing on another instance went first (404),
 * or waits and takes the new memberships with it.
 */
async function stillThere(tx: Queryable, id: number): Promise<void> {
  if (!(await tx.get(`SELECT id FROM teams WHERE id = ?${rowLock(tx, 'KEY SHARE')}`, id)))
    throw notFound('Team not found');
}

type WithId = { Params: { id: string } };

/** The team of the path, for an actor who may see teams. */
async function pathTeam(
  db: Queryable,
  request: FastifyRequest<WithId>,
  manage = false,
): Promise<{ actor: Actor; team: TeamRow }> {
  const actor = actorOf(request);
  mayView(actor);
  const team = await getTeam(db, actor.accountId, pathId(request.params.id, 'Team'));
  if (!team) throw notFound('Team not found');
  if (manage) mayManage(actor);
  return { actor, team };
}

/** The team of `id` as answered. */
const show = async (context: Context, request: FastifyRequest, accountId: number, id: number) =>
  (await teamViews(context.db, context.base(request), [(await getTeam(context.db, accountId, id))!]))[0];

export function teamRoutes(app: FastifyInstance, context: Context): void {
  registerTeamListAndCreate(app, context);
  registerTeamShowAndRename(app, context);
  registerTeamContents(app, context);
  registerTeamMembership(app, context);
  registerTeamDelete(app, context);
}

function registerTeamListAndCreate(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get('/v2/teams', async (request, reply) => {
    const actor = actorOf(request);
    mayView(actor);
    const f = queryOf(request.query, 'Team');
    const filters = { name: f.text('name', { max: LIMITS.name }) ?? undefined, user_ids: f.ids('user_ids') };
    f.check();
    const page = readPage(request.query as Record<string, unknown>, 'Team');
    const { rows, total } = await listTeams(db, {
      accountId: actor.accountId,
      filters,
      limit: page.perPage,
      offset: page.offset,
    });
    const base = context.base(request);
    return sendPage(request, reply, { base, page, total, items: await teamViews(db, base, rows) });
  });

  app.post('/v2/teams', async (request, reply) => {
    const actor = actorOf(request);
    mayManage(actor);
    const f = bodyOf(request.body, 'Team');
    const name = f.text('name', { required: true, max: LIMITS.name });
    const listName = !f.has('user_ids') && f.has('users') ? 'users' : 'user_ids';
    const userIds = await userIdsOf(db, f, { body: request.body, accountId: actor.accountId, name: listName });
    f.check();
    const team = await db
      .transaction(async (tx) => {
        const now = instant(context).iso;
        await nameTaken(tx, actor.accountId, name!);
        const row = await insertTeam(tx, actor.accountId, name!, now);
        await addTeamUsers(tx, row.id, userIds!, now);
        return row;
      })
      .catch(nameTakenMeanwhile(name!));
    const base = context.base(request);
    reply.code(201).header('location', base + view.teamPath(team.id));
    return await show(context, request, actor.accountId, team.id);
  });
}

function registerTeamShowAndRename(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get<WithId>('/v2/teams/:id', async (request) => {
    const { actor, team } = await pathTeam(db, request);
    return await show(context, request, actor.accountId, team.id);
  });

  app.put<WithId>('/v2/teams/:id', async (request) => {
    const { actor, team } = await pathTeam(db, request, true);
    const f = bodyOf(request.body, 'Team');
    const name = f.text('name', { max: LIMITS.name });
    if (name === null) f.fail('name', 'missing_field'); // a team keeps a name
    f.check();
    if (name) {
      await db
        .transaction(async (tx) => {
          await nameTaken(tx, actor.accountId, name, team.id);
          await renameTeam(tx, team.id, name, instant(context).iso);
        })
        .catch(nameTakenMeanwhile(name));
    }
    return await show(context, request, actor.accountId, team.id);
  });
}

/** The entries and users of a team. */
function registerTeamContents(app: FastifyInstance, context: Context): void {
  const { db } = context;
  // The entries of the team's users, narrowed further to what the actor sees.
  app.get<WithId>('/v2/teams/:id/entries', async (request, reply) => {
    const { team } = await pathTeam(db, request);
    const members = await teamUserIds(db, team.id);
    return await sendEntryList(context, request, reply, {
      narrow: (filters) => ({
        ...filters,
        user_ids: within(filters.user_ids, members),
      }),
    });
  });

  app.get<WithId>('/v2/teams/:id/users', async (request, reply) => {
    const { actor, team } = await pathTeam(db, request);
    const f = queryOf(request.query, 'User');
    const filters = readUserFilters(f);
    f.check();
    const page = readPage(request.query as Record<string, unknown>, 'User');
    const { rows, total } = await listUsers(db, {
      accountId: actor.accountId,
      filters,
      scope: { teamId: team.id },
      limit: page.perPage,
      offset: page.offset,
    });
    const base = context.base(request);
    return sendPage(request, reply, { base, page, total, items: await userViews(db, base, rows) });
  });
}

/** Adding users to a team and taking some or all out. */
function registerTeamMembership(app: FastifyInstance, context: Context): void {
  const { db } = context;
  // Answers every user of the team after the change (decided: the spec says "array of full User").
  app.post<WithId>('/v2/teams/:id/add_users', async (request) => {
    const { actor, team } = await pathTeam(db, request, true);
    const f = bodyOf(request.body, 'Team');
    const userIds = await userIdsOf(db, f, { body: request.body, accountId: actor.accountId });
    f.check();
    await db.transaction(async (tx) => {
      await stillThere(tx, team.id);
      await addTeamUsers(tx, team.id, userIds!, instant(context).iso);
    });
    const members = (await usersOfTeams(db, [team.id])).get(team.id) ?? [];
    return await userViews(db, context.base(request), members);
  });

  app.put<WithId>('/v2/teams/:id/remove_users', async (request, reply) => {
    const { actor, team } = await pathTeam(db, request, true);
    const f = bodyOf(request.body, 'Team');
    const userIds = await userIdsOf(db, f, { body: request.body, accountId: actor.accountId });
    f.check();
    await db.transaction(async (tx) => await removeTeamUsers(tx, team.id, userIds!, instant(context).iso));
    return reply.code(204).send();
  });

  app.put<WithId>('/v2/teams/:id/remove_all_users', async (request, reply) => {
    const { team } = await pathTeam(db, request, true);
    await db.transaction(async (tx) => await removeTeamUsers(tx, team.id, 'all', instant(context).iso));
    return reply.code(204).send();
  });
}

function registerTeamDelete(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.delete<WithId>('/v2/teams/:id', async (request, reply) => {
    const { team } = await pathTeam(db, request, true);
    await db.transaction(async (tx) => await deleteTeam(tx, team.id)); // a racing deletion deletes nothing twice
    return reply.code(204).send();
  });
}
