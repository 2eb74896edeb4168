// The request log of `npm run service`: fastify's own logger (pino), one JSON line per request
// with its id, method, route, status and time. The embedded app runs without a logger.
//
// Credentials never reach a line: the line is built from chosen fields only (never the headers),
// its URL has every credential-carrying query parameter replaced, and the serializers and pino's
// redaction cover the request and headers of anything else fastify or a handler logs.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { handedOver } from '../http/handOver';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept when it is this: up to 128 letters, digits and `._:-` (no spaces, quotes or control characters). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Query parameters that carry a credential somewhere in the service or in OAuth (spec 000:
 * `service_token`, `token`, `access_token`; OAuth's `code`, `client_secret`, `refresh_token`,
 * `code_verifier`, `password`). Compared without letter case.
 */
export const CREDENTIAL_PARAMETERS = [
  'token',
  'access_token',
  'service_token',
  'code',
  'client_secret',
  'refresh_token',
  'code_verifier',
  'password',
  'api_token',
  'secret',
];

const CREDENTIAL_HEADERS = ['authorization', 'x-servicetoken', 'cookie', 'set-cookie', 'proxy-authorization'];

export const REDACTED = '[redacted]';

/** The request's id: the caller's X-Request-Id when it is sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The URL with the value of every credential-carrying query parameter replaced by [redacted]. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // An undecodable name is compared as written.
      }
      return CREDENTIAL_PARAMETERS.includes(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    });
  return `${url.slice(0, mark)}?${pairs.join('&')}`;
}

/** The fastify options of a service with a request log writing to `stream` (stdout when absent). */
export function loggingOptions(
  logger: boolean | { stream: { write(line: string): void }; level?: string },
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  const common = {
    genReqId: requestIdOf,
    // genReqId reads the header itself, bounded and checked.
    requestIdHeader: false as const,
    // Fastify's own two lines per request (and its "Route not found" line) print the raw URL: ours replaces them.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
  };
  if (!logger) return { ...common, logger: false };
  const stream = logger === true ? undefined : logger.stream;
  return {
    ...common,
    logger: {
      level: (logger !== true && logger.level) || 'info',
      ...(stream ? { stream } : {}),
      redact: {
        paths: CREDENTIAL_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `headers["${h}"]`, `res.headers["${h}"]`]),
        censor: REDACTED,
      },
      serializers: {
        req: (request: { method?: string; url?: string; id?: string }) => ({
          method: request.method,
          url: redactUrl(request.url ?? ''),
          id: request.id,
        }),
        res: (reply: { statusCode?: number }) => ({ status: reply.statusCode }),
      },
    },
  };
}

/** Echoes the request id, and writes the one line per request when it has been answered. */
export function installRequestLog(app: FastifyInstance, { log }: { log: boolean }): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Without a logger (the embedded app) the line would be built for nothing, on every request.
  if (!log) return;
  app.addHook('onResponse', (request, reply, done) => {
    // Written by the app that answered it (v1/lazyApp.ts), not also by the one that handed it over.
    if (handedOver(request)) return done();
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}
