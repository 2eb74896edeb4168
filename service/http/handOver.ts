// Requests one app of the service hands over to another (v2's app hands /api to v1's,
// v1/lazyApp.ts). The handing app's own hooks have not run for them, but its answer listeners
// still fire when the response ends: those that log or count (ops/requestLog.ts, ops/metrics.ts)
// leave them to the app that answered, so that each request is written and counted once.
import type { IncomingMessage } from 'node:http';

const handed = new WeakSet<IncomingMessage>();

export const markHandedOver = (request: IncomingMessage) => void handed.add(request);

/** Whether this app handed the request over to another, which answered it. */
export const handedOver = (request: IncomingMessage) => handed.has(request);
