// /livez and /readyz, for a load balancer's health checks and an orchestrator's probes. Both
// answer without a credential, a User-Agent or a rate limit slot (operationsRoute), on both stores.
// /livez: the process is up and its event loop turns. /readyz: this instance should get traffic:
// its database answers, at the schema version this code expects, and it is not draining (a stop
// has begun: SIGTERM). Anything else answers 503, so the balancer sends requests elsewhere.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { migrations } from '../storage/migrations';
import { postgresMigrations } from '../storage/postgresMigrations';
import type { Queryable, Store } from '../storage/store';

/** Route options of the operations endpoints: no credential, no User-Agent, no rate limit. */
export const OPERATIONS_ROUTE = { config: { public: true, operations: true } } as const;

export function isOperationsRoute(request: FastifyRequest): boolean {
  return (request.routeOptions.config as { operations?: boolean } | undefined)?.operations === true;
}

/** Whether this instance still takes traffic; draining starts at SIGTERM and never ends. */
export interface Readiness {
  draining: boolean;
}

/** How long /readyz waits for the database (a full pool or a hung server) before answering 503. */
export const READY_CHECK_TIMEOUT_MS = 2000;

/** The schema version the database is at, as each store records it. */
export async function schemaVersionOf(db: Queryable): Promise<number> {
  if (db.dialect === 'sqlite') {
    return Number((await db.get<{ user_version: number }>('PRAGMA user_version'))?.user_version ?? 0);
  }
  return (await db.get<{ version: number }>('SELECT version FROM schema_version'))?.version ?? 0;
}

/** The schema version this code was written for. */
export const expectedSchemaVersion = (db: Store) =>
  db.dialect === 'sqlite' ? migrations.length : postgresMigrations.length;

/** Why this instance is not ready, or null when it is. */
export async function notReadyBecause(db: Store, readiness: Readiness): Promise<string | null> {
  if (readiness.draining) return 'draining';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_CHECK_TIMEOUT_MS);
  });
  try {
    // On PostgreSQL through the store's own monitor connection: a full pool is not an unready database.
    const version = await Promise.race([schemaVersionOf(db.monitor ?? db), timeout]);
    if (version === 'timeout') return 'database did not answer';
    const expected = expectedSchemaVersion(db);
    if (version !== expected) return `database schema is at version ${version}, this service needs ${expected}`;
    return null;
  } catch {
    // The error's text may name hosts or users: it goes to the log, not to an unauthenticated caller.
    return 'database unreachable';
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, db: Store, readiness: Readiness): void {
  app.get('/livez', OPERATIONS_ROUTE, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'live' };
  });
  app.get('/readyz', OPERATIONS_ROUTE, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const reason = await notReadyBecause(db, readiness);
    if (reason === null) return { status: 'ready' };
    if (reason !== 'draining') request.log.warn({ reason }, 'not ready');
    return reply.code(503).send({ status: 'not ready', reason });
  });
}
