// Client-side rate limiter: spaces requests 1/rate seconds apart so that we stay under the
// service's limit (2 requests/s per IP, spec 000 "Limits") instead of meeting its slowdown or its
// 429. Spacing rather than a bucket with a burst: the service counts per second, and a burst is
// exactly what it slows down. One instance may be shared by every client of one service, since
// the service counts per IP, not per client.
import { systemClock, type ApiClock } from './clock';

export interface RateLimiter {
  /** Resolves when the caller may send one request; every call takes the next free slot. */
  acquire(): Promise<void>;
  /** Nobody sends before `ms` from now (after a 429, the service wants everyone to wait). */
  holdOff(ms: number): void;
}

export function createRateLimiter(requestsPerSecond: number, clock: ApiClock = systemClock): RateLimiter {
  if (!(requestsPerSecond > 0)) throw new RangeError(`rate must be positive, got ${requestsPerSecond}`);
  const interval = 1000 / requestsPerSecond;
  // The time of the next free slot; slots are handed out in call order, so waiters stay FIFO.
  let nextSlot = -Infinity;

  return {
    async acquire() {
      const now = clock.now();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + interval;
      if (slot > now) await clock.sleep(slot - now);
    },
    holdOff(ms) {
      nextSlot = Math.max(nextSlot, clock.now() + ms);
    },
  };
}

/** One limiter per service (origin), shared by every client the app makes (serviceLimiters.ts). */
export interface ServiceLimiters {
  /** The limiter of the service `url` belongs to: the same one for every URL of one origin. */
  forUrl(url: string): RateLimiter;
}
