// Who is calling the v1 API (spec 002 "Authentication"): the personal token in X-ServiceToken on
// every request. "OAuth is not supported in this version": a Bearer or any other credential
// answers 401 with a sentence saying what to send. GET /api/user/api_auth_token takes e-mail and
// password instead (v1/apiToken.ts), and is the one route marked V1_BASIC.
//
// v1 routes are marked public for v2's authentication hook (auth/authenticate.ts), which would
// accept OAuth tokens; this hook takes its place under /api.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { knownActor } from '../auth/authenticate';
import type { Actor, Role } from '../auth/permissions';
import { userIdForPersonalToken } from '../auth/tokens';
import { userById } from '../domain/users';
import type { Queryable } from '../storage/store';
import { V1Error } from './errors';

export const V1_ROUTE = { public: true } as const;
export const V1_BASIC = { public: true, v1Basic: true } as const;

const actors = new WeakMap<FastifyRequest, Actor>();

export function v1Actor(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw new V1Error(401, 'Unauthorized');
  return actor;
}

const unauthorized = (why: string) => new V1Error(401, `Unauthorized: ${why}`);

async function authenticate(db: Queryable, request: FastifyRequest): Promise<Actor> {
  const header = request.headers['x-servicetoken'];
  const token = typeof header === 'string' ? header.trim() : '';
  if (!token) {
    if (request.headers.authorization)
      throw unauthorized('the v1 API takes only a personal token in X-ServiceToken (OAuth is not supported in v1)');
    throw unauthorized('send your personal token in the X-ServiceToken header');
  }
  const userId = await userIdForPersonalToken(db, token);
  const user = userId === null ? undefined : await userById(db, userId);
  if (user?.state !== 'active') throw unauthorized('the token in X-ServiceToken is not valid');
  return { userId: user.id, accountId: user.account_id, role: user.role as Role, user };
}

export function installV1Authentication(api: FastifyInstance, db: Queryable): void {
  // A callback hook, so that a token the caches know passes in the same turn (auth/authenticate.ts).
  api.addHook('onRequest', (request, _reply, done) => {
    if ((request.routeOptions.config as { v1Basic?: boolean } | undefined)?.v1Basic) return done();
    const header = request.headers['x-servicetoken'];
    const known = typeof header === 'string' && header.trim() ? knownActor(db, header.trim()) : undefined;
    if (known) {
      actors.set(request, known);
      return done();
    }
    authenticate(db, request).then(
      (actor) => {
        actors.set(request, actor);
        done();
      },
      (error: Error) => done(error),
    );
  });
}
