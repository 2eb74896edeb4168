// Assembles the fastify application: conventions first (rate limit, User-Agent, credentials,
// bodies, errors), then one module per resource. Hook order is request order: a flood is slowed
// before anything else runs, and nobody's body is read before they are authenticated.
import Fastify, { type FastifyInstance } from 'fastify';
import { installAuthentication } from './auth/authenticate';
import type { Context } from './context';
import { BODY_LIMIT, installJsonBodies } from './http/body';
import { installErrorHandlers, sendFrameworkFailure } from './http/errors';
import { headAgain, installHeadAsGet, routeHeadAsGet } from './http/headAsGet';
import { installIdempotency } from './http/idempotency';
import { installRateLimit } from './http/rateLimit';
import { installRequestDeadline } from './http/requestDeadline';
import { requireUserAgent } from './http/userAgent';
import { currentUserRoutes } from './resources/currentUser';
import { entryRoutes } from './resources/entries';
import { moneyRoutes } from './resources/money';
import { peopleRoutes } from './resources/people';
import { projectRoutes } from './resources/projects';
import { projectAndTagRoutes } from './resources/projectsAndTags';
import { tagRoutes } from './resources/tags';
import { timerRoutes } from './resources/timers';
import { isV1Path, sendV1FrameworkFailure, v1Routes } from './v1/plugin';
import { healthRoutes, type Readiness } from './ops/health';
import { installRequestLog, loggingOptions } from './ops/requestLog';

export interface AppOptions {
  rateLimit: number;
  logger: boolean | { stream: { write(line: string): void }; level?: string };
  /** Whose X-Forwarded-For is believed (fastify's trustProxy); default none: request.ip is the socket's address. */
  trustProxy?: TrustProxy;
  /** Set draining when a stop begins: /readyz then answers 503. */
  readiness?: Readiness;
  /**
   * Counts the requests the app answers (ops/metrics.ts countRequests, with its registry); none:
   * not counted. Passed in rather than imported, so that a service without metrics never loads them.
   */
  countRequests?: (app: FastifyInstance) => void;
}

/** fastify's trustProxy values: true (any proxy: only when nothing else can reach the port), addresses or CIDRs (comma-separated in one string, or a list). */
export type TrustProxy = boolean | string | string[];

export function createApp(context: Context, options: AppOptions): FastifyInstance {
  const limits = context.tuning.connections;
  const app = Fastify({
    // JSON lines through pino with a request id, credentials redacted (ops/requestLog.ts).
    ...loggingOptions(options.logger),
    // request.ip (the rate limit's and the sign-in throttle's key) is the client's address only
    // when a proxy is configured as trusted; otherwise anyone could choose theirs per request.
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT,
    // Bounded header, body and idle time (tuning.ts): a slow-loris holds a socket a few seconds,
    // not for as long as it trickles. fastify's defaults leave the request and the idle socket
    // unbounded and keep an idle connection 72 s.
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.idleMs,
    keepAliveTimeout: limits.keepAliveMs,
    // The spec writes some paths with a trailing slash (/tags/, /current_user/): serve both forms.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // HEAD may be issued against any GET (spec 000 conventions 6): served by the GET route itself
    // (http/headAsGet.ts), not by a second route per GET.
    exposeHeadRoutes: false,
    rewriteUrl: routeHeadAsGet,
    // The router's own refusals (a malformed %-escape in the path) answer the spec's error body,
    // v1's under /api, never fastify's default one.
    frameworkErrors: (error, request, reply) => {
      headAgain(request.raw);
      return isV1Path(request.url)
        ? sendV1FrameworkFailure(request, reply, error)
        : sendFrameworkFailure(request, reply, error);
    },
  });
  // Before every other hook: they all see a HEAD as a HEAD.
  installHeadAsGet(app);
  installErrorHandlers(app);
  // First: every answer, a 429 too, carries its request id.
  installRequestLog(app, { log: options.logger !== false });
  options.countRequests?.(app);
  // Before any query (the rate limit's, the credential's): all of a request's database work is cut with it.
  installRequestDeadline(app, context.tuning.requestWorkMs);
  installRateLimit(app, options.rateLimit, context.db);
  requireUserAgent(app);
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
  // The legacy v1 API under /api (spec 002), with its own bodies, credential and errors.
  v1Routes(app, context);
  return app;
}
