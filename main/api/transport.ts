// The one request path every call takes: limiter slot, credential, User-Agent, JSON body, one
// attempt with a timeout, then the answer decides: done, follow a redirect, refresh the token,
// wait and retry, or fail with a typed ApiError.
//
// What may be retried (see also safety in client.ts):
// - a request that never left (connection refused, DNS, connect timeout): any call, since the
//   service cannot have acted on it;
// - 429: any call, since the service drops the request without acting on it (spec 000 "Limits");
// - a network failure after sending, a timeout, or a 5xx: only calls marked safe to repeat.
//   Otherwise the outcome is unknown and the caller is told so (kind unknown_outcome), so it can
//   check before sending again (the outbox looks for its source_url marker).
import { backoffDelay, DEFAULT_BACKOFF, retryAfterMs, type BackoffPolicy } from './backoff';
import { systemClock, type ApiClock } from './clock';
import { ApiError, type ApiErrorKind } from './errors';
import { exchange, ExchangeFailure, type RawReply } from './exchange';
import type { Auth } from './auth';
import { createRateLimiter, type RateLimiter } from './limiter';
import { DEFAULTS, type ConnectionOptions } from './options';
import { createRedirectMemory, isPermanent, isRedirect, redirectTarget, type RedirectMemory } from './redirects';
import { errorFromReply, type FailedReply } from './responseError';
import { DEFAULT_USER_AGENT } from './version';
import type { Dispatcher } from 'undici';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface Call {
  method: Method;
  /** absolute URL, or a path below the base URL */
  url: string;
  /** sent as JSON; undefined sends no body at all (PUT actions without input) */
  body?: unknown;
  /** a body in another format (form-encoded, XML), sent as is; takes the place of `body` */
  content?: { type: string; text: string };
  /** the Accept header, default application/json */
  accept?: string;
  /** how a 2xx answer is read: parsed as JSON (default), or handed over as text for the caller to parse */
  answer?: 'json' | 'text';
  /** the credential of this call instead of the client's (Basic for v1's api_auth_token, none for the token endpoint) */
  auth?: Auth;
  /**
   * Reads a failed answer in the call's own error format (OAuth's {error, error_description}, v1's
   * XML); null leaves it to the common reader of responseError.ts.
   */
  readError?: (reply: FailedReply, kind: ApiErrorKind | undefined) => ApiError | null;
  /** repeating it cannot do anything that the first attempt did not already do */
  safe: boolean;
}

export interface Reply {
  status: number;
  headers: RawReply['headers'];
  /** parsed JSON, or undefined for an empty body; the text as is when the call asked for `answer: 'text'` */
  body: unknown;
  /** the URL that finally answered (after redirects) */
  url: string;
}

export interface TransportConfig {
  baseUrl: string;
  userAgent: string;
  auth: Auth;
  /** The limiter a request to `url` waits on; null for none. */
  limiterFor(url: string): RateLimiter | null;
  redirects: RedirectMemory;
  timeoutMs: number;
  retries: number;
  backoff: BackoffPolicy;
  clock: ApiClock;
  random: () => number;
  dispatcher?: Dispatcher;
}

/**
 * A Retry-After longer than this is not waited out inside one call: the call fails rate_limited
 * with the wait in `retryAfterMs`, the limiter holds everyone off meanwhile, and the caller
 * retries later.
 */
export const MAX_RETRY_AFTER_MS = 60_000;
/** Without Retry-After, a 429 waits at least the service's counting window (or the backoff cap, if shorter). */
const MIN_429_WAIT_MS = 1000;

export type Transport = (call: Call) => Promise<Reply>;

/** A transport to `baseUrl` configured from a client's options, with their defaults. */
export function transportFromOptions(baseUrl: string, auth: Auth, options: ConnectionOptions): Transport {
  const clock = options.clock ?? systemClock;
  return createTransport({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    auth,
    limiterFor: limiterChoice(options, clock),
    redirects: createRedirectMemory(),
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    retries: options.retries ?? DEFAULTS.retries,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    clock,
    random: options.random ?? Math.random,
    dispatcher: options.dispatcher,
  });
}

/** A limiter given, the app's one per service, one of this client's own, or none (rateLimit 0). */
function limiterChoice(options: ConnectionOptions, clock: ApiClock): (url: string) => RateLimiter | null {
  const { limiter, limiters } = options;
  if (limiter) return () => limiter;
  if (limiters) return (url) => limiters.forUrl(url);
  const rate = options.rateLimit ?? DEFAULTS.rateLimit;
  const own = rate > 0 ? createRateLimiter(rate, clock) : null;
  return () => own;
}

