// Authenticates every request before its body is read, so an anonymous caller learns nothing
// but 401. The actor found is kept beside the request (not decorated onto fastify's types,
// which other folders share).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';
import { sql, type Db } from '../storage/db';
import type { CredentialKind } from './credentials';
import { presentedCredential } from './credentials';
import type { Actor, Role } from './permissions';
import { userIdForPersonalToken } from './tokens';

/** One resolver per credential kind: token -> user id, or null when unknown or revoked. */
export type Resolvers = Record<CredentialKind, (db: Db, token: string) => number | null>;

export const defaultResolvers: Resolvers = {
  personal: userIdForPersonalToken,
  oauth: () => null, // OAuth tokens come in a later step
};

const actors = new WeakMap<FastifyRequest, Actor>();

export function actorOf(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw unauthorized(); // a route outside the authenticated scope asked for one
  return actor;
}

export function installAuthentication(app: FastifyInstance, db: Db, resolvers: Resolvers = defaultResolvers): void {
  app.addHook('onRequest', async (request) => {
    const credential = presentedCredential(request);
    if (credential === null || credential === 'malformed') throw unauthorized();
    let userId: number | null = null;
    for (const kind of credential.kinds) if ((userId = resolvers[kind](db, credential.token)) !== null) break;
    if (userId === null) throw unauthorized();
    const user = sql(db, 'SELECT id, account_id, role, state FROM users WHERE id = ?').get(userId) as
      | { id: number; account_id: number; role: Role; state: string }
      | undefined;
    if (!user || user.state !== 'active') throw unauthorized();
    actors.set(request, { userId: user.id, accountId: user.account_id, role: user.role });
  });
}
