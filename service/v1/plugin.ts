// The legacy v1 API (spec 002) under /api, on the same service and database as v2: an entry made
// through one is seen through the other. Everything v1 does differently lives in this
// encapsulated plugin: bodies kept as text for JSON or XML by the request's format
// (v1/format.ts), its own authentication (X-ServiceToken only, v1/auth.ts), and its own error
// answers (422 where v2 says 400 or 403, in the request's format, v1/errors.ts). The service's
// rate limit and User-Agent rule (spec 000) apply here as everywhere.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { BODY_LIMIT } from '../http/body';
import { frameworkFailure } from '../http/errors';
import { v1ApiTokenRoute } from './apiToken';
import { installV1Authentication } from './auth';
import { v1EntryRoutes } from './entries';
import { v1ImportRoute } from './entryImport';
import { notFound, v1Failure } from './errors';
import { v1ProjectRoutes } from './projects';
import { sendFailure } from './reply';
import { v1TagRoutes } from './tags';
import { v1UserRoutes } from './users';

/** The largest v1 body (decided: v2's 1 MiB, about 3,000 imported entries' worth of XML). */
export const V1_BODY_LIMIT = BODY_LIMIT;

/** The router's refusals (http/errors.ts frameworkFailure) under /api, as v1 answers errors: a 4xx other than 401 and 404 becomes 422, in the format of the path. */
export function sendV1FrameworkFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError,
): FastifyReply {
  const failure = v1Failure(frameworkFailure(error));
  if (failure.status >= 500) request.log.error(error);
  return sendFailure(request, reply, failure);
}

export function v1Routes(app: FastifyInstance, context: Context): void {
  app.register(
    async (api) => {
      // Bodies stay text until the route reads them, as JSON or XML (v1/body.ts).
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', { parseAs: 'string', bodyLimit: V1_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      api.setErrorHandler((error, request, reply) => {
        const failure = v1Failure(error);
        if (failure.status >= 500) request.log.error(error);
        return sendFailure(request, reply, failure);
      });
      api.setNotFoundHandler((request, reply) => sendFailure(request, reply, v1Failure(notFound('Not Found'))));
      installV1Authentication(api, context.db);

      v1EntryRoutes(api, context);
      v1ImportRoute(api, context);
      v1ProjectRoutes(api, context);
      v1TagRoutes(api, context);
      v1UserRoutes(api, context);
      v1ApiTokenRoute(api, context);
    },
    { prefix: '/api' },
  );
}
