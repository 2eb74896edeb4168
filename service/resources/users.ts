// Users (GAPS.md "Projects and users"): list, show, entries, create, change, activate, deactivate,
// project access for contractors, delete. Roles per auth/permissions.ts: owner and supervisor
// manage users, only the owner deactivates and deletes them, leaders and coworkers view them,
// contractors see only themselves.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User, UserFilters, UserRole } from '../../wire/serviceTypesPeople';
import { USER_STATES } from '../../wire/serviceTypesPeople';
import { actorOf } from '../auth/authenticate';
import {
  ASSIGNABLE_ROLES,
  deactivatesUsers,
  managesUsers,
  seesAllEntries,
  seesAllUsers,
  seesUser,
  type Actor,
} from '../auth/permissions';
import { instant, type Context } from '../context';
import { refuseBeyondUserLimit } from '../domain/accountSettings';
import {
  giveProjectAccess,
  revokeAllProjectAccess,
  revokeProjectAccess,
  unknownProjectIds,
} from '../domain/projectAccess';
import { countUserExpenses } from '../domain/expenses';
import { teamsOfUsers } from '../domain/teams';
import {
  countEntriesOfUsers,
  deleteUser,
  findUserByEmail,
  getUser,
  insertUser,
  listUsers,
  updateUser,
  type UserChanges,
  type UserRow,
} from '../domain/users';
import { forbidden, notFound, refused } from '../http/errors';
import { bodyOf, LIMITS, pathId, queryOf, type Fields } from '../http/fields';
import { idArray as bodyIds } from '../http/idArray';
import { paths } from '../http/links';
import { readPage, sendPage } from '../http/pagination';
import { isUniqueViolation } from '../storage/constraintErrors';
import { isForeignKeyViolation } from '../storage/dialect';
import { narrowLock, USERS_OF_ACCOUNT } from '../storage/narrowLocks';
import type { Queryable } from '../storage/store';
import * as view from '../views/people';
import { sendEntryList, within } from './entryList';
import { sendExpenseList } from './expenseList';

/** Every role a user can have, for the role filter (GAPS.md lists the four besides the owner). */
const ROLES: readonly UserRole[] = ['owner', ...ASSIGNABLE_ROLES];

// Decided: an e-mail address is something@something without spaces, up to 255 characters.
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export async function userViews(db: Queryable, base: string, rows: UserRow[]): Promise<User[]> {
  const ids = rows.map((u) => u.id);
  const entries = await countEntriesOfUsers(db, ids);
  const teams = await teamsOfUsers(db, ids);
  const views: User[] = [];
  for (const u of rows)
    views.push(
      view.user(base, u, teams.get(u.id) ?? [], {
        entries: entries.get(u.id) ?? 0,
        expenses: await countUserExpenses(db, u.id),
      }),
    );
  return views;
}

/** The user list filters (GAPS.md): name, email, role, state. */
export function readUserFilters(f: Fields): UserFilters {
  return {
    name: f.text('name', { max: LIMITS.name }) ?? undefined,
    email: f.text('email', { max: LIMITS.name }) ?? undefined,
    role: f.oneOf('role', ROLES),
    state: f.oneOf('state', USER_STATES),
  };
}

/** The user of the path, if the actor sees them (a user a contractor may not see answers 404). */
export async function visibleUser(db: Queryable, actor: Actor, rawId: unknown): Promise<UserRow> {
  const user = await getUser(db, actor.accountId, pathId(rawId, 'User'));
  if (!user || !seesUser(actor, user.id)) throw notFound('User not found');
  return user;
}

function mayManage(actor: Actor): void {
  if (!managesUsers(actor)) throw forbidden('Forbidden: your role cannot manage users');
}

/** Only the owner changes the owner; the owner's role is not for changing at all. */
function mayChange(actor: Actor, user: UserRow): void {
  mayManage(actor);
  if (user.role === 'owner' && actor.role !== 'owner') throw forbidden('Forbidden: only the owner changes the owner');
}

/** E-mail addresses are unique across the service (users.email is UNIQUE). */
async function emailFree(db: Queryable, accountId: number, email: string, exceptId = 0): Promise<void> {
  const other = await findUserByEmail(db, email);
  if (!other || other.id === exceptId) return;
  if (other.account_id === accountId && other.state === 'disabled') {
    throw refused(
      'User',
      'email',
      'deactivated',
      `The user ${email} is deactivated: activate them instead of adding them again`,
    );
  }
  throw refused('User', 'email', 'already_exists', `A user with the e-mail address ${email} already exists`);
}

/** A unique violation of a user write: the e-mail committed by another request after emailFree looked. */
const emailTakenMeanwhile =
  (email: string) =>
  (error: unknown): never => {
    throw isUniqueViolation(error)
      ? refused('User', 'email', 'already_exists', `A user with the e-mail address ${email} already exists`)
      : error;
  };

const readEmail = (f: Fields, required: boolean): string | undefined => {
  const email = f.text('email', { required, max: LIMITS.name });
  if (email === null && !required) return f.fail('email', 'missing_field');
  if (email && !EMAIL.test(email)) return f.fail('email');
  return email ?? undefined;
};

