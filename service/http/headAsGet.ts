// HEAD served by the GET route of its path (spec 000 conventions 6: HEAD may be issued against any
// GET), instead of fastify's exposeHeadRoutes, which registers a second route per GET: its record,
// its context and its hook lists, about 4 MB of the open account for answers nobody but a HEAD
// reads. Before routing (rewriteUrl) a HEAD is looked up as a GET; once routed (the first
// onRequest) it is a HEAD again, so that its logs, its metrics and the routes that ask see HEAD;
// its answer goes out as fastify's HEAD routes send it (lib/head-route.js): the GET's status and
// headers, Content-Length of the body it would have had, and no body (node:http writes none for a
// request that came as HEAD).
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';

const asGet = new WeakSet<RawRequestDefaultExpression>();

/** fastify's rewriteUrl: a HEAD is routed as the GET of its URL. The URL itself is left as is. */
export function routeHeadAsGet(request: RawRequestDefaultExpression): string {
  if (request.method === 'HEAD') {
    asGet.add(request);
    request.method = 'GET';
  }
  return request.url ?? '/';
}

/** A request routed as GET is a HEAD again (the hook below; frameworkErrors, which run before any hook, call it themselves). */
export function headAgain(request: RawRequestDefaultExpression): void {
  if (asGet.has(request)) request.method = 'HEAD';
}

/** Makes a request routed as GET a HEAD again, and sends its answer without a body. First of the app's hooks. */
export function installHeadAsGet(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => headAgain(request.raw));
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'HEAD') return payload;
    if (payload === undefined || payload === null) {
      reply.header('content-length', '0');
      return null;
    }
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      reply.header('content-length', String(Buffer.byteLength(payload)));
      return null;
    }
    // A stream (a CSV export): drained unread, its length unknown, as fastify's HEAD route does.
    const stream = payload as NodeJS.ReadableStream & { on(event: 'error', listener: () => void): void };
    stream.on('error', () => {});
    stream.resume();
    return null;
  });
}
