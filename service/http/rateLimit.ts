// Spec 000 "Limits": N requests per second from one address; the excess is slowed down for up
// to 5 requests, further ones get an empty 429. Implemented as a generic cell rate algorithm
// (GCRA): per address one "theoretical arrival time"; floor(N) requests pass at once (a burst of
// one second's worth), the next 5 wait for their slot, the rest are refused without a slot.
import type { FastifyInstance } from 'fastify';
import { isOperationsRoute } from '../ops/health';

export const MAX_DELAYED = 5;

export interface RateLimiter {
  /** Milliseconds the request must wait before it is served, or null to refuse it. */
  take(key: string): number | null;
}

export function createRateLimiter(perSecond: number, now: () => number = () => performance.now()): RateLimiter {
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

export function installRateLimit(app: FastifyInstance, perSecond: number): void {
  if (!(perSecond > 0)) return; // 0 disables: the embedded service serves only its own app.
  const limiter = createRateLimiter(perSecond);
  app.addHook('onRequest', async (request, reply) => {
    // A balancer's health checks must not use up (or be refused by) its address's budget.
    if (isOperationsRoute(request)) return;
    const wait = limiter.take(request.ip);
    if (wait === null) {
      reply
        .code(429)
        .header('retry-after', String(Math.ceil(1 / perSecond)))
        .send();
      return reply;
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  });
}
