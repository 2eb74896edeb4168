// The service's Prometheus metrics (prom-client), one registry per service: requests by route and
// status, 429s, the PostgreSQL pool, the webhook queue (read from the database at scrape time, so
// every instance reports the one shared queue) and webhook lease steals. Served on a listener of
// its own (ops/metricsServer.ts), never on the API's port. Loaded only by a service that serves
// or is asked for its metrics (service/index.ts): prom-client and pg stay out of the embedded app.
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { handedOver } from '../http/handOver';
import type { PostgresStore } from '../storage/postgresStore';
import type { Queryable, Store } from '../storage/store';
import { webhookLeaseSteals } from './leaseSteals';
import { registerPoolMetrics } from './poolMetrics';

/** The route label of a request no route matched (one label, not one per path tried). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The request counters of the registry: the installer it answers counts the requests of each app
 * it is given (v2's, and v1's when it is built) into the same counters.
 */
export function requestCounters(registry: Registry): (app: FastifyInstance) => void {
  const requests = new Counter({
    name: 'stint_http_requests_total',
    help: 'HTTP requests answered, by route (the path pattern), method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const tooMany = new Counter({
    name: 'stint_http_429_total',
    help: 'Requests answered 429 Too Many Requests (the rate limit, the sign-in throttle), by route',
    labelNames: ['route'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'stint_http_request_duration_seconds',
    help: 'Time from the request to its answer, by route',
    labelNames: ['route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (app) =>
    app.addHook('onResponse', (request, reply, done) => {
      // Counted by the app that answered it (v1/lazyApp.ts), not also by the one that handed it over.
      if (handedOver(request)) return done();
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      requests.inc({ route, method: request.method, status: String(reply.statusCode) });
      if (reply.statusCode === 429) tooMany.inc({ route });
      duration.observe({ route }, reply.elapsedTime / 1000);
      done();
    });
}

function webhookQueueMetrics(registry: Registry, db: Store, clock: () => Date): void {
  // One query serves both gauges of a scrape.
  let scrape: Promise<{ depth: number; oldestDueMs: number | null }> | undefined;
  const read = () => {
    // A database that does not answer leaves the gauges unknown (NaN) rather than failing the scrape.
    // The store's monitor connection on PostgreSQL: a scrape never waits for the pool.
    scrape ??= queueState(db.monitor ?? db)
      .catch(() => ({ depth: Number.NaN, oldestDueMs: Number.NaN }))
      .finally(() => {
        scrape = undefined;
      });
    return scrape;
  };
  new Gauge({
    name: 'stint_webhook_queue_depth',
    help: 'Webhook payloads pending delivery (every instance of the database)',
    registers: [registry],
    async collect() {
      this.set((await read()).depth);
    },
  });
  new Gauge({
    name: 'stint_webhook_oldest_due_seconds',
    help: 'How long the oldest pending webhook payload that is due has waited past its due time (0: none)',
    registers: [registry],
    async collect() {
      const { oldestDueMs } = await read();
      const now = clock().getTime();
      if (Number.isNaN(oldestDueMs)) this.set(Number.NaN);
      else this.set(oldestDueMs === null || oldestDueMs > now ? 0 : (now - oldestDueMs) / 1000);
    },
  });
}

/** Pending payloads and the earliest due time among them (due_ms 0 means due since created_at). */
async function queueState(db: Queryable): Promise<{ depth: number; oldestDueMs: number | null }> {
  const row = await db.get<{ depth: number; min_due: number | null; min_created: string | null }>(
    `SELECT COUNT(*) AS depth,
            MIN(CASE WHEN due_ms > 0 THEN due_ms END) AS min_due,
            MIN(CASE WHEN due_ms = 0 THEN created_at END) AS min_created
     FROM webhook_deliveries WHERE state = 'pending'`,
  );
  const candidates = [row?.min_due ?? null, row?.min_created ? Date.parse(row.min_created) : null].filter(
    (ms): ms is number => ms !== null && Number.isFinite(ms),
  );
  return { depth: Number(row?.depth ?? 0), oldestDueMs: candidates.length ? Math.min(...candidates) : null };
}

export interface MetricsOptions {
  /** Node's process metrics (CPU, memory, event loop, GC) too: for a service that serves its metrics. */
  processMetrics?: boolean;
}

/** The service's registry; requestCounters counts the requests of its apps. */
export function createMetrics(db: Store, clock: () => Date, options: MetricsOptions = {}): Registry {
  const registry = new Registry();
  webhookQueueMetrics(registry, db, clock);
  // The store's kind by its dialect, not instanceof: the class would load pg into every service.
  if (db.dialect === 'postgres' && 'pool' in db) registerPoolMetrics(registry, (db as PostgresStore).pool);
  new Counter({
    name: 'stint_webhook_lease_steals_total',
    help: 'Webhook deliveries this process took over from another instance whose lease had run out',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(webhookLeaseSteals.count);
    },
  });
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  return registry;
}
