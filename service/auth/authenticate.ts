// Authenticates every request before its body is read, so an anonymous caller learns nothing
// but 401. The actor found is kept beside the request (not decorated onto fastify's types,
// which other folders share).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';
import type { Db } from '../storage/db';
import type { CredentialKind } from './credentials';
import { presentedCredential } from './credentials';
import { userById } from '../domain/users';
import type { Actor, Role } from './permissions';
import { userIdForAccessToken } from './oauthTokens';
import { userIdForPersonalToken } from './tokens';

/** One resolver per credential kind: token -> user id, or null when unknown, expired or revoked at `now`. */
export type Resolvers = Record<CredentialKind, (db: Db, token: string, now: Date) => number | null>;

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

function authenticate(db: Db, resolvers: Resolvers, now: Date, request: FastifyRequest): Actor {
  const credential = presentedCredential(request);
  if (credential === null || credential === 'malformed') throw unauthorized();
  let userId: number | null = null;
  for (const kind of credential.kinds) if ((userId = resolvers[kind](db, credential.token, now)) !== null) break;
  if (userId === null) throw unauthorized();
  const user = userById(db, userId);
  if (user?.state !== 'active') throw unauthorized();
  return { userId: user.id, accountId: user.account_id, role: user.role as Role, user };
}

/** `clock` is the service's (injectable) clock: OAuth tokens expire by it. */
export function installAuthentication(
  app: FastifyInstance,
  db: Db,
  clock: () => Date = () => new Date(),
  resolvers: Resolvers = defaultResolvers,
): void {
  // A callback hook, not an async one: it runs on every request and does no I/O but SQLite's.
  app.addHook('onRequest', (request, _reply, done) => {
    if ((request.routeOptions.config as { public?: boolean } | undefined)?.public) return done();
    try {
      actors.set(request, authenticate(db, resolvers, clock(), request));
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