type WithId = { Params: { id: string } };

const shownUser = async (context: Context, request: FastifyRequest, accountId: number, id: number) =>
  (await userViews(context.db, context.base(request), [(await getUser(context.db, accountId, id))!]))[0];

export function userRoutes(app: FastifyInstance, context: Context): void {
  userReadRoutes(app, context);
  userChangeRoutes(app, context);
  userStateRoutes(app, context);
  userAccessRoutes(app, context);
}

/** The user list, one user, and their entries and expenses. */
function userReadRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;

  app.get('/v2/users', async (request, reply) => {
    const actor = actorOf(request);
    const f = queryOf(request.query, 'User');
    const filters = readUserFilters(f);
    f.check();
    const page = readPage(request.query as Record<string, unknown>, 'User');
    const onlyIds = seesAllUsers(actor) ? null : [actor.userId];
    const { rows, total } = await listUsers(db, {
      accountId: actor.accountId,
      filters,
      scope: { onlyIds },
      limit: page.perPage,
      offset: page.offset,
    });
    const base = context.base(request);
    return sendPage(request, reply, { base, page, total, items: await userViews(db, base, rows) });
  });

  app.get<WithId>('/v2/users/:id', async (request) => {
    const actor = actorOf(request);
    return await shownUser(context, request, actor.accountId, (await visibleUser(db, actor, request.params.id)).id);
  });

  // Another user's entries: roles that see only their own may not list them (403, the user is visible).
  app.get<WithId>('/v2/users/:id/entries', async (request, reply) => {
    const actor = actorOf(request);
    const user = await visibleUser(db, actor, request.params.id);
    if (user.id !== actor.userId && !seesAllEntries(actor))
      throw forbidden('Forbidden: your role sees only your own entries');
    return await sendEntryList(context, request, reply, {
      narrow: (filters) => ({
        ...filters,
        user_ids: within(filters.user_ids, [user.id]),
      }),
    });
  });

  // Another user's expenses: the same rule as their entries.
  app.get<WithId>('/v2/users/:id/expenses', async (request, reply) => {
    const actor = actorOf(request);
    const user = await visibleUser(db, actor, request.params.id);
    if (user.id !== actor.userId && !seesAllEntries(actor))
      throw forbidden('Forbidden: your role sees only your own expenses');
    return await sendExpenseList(context, request, reply, (filters) => ({
      ...filters,
      user_ids: within(filters.user_ids, [user.id]),
    }));
  });
}

/** Adds a user, and changes one. */
function userChangeRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;

  app.post('/v2/users', async (request, reply) => {
    const actor = actorOf(request);
    mayManage(actor);
    const f = bodyOf(request.body, 'User');
    const email = readEmail(f, true);
    const firstName = f.text('first_name', { max: LIMITS.name }) ?? null;
    const lastName = f.text('last_name', { max: LIMITS.name }) ?? null;
    const role = f.oneOf('role', ASSIGNABLE_ROLES) ?? 'leader'; // GAPS.md: role default leader
    f.check();
    // The account's user additions one at a time (narrowLocks.ts): the user limit is a count. The
    // e-mail is unique by its index (any account): a twin committed meanwhile answers as the look does.
    const row = await db
      .transaction(
        async (tx) => {
          await emailFree(tx, actor.accountId, email!);
          await refuseBeyondUserLimit(tx, actor.accountId);
          return await insertUser(
            tx,
            actor.accountId,
            { email: email!, first_name: firstName, last_name: lastName, role },
            instant(context).iso,
          );
        },
        narrowLock(USERS_OF_ACCOUNT, actor.accountId),
      )
      .catch(emailTakenMeanwhile(email!));
    const base = context.base(request);
    reply.code(201).header('location', base + paths.user(row.id));
    return (await userViews(db, base, [row]))[0];
  });

  app.put<WithId>('/v2/users/:id', async (request) => {
    const actor = actorOf(request);
    const user = await visibleUser(db, actor, request.params.id);
    mayChange(actor, user);
    const f = bodyOf(request.body, 'User');
    const changes: UserChanges = {};
    const email = readEmail(f, false);
    if (email !== undefined) changes.email = email;
    const firstName = f.text('first_name', { max: LIMITS.name });
    if (firstName !== undefined) changes.first_name = firstName;
    const lastName = f.text('last_name', { max: LIMITS.name });
    if (lastName !== undefined) changes.last_name = lastName;
    const role = f.oneOf('role', ASSIGNABLE_ROLES);
    f.check();
    if (user.state === 'disabled')
      throw refused('User', 'base', 'deactivated', 'The user is deactivated: activate them before changing them');
    if (role !== undefined && role !== user.role) {
      // Nobody changes their own role: an owner or supervisor could lock themselves out.
      if (user.id === actor.userId)
        throw refused('User', 'role', 'authenticated_user', 'You cannot change your own role');
      changes.role = role;
    }
    await db
      .transaction(async (tx) => {
        if (email !== undefined) await emailFree(tx, actor.accountId, email, user.id);
        await updateUser(tx, user.id, changes, instant(context).iso);
      })
      .catch(emailTakenMeanwhile(email ?? ''));
    return await shownUser(context, request, actor.accountId, user.id);
  });
}

