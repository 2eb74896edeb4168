// v1's app made at the first /api request rather than with the service: the embedded account,
// whose app speaks v2 (v1 only for a bulk import), opens without v1's routes, their modules and
// their XML (issue 30, item 7). v2's app hands each /api request over, before any hook of its
// own, to v1's app (v1/app.ts), which answers it under the same conventions. Requests that come
// while it is being built wait for that one build.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Conventions } from '../conventions';
import { markHandedOver } from '../http/handOver';
import { isV1Path } from './path';

export interface LazyApp {
  /** Answers the request through v1's app, built first if it is not yet. */
  handOver(request: FastifyRequest, reply: FastifyReply): void;
  /** Closes v1's app, if it was built. */
  close(): Promise<void>;
}

const buildV1App = async (conventions: Conventions) => (await import('./app')).createV1App(conventions);

export function lazyV1App(conventions: Conventions): LazyApp {
  let built: Promise<FastifyInstance> | undefined;
  const app = () =>
    (built ??= buildV1App(conventions).then(async (v1) => {
      await v1.ready();
      return v1;
    }));
  return {
    handOver(request, reply) {
      markHandedOver(request);
      reply.hijack();
      app().then(
        (v1) => v1.routing(request.raw, reply.raw),
        (error: unknown) => {
          // The next request tries again.
          built = undefined;
          request.log.error(error, 'the v1 API could not be built');
          reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          reply.raw.end(JSON.stringify({ message: 'Internal Server Error' }));
        },
      );
    },
    async close() {
      const v1 = await built?.catch(() => undefined);
      await v1?.close();
    },
  };
}

/** Hands /api requests over to `v1`, before any other hook of `app`; closes it with `app`. First of the app's hooks. */
export function installV1HandOver(app: FastifyInstance, v1: LazyApp): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (isV1Path(request.url)) v1.handOver(request, reply);
    done();
  });
  app.addHook('onClose', () => v1.close());
}
