// What createServiceApi takes. Kept apart from client.ts so the request machinery can name these
// types without importing the client.
import type { Dispatcher } from 'undici';
import type { BackoffPolicy } from './backoff';
import type { Exchange } from './exchangeFailure';
import type { ApiClock } from './clock';
import type { RateLimiter, ServiceLimiters } from './limiter';

export type Credentials =
  /** personal access token, sent as X-ServiceToken */
  | { kind: 'personal'; token: string }
  /**
   * OAuth access token, sent as Authorization: Bearer. On a 401 the client calls refresh() once
   * (concurrent requests share one refresh) and, when it answers true, repeats the request once
   * with accessToken()'s new value. `rejected` is the access token the service refused: when
   * the credentials have moved past it since (another client sharing them refreshed), there is
   * nothing to refresh and the answer is true.
   */
  | { kind: 'oauth'; accessToken: () => Promise<string>; refresh: (rejected?: string) => Promise<boolean> };

export interface ApiOptions extends ConnectionOptions {
  /** e.g. http://127.0.0.1:4321; paths are /v2/... below it */
  baseUrl: string;
  credentials: Credentials;
}

/** How a client talks to its host, whatever the credential: shared by the v2, v1 and OAuth clients. */
export interface ConnectionOptions {
  /** default `Stint/<version>` */
  userAgent?: string;
  /** requests per second, default 2 (the spec's limit); 0 = no limiter. Ignored when `limiter` or `limiters` is given. */
  rateLimit?: number;
  /** one limiter for every request of this client, whatever its host (tests share one between two clients) */
  limiter?: RateLimiter;
  /**
   * the app's limiter per service (sharedConnection in serviceLimiters.ts): each request waits on
   * the limiter of the origin it goes to, shared with every other client made with these options.
   * Without either, a client has a limiter of its own.
   */
  limiters?: ServiceLimiters;
  /** per attempt, default 15000 */
  timeoutMs?: number;
  /** retries of one call, default 4: after 429 for any call; after network errors, timeouts and 5xx only for calls safe to repeat */
  retries?: number;
  clock?: ApiClock;
  dispatcher?: Dispatcher;
  /**
   * the wire each attempt goes over; default exchange.ts's choice: node:http to this computer,
   * undici elsewhere or with a dispatcher (the API tests run every suite over both)
   */
  exchange?: Exchange;
  /**
   * waits between the retries of one call, default DEFAULT_BACKOFF (0.5 s doubling up to 10 s); a
   * 429 without Retry-After waits at least 1 s, or capMs if that is shorter
   */
  backoff?: BackoffPolicy;
  /** source of jitter for backoff; tests pin it */
  random?: () => number;
}

export const DEFAULTS = { rateLimit: 2, timeoutMs: 15_000, retries: 4 } as const;
