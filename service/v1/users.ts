// Users of the v1 API (spec 002 "Users"): list (active users only), show (deactivated users
// too), self, avatar, invite, change, delete.
//
// A user id that names no user the caller sees answers 401 (spec 002: "401 when no such user (to
// become 404 in a future version)"; decided for PUT and DELETE too, and for a user a freelancer
// may not see, who sees only itself). What a role may not do answers 422 (spec 002 for PUT and
// DELETE; decided for the list, which freelancers may not read, and for POST), and is checked
// before the user is looked up: a caller who may not change or delete users at all is refused
// as such (422), whichever id it names, never told 401 as if its credential were bad.
//
// Body (decided): {"user": {first_name, last_name, email}} (or bare in JSON) / <user>…</user>.
// "passwords cannot be set": a password attribute is refused rather than ignored. A new user gets
// v2's default role, leader (GAPS.md), and is active at once (no invitation mail is sent: the
// local service sends no mail, service/README.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deactivatesUsers, managesUsers, seesAllUsers, seesUser, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import { refuseBeyondUserLimit } from '../domain/accountSettings';
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
import { LIMITS } from '../http/fields';
import { isForeignKeyViolation } from '../storage/dialect';
import { isUniqueViolation } from '../storage/constraintErrors';
import { narrowLock, USERS_OF_ACCOUNT } from '../storage/narrowLocks';
import type { Queryable } from '../storage/store';
import { v1Actor } from './auth';
import { readAttributes } from './body';
import { invalid, noSuchUser, notAllowed } from './errors';
import { parseId } from './format';
import { V1Input } from './input';
import { sendBare, sendHead, sendList, sendOne } from './reply';
import { route } from './route';
import { avatarView, userView } from './views';

// The same form of address as v2 (resources/users.ts): something@something without spaces.
const EMAIL = /^[^\s@]+@[^\s@]+$/;

async function visibleUser(db: Queryable, actor: Actor, raw: unknown): Promise<UserRow> {
  const id = parseId(raw);
  const user = id === null ? undefined : await getUser(db, actor.accountId, id);
  if (!user || !seesUser(actor, user.id)) throw noSuchUser(String(raw).replace(/\.(json|xml)$/, ''));
  return user;
}

interface UserInput {
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
}

function readUserInput(request: FastifyRequest, creating: boolean): UserInput {
  const { attributes, format } = readAttributes(request, 'user');
  const input = new V1Input(attributes, format, 'User');
  input.refuse('password', 'cannot be set through the API');
  const email = input.text('email', { required: creating, max: LIMITS.name });
  if (email === null && !creating) input.fail('email', 'missing_field', 'cannot be blank');
  if (email && !EMAIL.test(email)) input.fail('email', 'invalid', 'is not an e-mail address');
  const fields: UserInput = {
    first_name: input.text('first_name', { max: LIMITS.name }),
    last_name: input.text('last_name', { max: LIMITS.name }),
  };
  input.check();
  if (email) fields.email = email;
  return fields;
}

/** E-mail addresses are unique across the service, as in v2. */
async function emailFree(db: Queryable, email: string | undefined, exceptId = 0): Promise<void> {
  const other = email ? await findUserByEmail(db, email) : undefined;
  if (other && other.id !== exceptId) {
    throw invalid(
      `A user with the e-mail address ${email} already exists${other.state === 'disabled' ? ' (deactivated)' : ''}`,
      [{ resource: 'User', field: 'email', code: other.state === 'disabled' ? 'deactivated' : 'already_exists' }],
    );
  }
}

/** A unique violation of a user write: the e-mail committed by another request after emailFree looked. */
const emailTakenMeanwhile =
  (email: string | undefined) =>
  (error: unknown): never => {
    throw isUniqueViolation(error)
      ? invalid(`A user with the e-mail address ${email} already exists`, [
          { resource: 'User', field: 'email', code: 'already_exists' },
        ])
      : error;
  };

export function v1UserRoutes(api: FastifyInstance, context: Context): void {
  registerV1UserReads(api, context);
  registerV1UserCreate(api, context);
  registerV1UserUpdateAndDelete(api, context);
}

