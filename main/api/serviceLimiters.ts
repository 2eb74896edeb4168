// One rate limiter per service for the whole app. The service counts requests per IP (spec 000
// "Limits"), so every client that talks to it (an account's v2 client, its OAuth token client,
// the short-lived ones that try a token or sign out) must take its slots from one limiter, or
// together they exceed the 2 requests/s each keeps alone. A service is an origin (scheme, host,
// port): the transport asks for the limiter of the URL it is about to send to, so a call
// redirected to, or addressed to, another host (token management on {auth_url}) waits on that
// host's limiter.
import { systemClock, type ApiClock } from './clock';
import { createRateLimiter, type RateLimiter, type ServiceLimiters } from './limiter';
import { DEFAULTS, type ConnectionOptions } from './options';

export type { ServiceLimiters } from './limiter';

export function createServiceLimiters(requestsPerSecond: number, clock: ApiClock = systemClock): ServiceLimiters {
  // Fails here, once, rather than at the first request.
  createRateLimiter(requestsPerSecond, clock);
  const byOrigin = new Map<string, RateLimiter>();
  return {
    forUrl(url) {
      const origin = new URL(url).origin;
      let limiter = byOrigin.get(origin);
      if (!limiter) byOrigin.set(origin, (limiter = createRateLimiter(requestsPerSecond, clock)));
      return limiter;
    },
  };
}

/**
 * The connection options of every client one app makes: `options` with one limiter per service
 * shared by all of them (made once, at the rate and with the clock the options name). Options
 * that already carry a limiter, or turn limiting off (rateLimit 0), are kept as they are.
 */
export function sharedConnection(options: ConnectionOptions = {}): ConnectionOptions {
  const rate = options.rateLimit ?? DEFAULTS.rateLimit;
  if (options.limiter || options.limiters || !(rate > 0)) return options;
  return { ...options, limiters: createServiceLimiters(rate, options.clock) };
}
