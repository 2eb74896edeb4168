// Spec 000 "Limits": N requests per second from one address; the excess is slowed down for up
// to 5 requests, further ones get an empty 429. Implemented as a generic cell rate algorithm
// (GCRA): per address one "theoretical arrival time"; floor(N) requests pass at once (a burst of
// one second's worth), the next 5 wait for their slot, the rest are refused without a slot.
//
// Where the arrival times live depends on the store (service/README.md "Rate limit"):
// - PostgreSQL (many instances on one database): in rate_limits, one upsert per request on the
//   database's clock, so a burst spread over every instance is limited as one instance limits it.
// - SQLite (one process serves the file): in this process's memory. It sees every request, so
//   the result is the same, without a write transaction (and its fsync) per request.
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../storage/store';
import { isOperationsRoute } from '../ops/health';

export const MAX_DELAYED = 5;

export interface RateLimiter {
  /** Milliseconds the request must wait before it is served, or null to refuse it. */
  take(key: string): number | null | Promise<number | null>;
}

/** The in-memory limiter answers at once. */
export interface MemoryRateLimiter extends RateLimiter {
  take(key: string): number | null;
}

export function createRateLimiter(perSecond: number, now: () => number = () => performance.now()): MemoryRateLimiter {
  const interval = 1000 / perSecond;
  const burst = (Math.max(1, Math.floor(perSecond)) - 1) * interval;
  const arrival = new Map<string, number>();
  let calls = 0;
  return {
    take(key) {
      const t = now();
      // Forget idle addresses now and then, so a scan of many addresses cannot grow the map forever.
      if (++calls % 1000 === 0) for (const [k, at] of arrival) if (at < t) arrival.delete(k);
      const due = Math.max(arrival.get(key) ?? t, t);
      const wait = due - t - burst;
      if (wait > MAX_DELAYED * interval + 1e-6) return null;
      arrival.set(key, due + interval);
      return Math.max(0, wait);
    },
  };
}

// Microseconds of the database's clock: every instance reads the same one.
const NOW_US = '(extract(epoch FROM now()) * 1000000)::bigint';

// One statement per request. A new address starts at now; a known one moves its arrival time one
// interval on from max(its time, now) when that is at most burst + 5 intervals ahead, else the
// row is left alone and nothing comes back (refused). `ahead_us` is how far ahead of now the
// request's slot is; the excluded row's due_us is now + one interval.
const TAKE = `
  INSERT INTO rate_limits AS r (key, due_us) VALUES (?, ${NOW_US} + ?)
  ON CONFLICT (key) DO UPDATE SET due_us = GREATEST(r.due_us, excluded.due_us - ?) + ?
  WHERE GREATEST(r.due_us, excluded.due_us - ?) - (excluded.due_us - ?) <= ?
  RETURNING due_us - ? - ${NOW_US} AS ahead_us`;

/** The GCRA kept in the database (PostgreSQL): every instance on it shares each address's budget. */
export function createDatabaseRateLimiter(db: Queryable, perSecond: number): RateLimiter {
  const interval = Math.round(1_000_000 / perSecond);
  const burst = (Math.max(1, Math.floor(perSecond)) - 1) * interval;
  const furthest = burst + MAX_DELAYED * interval;
  let calls = 0;
  return {
    async take(key) {
      // Idle addresses are dropped now and then, by whichever instance gets there.
      if (++calls % 1000 === 0) await db.run(`DELETE FROM rate_limits WHERE due_us < ${NOW_US}`);
      const row = await db.get<{ ahead_us: number }>(
        TAKE,
        key,
        interval,
        interval,
        interval,
        interval,
        interval,
        furthest,
        interval,
      );
      return row ? Math.max(0, row.ahead_us - burst) / 1000 : null;
    },
  };
}

/** The service's one rate limit, installed in each of its apps (v2's and v1's): they share its budget per address. */
export interface RateLimit {
  install(app: FastifyInstance): void;
}

/** The rate limit of `perSecond` requests per address; null for 0 (the embedded service serves only its own app). */
export function rateLimit(perSecond: number, db: Queryable): RateLimit | null {
  if (!(perSecond > 0)) return null;
  const limiter = db.dialect === 'postgres' ? createDatabaseRateLimiter(db, perSecond) : createRateLimiter(perSecond);
  return {
    install(app) {
      app.addHook('onRequest', async (request, reply) => {
        // A balancer's health checks must not use up (or be refused by) its address's budget.
        if (isOperationsRoute(request)) return;
        // request.ip: the socket's address, or the proxy's X-Forwarded-For client when the proxy is
        // trusted (ServiceOptions.trustProxy).
        const wait = await limiter.take(request.ip);
        if (wait === null) {
          reply
            .code(429)
            .header('retry-after', String(Math.ceil(1 / perSecond)))
            .send();
          return reply;
        }
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      });
    },
  };
}
