// Assembles v2's fastify application: the conventions every app of the service shares first
// (conventions.ts: errors, request log, rate limit, User-Agent), then v2's credentials, bodies and
// one module per resource; /api goes to v1's own app (v1/lazyApp.ts). Hook order is request
// order: a flood is slowed before anything else runs, and nobody's body is read before they are
// authenticated.
import Fastify, { type FastifyInstance } from 'fastify';
import { installAuthentication } from './auth/authenticate';
import type { Context } from './context';
import { type AppOptions, appOptions, conventionsOf, installConventions } from './conventions';
import { installJsonBodies } from './http/body';
import { sendFrameworkFailure } from './http/errors';
import { headAgain } from './http/headAsGet';
import { installIdempotency } from './http/idempotency';
import { currentUserRoutes } from './resources/currentUser';
import { entryRoutes } from './resources/entries';
import { moneyRoutes } from './resources/money';
import { peopleRoutes } from './resources/people';
import { projectRoutes } from './resources/projects';
import { projectAndTagRoutes } from './resources/projectsAndTags';
import { tagRoutes } from './resources/tags';
import { timerRoutes } from './resources/timers';
import { installV1HandOver, lazyV1App } from './v1/lazyApp';
import { isV1Path } from './v1/path';
import { healthRoutes } from './ops/health';

export type { AppOptions, TrustProxy } from './conventions';

export function createApp(context: Context, options: AppOptions): FastifyInstance {
  const limits = context.tuning.connections;
  const conventions = conventionsOf(context, options);
  // The legacy v1 API under /api (spec 002): an app of its own, with its own bodies, credential and
  // errors, made at the first /api request (v1/lazyApp.ts), sharing this one's conventions.
  const v1 = lazyV1App(conventions);
  const app = Fastify({
    ...appOptions(conventions, (error, request, reply) => {
      if (isV1Path(request.url)) return v1.handOver(request, reply);
      headAgain(request.raw);
      return sendFrameworkFailure(request, reply, error);
    }),
    // Bounded header, body and idle time (tuning.ts): a slow-loris holds a socket a few seconds,
    // not for as long as it trickles. fastify's defaults leave the request and the idle socket
    // unbounded and keep an idle connection 72 s.
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.idleMs,
    keepAliveTimeout: limits.keepAliveMs,
  });
  // Before every hook of this app: an /api request is v1's, under its own run of the same hooks.
  installV1HandOver(app, v1);
  installConventions(app, conventions);
  installAuthentication(app, context.db, context.clock);
  installJsonBodies(app);
  installIdempotency(app, context); // before the routes: it wraps their store and POST handlers

  // /livez and /readyz: no credential, User-Agent or rate limit (ops/health.ts).
  healthRoutes(app, context.db, options.readiness ?? { draining: false });
  currentUserRoutes(app, context);
  projectRoutes(app, context);
  tagRoutes(app, context);
  timerRoutes(app, context);
  entryRoutes(app, context);
  moneyRoutes(app, context);
  peopleRoutes(app, context);
  projectAndTagRoutes(app, context);
  return app;
}