/** The user list, self, one user and their avatar. */
function registerV1UserReads(api: FastifyInstance, context: Context): void {
  const { db } = context;
  route(api, 'GET', '/users', async (request, reply) => {
    const actor = v1Actor(request);
    if (!seesAllUsers(actor)) throw notAllowed('freelancers cannot list users');
    const { rows } = await listUsers(db, {
      accountId: actor.accountId,
      filters: { state: 'active' },
      scope: {},
      limit: -1,
      offset: 0,
    });
    return sendList(request, reply, {
      listName: 'users',
      itemName: 'user',
      values: rows.map((u) => userView(u, true)),
    });
  });

  // "/users/self: same as the previous", for the token's user.
  route(api, 'GET', '/users/self', async (request, reply) =>
    sendOne(request, reply, { name: 'user', value: userView(v1Actor(request).user) }),
  );

  route(api, 'GET', '/users/:id', async (request, reply) =>
    sendOne(request, reply, {
      name: 'user',
      value: userView(await visibleUser(db, v1Actor(request), request.params.id)),
    }),
  );

  route(api, 'GET', '/users/:id/avatar', async (request, reply) =>
    sendBare(request, reply, 'avatar', avatarView(await visibleUser(db, v1Actor(request), request.params.id))),
  );
}

function registerV1UserCreate(api: FastifyInstance, context: Context): void {
  const { db } = context;
  route(api, 'POST', '/users', async (request, reply) => {
    const actor = v1Actor(request);
    if (!managesUsers(actor)) throw notAllowed('only administrators and the owner add users');
    const fields = readUserInput(request, true);
    // The account's user additions one at a time (narrowLocks.ts): the user limit is a count.
    const user = await db
      .transaction(
        async (tx) => {
          await emailFree(tx, fields.email);
          await refuseBeyondUserLimit(tx, actor.accountId);
          return await insertUser(
            tx,
            actor.accountId,
            {
              email: fields.email!,
              first_name: fields.first_name ?? null,
              last_name: fields.last_name ?? null,
              role: 'leader',
            },
            instant(context).iso,
          );
        },
        narrowLock(USERS_OF_ACCOUNT, actor.accountId),
      )
      .catch(emailTakenMeanwhile(fields.email));
    return sendHead(request, reply, 201, `${context.base(request)}/api/users/${user.id}`);
  });
}

function registerV1UserUpdateAndDelete(api: FastifyInstance, context: Context): void {
  const { db } = context;
  route(api, 'PUT', '/users/:id', async (request, reply) => {
    const actor = v1Actor(request);
    if (!managesUsers(actor)) throw notAllowed('only administrators and the owner change users');
    const user = await visibleUser(db, actor, request.params.id);
    if (user.role === 'owner' && actor.role !== 'owner') throw notAllowed('only the owner changes the owner');
    const fields = readUserInput(request, false);
    if (user.state === 'disabled') throw invalid('The user is deactivated: activate them before changing them');
    const changes: UserChanges = {};
    if (fields.email !== undefined) changes.email = fields.email;
    if (fields.first_name !== undefined) changes.first_name = fields.first_name;
    if (fields.last_name !== undefined) changes.last_name = fields.last_name;
    await db
      .transaction(async (tx) => {
        await emailFree(tx, fields.email, user.id);
        await updateUser(tx, user.id, changes, instant(context).iso);
      })
      .catch(emailTakenMeanwhile(fields.email));
    return sendOne(request, reply, { name: 'user', value: userView((await getUser(db, actor.accountId, user.id))!) });
  });

  // Spec 002: "deactivates the user, or deletes the user when there are no entries". Decided, as
  // v2: any other record naming the user (expenses, invoices, ...) keeps them too, deactivated.
  route(api, 'DELETE', '/users/:id', async (request, reply) => {
    const actor = v1Actor(request);
    if (!deactivatesUsers(actor)) throw notAllowed('only the owner deletes users');
    const user = await visibleUser(db, actor, request.params.id);
    if (user.id === actor.userId) throw notAllowed('the owner cannot delete themself');
    const now = instant(context).iso;
    const deactivate = async (tx: Queryable) => {
      if (user.state !== 'disabled') await updateUser(tx, user.id, { state: 'disabled' }, now);
    };
    try {
      // No lock: a record written for the user meanwhile holds them by its foreign key (caught below).
      await db.transaction(async (tx) =>
        (await countEntriesOfUsers(tx, [user.id])).get(user.id) ? await deactivate(tx) : await deleteUser(tx, user.id),
      );
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      await db.transaction(deactivate);
    }
    return sendHead(request, reply, 200);
  });
}