/** Activates, deactivates and deletes a user. */
function userStateRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;

  app.put<WithId>('/v2/users/:id/activate', async (request, reply) => {
    const actor = actorOf(request);
    const user = await visibleUser(db, actor, request.params.id);
    mayChange(actor, user);
    // Only the owner deactivates (GAPS.md "Roles"), so a deactivated user is the owner's decision,
    // and only the owner takes it back; a supervisor may still activate a pending or suspended user.
    if (user.state === 'disabled' && !deactivatesUsers(actor))
      throw forbidden('Forbidden: only the owner reactivates a deactivated user');
    // Under the lock of the account's user additions (narrowLocks.ts): a reactivated user counts again.
    await db.transaction(
      async (tx) => {
        const fresh = await getUser(tx, actor.accountId, user.id);
        if (!fresh || fresh.state === 'active') return;
        if (fresh.state === 'disabled') await refuseBeyondUserLimit(tx, actor.accountId);
        await updateUser(tx, user.id, { state: 'active' }, instant(context).iso);
      },
      narrowLock(USERS_OF_ACCOUNT, actor.accountId),
    );
    return reply.code(204).send();
  });

  // A deactivated user's tokens stop working at once: authentication wants an active user.
  app.put<WithId>('/v2/users/:id/deactivate', async (request, reply) => {
    const actor = actorOf(request);
    const user = await visibleUser(db, actor, request.params.id);
    if (!deactivatesUsers(actor)) throw forbidden('Forbidden: only the owner deactivates users');
    if (user.id === actor.userId) throw refused('User', 'base', 'authenticated_user', 'You cannot deactivate yourself');
    // Setting the state is the same whichever of two racing deactivations lands last.
    await db.transaction(async (tx) => {
      if (user.state !== 'disabled') await updateUser(tx, user.id, { state: 'disabled' }, instant(context).iso);
    });
    return reply.code(204).send();
  });

  // Decided: GAPS.md says only the owner deletes users; the spec shows no delete call. A user who
  // logged anything (entries, expenses, ...) cannot be deleted, only deactivated (spec 000: code
  // not_deletable, field base), so no record loses its author.
  app.delete<WithId>('/v2/users/:id', async (request, reply) => {
    const actor = actorOf(request);
    const user = await visibleUser(db, actor, request.params.id);
    if (!deactivatesUsers(actor)) throw forbidden('Forbidden: only the owner deletes users');
    if (user.id === actor.userId) throw refused('User', 'base', 'authenticated_user', 'You cannot delete yourself');
    const notDeletable = () =>
      refused(
        'User',
        'base',
        'not_deletable',
        'The user has entries or other records: deactivate them instead of deleting them',
      );
    try {
      // No lock: a record written for the user meanwhile holds them by its foreign key (caught below).
      await db.transaction(async (tx) => {
        if ((await countEntriesOfUsers(tx, [user.id])).get(user.id)) throw notDeletable();
        await deleteUser(tx, user.id);
      });
    } catch (error) {
      // Any other record that names the user (without ON DELETE CASCADE) keeps them as well.
      if (isForeignKeyViolation(error)) throw notDeletable();
      throw error;
    }
    return reply.code(204).send();
  });
}

/** A contractor's project access: give, revoke, revoke all. */
function userAccessRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;

  /** The project_ids of a body, every one naming a project of the account. */
  async function projectIdsOf(request: FastifyRequest, accountId: number): Promise<number[]> {
    const f = bodyOf(request.body, 'User');
    const ids = bodyIds(f, request.body, 'project_ids', { required: true });
    f.check();
    if ((await unknownProjectIds(db, accountId, ids!)).length)
      throw refused('User', 'project_ids', 'missing', 'Some of project_ids name no project');
    return ids!;
  }

  app.put<WithId>('/v2/users/:id/give_access_to_projects', async (request, reply) => {
    const actor = actorOf(request);
    const user = await visibleUser(db, actor, request.params.id);
    mayChange(actor, user);
    const ids = await projectIdsOf(request, actor.accountId);
    // ON CONFLICT DO NOTHING and plain deletes: access given or revoked twice at once is the same.
    await db.transaction(async (tx) => await giveProjectAccess(tx, user.id, ids, instant(context).iso));
    return reply.code(204).send();
  });

  app.put<WithId>('/v2/users/:id/revoke_access_to_projects', async (request, reply) => {
    const actor = actorOf(request);
    const user = await visibleUser(db, actor, request.params.id);
    mayChange(actor, user);
    const ids = await projectIdsOf(request, actor.accountId);
    await db.transaction(async (tx) => await revokeProjectAccess(tx, user.id, ids));
    return reply.code(204).send();
  });

  app.put<WithId>('/v2/users/:id/revoke_access_to_all_projects', async (request, reply) => {
    const actor = actorOf(request);
    const user = await visibleUser(db, actor, request.params.id);
    mayChange(actor, user);
    await db.transaction(async (tx) => await revokeAllProjectAccess(tx, user.id));
    return reply.code(204).send();
  });
}