export function createTransport(config: TransportConfig): Transport {
  const absolute = (url: string) => (URL.canParse(url) ? url : config.baseUrl + url);

  return async function send(call) {
    const body = call.content ? call.content.text : call.body === undefined ? undefined : JSON.stringify(call.body);
    const contentType = call.content ? call.content.type : 'application/json';
    const callAuth = call.auth ?? config.auth;
    let url = config.redirects.resolve(absolute(call.url));
    let retry = 0;
    let refreshed = false;
    const visited = [url];

    const fail = (kind: ApiError['kind'], message: string, cause?: unknown, status?: number) =>
      new ApiError({ kind, message, method: call.method, url, cause, status });
    const wait = async (ms: number) => {
      retry++;
      await config.clock.sleep(ms);
    };
    const refusal = (reply: RawReply, kind?: ApiErrorKind, retryAfter: number | null = null) => {
      const failed: FailedReply = {
        method: call.method,
        url,
        status: reply.status,
        text: reply.text,
        contentType: headerText(reply.headers['content-type']),
        retryAfterMs: retryAfter,
      };
      return call.readError?.(failed, kind) ?? errorFromReply(failed, kind);
    };

    for (;;) {
      const limiter = config.limiterFor(url);
      if (limiter) await limiter.acquire();
      const auth = await callAuth.current({ method: call.method, url });
      const headers: Record<string, string> = {
        'User-Agent': config.userAgent,
        Accept: call.accept ?? 'application/json',
        ...auth.headers,
      };
      if (body !== undefined) headers['Content-Type'] = contentType;

      let reply: RawReply;
      try {
        reply = await exchange({
          method: call.method,
          url,
          headers,
          body,
          timeoutMs: config.timeoutMs,
          dispatcher: config.dispatcher,
        });
      } catch (error) {
        if (!(error instanceof ExchangeFailure)) throw error;
        if (error.mayHaveReachedServer && !call.safe) {
          throw fail(
            'unknown_outcome',
            `No answer from the service (${error.message}); it may or may not have done it`,
            error.cause,
          );
        }
        if (error.permanent) throw fail('protocol', `The request could not be sent: ${error.message}`, error.cause);
        if (retry < config.retries) {
          await wait(backoffDelay(retry, config.backoff, config.random));
          continue;
        }
        throw fail('network', `Could not reach the service (${error.message})`, error.cause);
      }

      const { status } = reply;
      if (status >= 200 && status < 300) {
        return {
          status,
          headers: reply.headers,
          body: call.answer === 'text' ? reply.text : parseJson(reply.text, call, url),
          url,
        };
      }

      if (isRedirect(status)) {
        const hop = redirectTarget(reply.headers.location, url, visited);
        if ('refused' in hop) throw fail('protocol', hop.refused, undefined, status);
        if (isPermanent(status)) config.redirects.remember(url, hop.target);
        url = hop.target;
        visited.push(url);
        continue;
      }

      if (status === 401 && !refreshed) {
        refreshed = true;
        if (await callAuth.recover(auth, { method: call.method, url })) continue;
      }

      if (status === 429) {
        const asked = retryAfterMs(reply.headers['retry-after'], config.clock.now());
        const ms =
          asked ??
          Math.max(Math.min(MIN_429_WAIT_MS, config.backoff.capMs), backoffDelay(retry, config.backoff, config.random));
        // The limit is per IP: every client sharing the limiter holds off, not just this call, and
        // also when this call gives up (a wait too long to hold a call, or no retries left), so
        // the next caller does not run into the 429 again.
        limiter?.holdOff(ms);
        if (retry < config.retries && ms <= MAX_RETRY_AFTER_MS) {
          await wait(ms);
          continue;
        }
        // The wait asked goes with the error: whoever sends again (the outbox worker) waits as long.
        throw refusal(reply, undefined, asked);
      }

      if (status >= 500) {
        if (call.safe && retry < config.retries) {
          await wait(backoffDelay(retry, config.backoff, config.random));
          continue;
        }
        // A 5xx may come after the service acted: a proxy or gateway that passed the request on
        // answers 500 or 503 when the answer goes wrong, and a service may fail after its commit.
        // So for a call that must not run twice every 5xx is an unknown outcome, 503 included
        // (which the spec also uses for an account locked during a migration, where nothing was
        // done: the caller's check before sending again then finds nothing, and sends it).
        throw refusal(reply, call.safe ? 'unavailable' : 'unknown_outcome');
      }

      throw refusal(reply);
    }
  };
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function parseJson(text: string, call: Call, url: string): unknown {
  if (call.method === 'HEAD' || !text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError({
      kind: 'protocol',
      message: 'The service answered something that is not JSON',
      method: call.method,
      url,
      cause: error,
    });
  }
}
