// Requests one app of the service hands over to another (v2's app hands /api to v1's,
// v1/lazyApp.ts). The handing app's own hooks have not run for them, but its answer listeners
// still fire when the response ends: those that log or count (ops/requestLog.ts, ops/metrics.ts)
// leave them to the app that answered, so that each request is written and counted once. Marked
// on the handing app's request object, not on the socket's request both apps share: the app that
// answers sees a request of its own, unmarked.
import type { FastifyRequest } from 'fastify';

const handed = new WeakSet<FastifyRequest>();

export const markHandedOver = (request: FastifyRequest) => void handed.add(request);

/** Whether this app handed the request over to another, which answered it. */
export const handedOver = (request: FastifyRequest) => handed.has(request);
