// Authenticates every request before its body is read, so an anonymous caller learns nothing
// but 401. The actor found is kept beside the request (not decorated onto fastify's types,
// which other folders share).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';
import type { Queryable } from '../storage/store';
import type { CredentialKind } from './credentials';
import { presentedCredential } from './credentials';
import { cachedUser, userById, type UserRow } from '../domain/users';
import type { Actor, Role } from './permissions';
import { userIdForAccessToken } from './oauthTokens';
import { hashToken, knownPersonalToken, userIdForPersonalToken } from './tokens';

/** One resolver per credential kind: token -> user id, or null when unknown, expired or revoked at `now`. */
export type Resolvers = Record<CredentialKind, (db: Queryable, token: string, now: Date) => Promise<number | null>>;

export const defaultResolvers: Resolvers = {
  personal: userIdForPersonalToken,
  oauth: userIdForAccessToken,
};

/**
 * Routes registered with this config answer without a credential: the token-management endpoints
 * of spec 000 take e-mail and password (or client id and secret), never our tokens, and answer
 * 404 "not yet implemented" to anyone.
 */
export const PUBLIC_ROUTE = { config: { public: true } } as const;

const actors = new WeakMap<FastifyRequest, Actor>();

export function actorOf(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw unauthorized(); // a route outside the authenticated scope asked for one
  return actor;
}

/** PostgreSQL's path: a personal token's user row in the same statement (null: no such token). */
async function userForPersonalToken(db: Queryable, token: string): Promise<UserRow | null> {
  const user = await db.get<UserRow>(
    'SELECT u.* FROM personal_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_sha256 = ?',
    hashToken(token),
  );
  return user ?? null;
}

async function authenticate(db: Queryable, resolvers: Resolvers, now: Date, request: FastifyRequest): Promise<Actor> {
  const credential = presentedCredential(request);
  if (credential === null || credential === 'malformed') throw unauthorized();
  // PostgreSQL: a personal token and its user in one statement (no cache there: domain/users.ts).
  const joined =
    resolvers === defaultResolvers && db.dialect === 'postgres' && credential.kinds[0] === 'personal'
      ? await userForPersonalToken(db, credential.token)
      : undefined;
  let userId: number | null = joined?.id ?? null;
  const kinds = joined ? [] : joined === null ? credential.kinds.slice(1) : credential.kinds;
  for (const kind of kinds) if ((userId = await resolvers[kind](db, credential.token, now)) !== null) break;
  if (userId === null) throw unauthorized();
  const user = joined ?? (await userById(db, userId));
  if (user?.state !== 'active') throw unauthorized();
  return { userId: user.id, accountId: user.account_id, role: user.role as Role, user };
}

/**
 * The actor of a personal token seen before, from the caches alone (undefined: ask the store).
 * The usual request then passes without waiting: most callers repeat one token.
 */
export function knownActor(db: Queryable, token: string): Actor | undefined {
  const userId = knownPersonalToken(db, token);
  const user = userId === undefined ? undefined : cachedUser(db, userId);
  return user?.state === 'active'
    ? { userId: user.id, accountId: user.account_id, role: user.role as Role, user }
    : undefined;
}

/** `clock` is the service's (injectable) clock: OAuth tokens expire by it. */
export function installAuthentication(
  app: FastifyInstance,
  db: Queryable,
  clock: () => Date = () => new Date(),
  resolvers: Resolvers = defaultResolvers,
): void {
  // A callback hook: a request whose actor the caches know goes on at once, in the same turn, as
  // it did when every query was synchronous; the others wait for the store.
  app.addHook('onRequest', (request, _reply, done) => {
    if ((request.routeOptions.config as { public?: boolean } | undefined)?.public) return done();
    const credential = presentedCredential(request);
    const known =
      resolvers === defaultResolvers &&
      credential !== null &&
      credential !== 'malformed' &&
      credential.kinds[0] === 'personal'
        ? knownActor(db, credential.token)
        : undefined;
    if (known) {
      actors.set(request, known);
      return done();
    }
    authenticate(db, resolvers, clock(), request).then(
      (actor) => {
        actors.set(request, actor);
        done();
      },
      (error: Error) => done(error),
    );
  });
}
