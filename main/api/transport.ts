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
import { exchange, type Exchange, ExchangeFailure, type RawReply } from './exchange';
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
  /** the Idempotency-Key header: the same on every attempt of one operation (types/writes.ts) */
  idempotencyKey?: string;
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
  /** the wire of each attempt; default exchange.ts's choice by URL */
  exchange?: Exchange;
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
    exchange: options.exchange,
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
  return (call) => sendCall(config, call);
}

/** Where one call stands: the URL it goes to now, the retries spent, whether the credential was refreshed. */
interface CallState {
  config: TransportConfig;
  call: Call;
  url: string;
  retry: number;
  refreshed: boolean;
  /** The URLs of its redirect chain, to refuse a loop. */
  visited: string[];
}

/** One call through redirects, a credential refresh and retries, to its answer or a typed ApiError. */
async function sendCall(config: TransportConfig, call: Call): Promise<Reply> {
  const body = call.content ? call.content.text : call.body === undefined ? undefined : JSON.stringify(call.body);
  const contentType = call.content ? call.content.type : 'application/json';
  const callAuth = call.auth ?? config.auth;
  const absolute = URL.canParse(call.url) ? call.url : config.baseUrl + call.url;
  const first = config.redirects.resolve(absolute);
  const state: CallState = { config, call, url: first, retry: 0, refreshed: false, visited: [first] };

  for (;;) {
    const limiter = config.limiterFor(state.url);
    if (limiter) await limiter.acquire();
    const auth = await callAuth.current({ method: call.method, url: state.url });
    const headers: Record<string, string> = {
      'User-Agent': config.userAgent,
      Accept: call.accept ?? 'application/json',
      ...auth.headers,
    };
    if (body !== undefined) headers['Content-Type'] = contentType;
    if (call.idempotencyKey !== undefined) headers['Idempotency-Key'] = call.idempotencyKey;

    const reply = await exchangeOnce(state, headers, body);
    if (!reply) continue;

    const { status } = reply;
    if (status >= 200 && status < 300) {
      return {
        status,
        headers: reply.headers,
        body: call.answer === 'text' ? reply.text : parseJson(reply.text, call, state.url),
        url: state.url,
      };
    }
    if (isRedirect(status)) {
      followRedirect(state, reply);
      continue;
    }
    if (status === 401 && !state.refreshed) {
      state.refreshed = true;
      if (await callAuth.recover(auth, { method: call.method, url: state.url })) continue;
    }
    if (status === 429) {
      await waitOutRateLimit(state, reply, limiter);
      continue;
    }
    if (status >= 500) {
      await retryServerError(state, reply);
      continue;
    }
    throw refusal(state, reply);
  }
}

const fail = (
  state: CallState,
  kind: ApiError['kind'],
  message: string,
  { cause, status }: { cause?: unknown; status?: number } = {},
) => new ApiError({ kind, message, method: state.call.method, url: state.url, cause, status });

/** Waits before the next attempt, counting it as a retry. */
const wait = async (state: CallState, ms: number) => {
  state.retry++;
  await state.config.clock.sleep(ms);
};

/** The error of a refused answer, read in the call's own error format where it has one. */
const refusal = (state: CallState, reply: RawReply, kind?: ApiErrorKind, retryAfter: number | null = null) => {
  const failed: FailedReply = {
    method: state.call.method,
    url: state.url,
    status: reply.status,
    text: reply.text,
    contentType: headerText(reply.headers['content-type']),
    retryAfterMs: retryAfter,
  };
  // A 409 to a keyed call: the key's first request is still running, or its answer was lost with
  // its instance (service/http/idempotency.ts). It may have happened: the caller looks before
  // sending again, as after no answer at all.
  const keyed =
    kind ?? (state.call.idempotencyKey !== undefined && reply.status === 409 ? 'unknown_outcome' : undefined);
  return state.call.readError?.(failed, keyed) ?? errorFromReply(failed, keyed);
};

/** One attempt on the wire: its answer, or null after waiting to try again when it never got one. */
async function exchangeOnce(
  state: CallState,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<RawReply | null> {
  const { config, call } = state;
  try {
    return await (config.exchange ?? exchange)({
      method: call.method,
      url: state.url,
      headers,
      body,
      timeoutMs: config.timeoutMs,
      dispatcher: config.dispatcher,
    });
  } catch (error) {
    if (!(error instanceof ExchangeFailure)) throw error;
    if (error.mayHaveReachedServer && !call.safe) {
      throw fail(
        state,
        'unknown_outcome',
        `No answer from the service (${error.message}); it may or may not have done it`,
        { cause: error.cause },
      );
    }
    if (error.permanent)
      throw fail(state, 'protocol', `The request could not be sent: ${error.message}`, {
        cause: error.cause,
      });
    if (state.retry < config.retries) {
      await wait(state, backoffDelay(state.retry, config.backoff, config.random));
      return null;
    }
    throw fail(state, 'network', `Could not reach the service (${error.message})`, { cause: error.cause });
  }
}

/** Moves the call to the redirect's target (remembered when permanent); throws on a loop or a bad target. */
function followRedirect(state: CallState, reply: RawReply): void {
  const hop = redirectTarget(reply.headers.location, state.url, state.visited);
  if ('refused' in hop) throw fail(state, 'protocol', hop.refused, { status: reply.status });
  if (isPermanent(reply.status)) state.config.redirects.remember(state.url, hop.target);
  state.url = hop.target;
  state.visited.push(state.url);
}

/** A 429: holds everyone sharing the limiter off, and waits to retry, or throws rate_limited. */
async function waitOutRateLimit(state: CallState, reply: RawReply, limiter: RateLimiter | null): Promise<void> {
  const { config } = state;
  const asked = retryAfterMs(reply.headers['retry-after'], config.clock.now());
  const ms =
    asked ??
    Math.max(Math.min(MIN_429_WAIT_MS, config.backoff.capMs), backoffDelay(state.retry, config.backoff, config.random));
  // The limit is per IP: every client sharing the limiter holds off, not just this call, and
  // also when this call gives up (a wait too long to hold a call, or no retries left), so
  // the next caller does not run into the 429 again.
  limiter?.holdOff(ms);
  if (state.retry < config.retries && ms <= MAX_RETRY_AFTER_MS) {
    await wait(state, ms);
    return;
  }
  // The wait asked goes with the error: whoever sends again (the outbox worker) waits as long.
  throw refusal(state, reply, undefined, asked);
}

/** A 5xx: waits to retry a call safe to repeat, or throws. */
async function retryServerError(state: CallState, reply: RawReply): Promise<void> {
  const { config, call } = state;
  if (call.safe && state.retry < config.retries) {
    await wait(state, backoffDelay(state.retry, config.backoff, config.random));
    return;
  }
  // A 5xx may come after the service acted: a proxy or gateway that passed the request on
  // answers 500 or 503 when the answer goes wrong, and a service may fail after its commit.
  // So for a call that must not run twice every 5xx is an unknown outcome, 503 included
  // (which the spec also uses for an account locked during a migration, where nothing was
  // done: the caller's check before sending again then finds nothing, and sends it).
  throw refusal(state, reply, call.safe ? 'unavailable' : 'unknown_outcome');
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
