// What every fastify app of the service holds, v2's (app.ts) and v1's (v1/app.ts, built at the
// first /api request): the same server options, and the hooks of the conventions of every call
// (spec 000) in request order: a HEAD as its GET, the error answers, the request id and log, the
// request counters, the work deadline, the rate limit, the User-Agent rule. One rate limit and one
// set of counters serve both apps, so v1 and v2 share each address's budget and the /metrics counts.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Context } from './context';
import { BODY_LIMIT } from './http/body';
import { installErrorHandlers } from './http/errors';
import { installHeadAsGet, routeHeadAsGet } from './http/headAsGet';
import { rateLimit, type RateLimit } from './http/rateLimit';
import { installRequestDeadline } from './http/requestDeadline';
import { requireUserAgent } from './http/userAgent';
import { installRequestLog, loggingOptions } from './ops/requestLog';

export interface AppOptions {
  rateLimit: number;
  logger: boolean | { stream: { write(line: string): void }; level?: string };
  /** Whose X-Forwarded-For is believed (fastify's trustProxy); default none: request.ip is the socket's address. */
  trustProxy?: TrustProxy;
  /** Set draining when a stop begins: /readyz then answers 503. */
  readiness?: import('./ops/health').Readiness;
  /**
   * Counts the requests an app answers (ops/metrics.ts requestCounters, with its registry), called
   * once per app with the same counters; none: not counted. Passed in rather than imported, so
   * that a service without metrics never loads them.
   */
  countRequests?: (app: FastifyInstance) => void;
}

/** fastify's trustProxy values: true (any proxy: only when nothing else can reach the port), addresses or CIDRs (comma-separated in one string, or a list). */
export type TrustProxy = boolean | string | string[];

/** What the service's apps share: its context, its options, its one rate limit. */
export interface Conventions {
  context: Context;
  options: AppOptions;
  rateLimit: RateLimit | null;
}

export const conventionsOf = (context: Context, options: AppOptions): Conventions => ({
  context,
  options,
  rateLimit: rateLimit(options.rateLimit, context.db),
});

/** The fastify options every app of the service is made with. */
export function appOptions(
  { options }: Conventions,
  frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']>,
): FastifyServerOptions {
  return {
    // JSON lines through pino with a request id, credentials redacted (ops/requestLog.ts).
    ...loggingOptions(options.logger),
    // request.ip (the rate limit's and the sign-in throttle's key) is the client's address only
    // when a proxy is configured as trusted; otherwise anyone could choose theirs per request.
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT,
    // The spec writes some paths with a trailing slash (/tags/, /current_user/): serve both forms.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // HEAD may be issued against any GET (spec 000 conventions 6): served by the GET route itself
    // (http/headAsGet.ts), not by a second route per GET.
    exposeHeadRoutes: false,
    rewriteUrl: routeHeadAsGet,
    // The router's own refusals (a malformed %-escape in the path) answer the spec's error body,
    // v1's under /api, never fastify's default one.
    frameworkErrors,
  };
}

/** The hooks of the conventions of every call, in request order. */
export function installConventions(app: FastifyInstance, { context, options, rateLimit }: Conventions): void {
  // Before every other hook: they all see a HEAD as a HEAD.
  installHeadAsGet(app);
  installErrorHandlers(app);
  // First: every answer, a 429 too, carries its request id.
  installRequestLog(app, { log: options.logger !== false });
  options.countRequests?.(app);
  // Before any query (the rate limit's, the credential's): all of a request's database work is cut with it.
  installRequestDeadline(app, context.tuning.requestWorkMs);
  rateLimit?.install(app);
  requireUserAgent(app);
}
