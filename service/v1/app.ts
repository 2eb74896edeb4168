// The legacy v1 API (spec 002) as a fastify app of its own, under the service's conventions
// (conventions.ts: the same hooks, the one rate limit and counters v2's app has). Built at the
// first /api request (v1/lazyApp.ts), which v2's app hands over to it: it has no server of its own.
import { createServer } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { appOptions, type Conventions, installConventions } from '../conventions';
import { headAgain } from '../http/headAsGet';
import { sendV1FrameworkFailure, v1Routes } from './plugin';

export function createV1App(conventions: Conventions): FastifyInstance {
  const app = Fastify({
    ...appOptions(conventions, (error, request, reply) => {
      headAgain(request.raw);
      return sendV1FrameworkFailure(request, reply, error);
    }),
    // Never listened on: v2's app passes it each /api request (its `routing`).
    serverFactory: () => createServer(),
  });
  installConventions(app, conventions);
  v1Routes(app, conventions.context);
  return app;
}
