// One HTTP attempt over undici: send, read the whole answer, or fail telling whether the request
// can have reached the server. That distinction decides whether a non-idempotent call may be
// repeated (it never reached the service) or must be reported as of unknown outcome.
import type { Dispatcher } from 'undici';
import { request } from './undiciRequest';

export interface Attempt {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  dispatcher?: Dispatcher;
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The attempt got no answer. */
export class ExchangeFailure extends Error {
  constructor(
    /** false only when the connection failed before any byte of the request could be sent */
    readonly mayHaveReachedServer: boolean,
    readonly timedOut: boolean,
    /** the failure will repeat however often we try (a malformed request) */
    readonly permanent: boolean,
    cause: unknown,
  ) {
    super(describe(cause, timedOut), { cause });
    this.name = 'ExchangeFailure';
  }
}

// Failures of connection set-up: DNS, refused or unreachable, connect timeout, TLS handshake.
// The request is written only after these succeed, so the service cannot have seen it.
const BEFORE_SENDING = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export async function exchange(attempt: Attempt): Promise<RawReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), attempt.timeoutMs);
  try {
    const res = await request(attempt.url, {
      method: attempt.method as Dispatcher.HttpMethod,
      headers: attempt.headers,
      body: attempt.body,
      dispatcher: attempt.dispatcher,
      signal: controller.signal,
    });
    // The timeout covers the body too: a service that stalls mid-answer is as silent as one that never answers.
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text };
  } catch (error) {
    const timedOut = controller.signal.aborted;
    const codes = errorCodes(error);
    const permanent = codes.includes('UND_ERR_INVALID_ARG');
    const beforeSending = !timedOut && (permanent || (codes.length > 0 && codes.every((c) => BEFORE_SENDING.has(c))));
    throw new ExchangeFailure(!beforeSending, timedOut, permanent, error);
  } finally {
    clearTimeout(timer);
  }
}

// Node reports a failed multi-address connect (happy eyeballs) as an AggregateError of per-address
// errors, and some layers wrap the socket error in `cause`: collect every code found.
function errorCodes(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== 'object' || depth > 3) return [];
  const e = error as { code?: unknown; errors?: unknown; cause?: unknown };
  const own = typeof e.code === 'string' ? [e.code] : [];
  const nested = Array.isArray(e.errors) ? e.errors.flatMap((x) => errorCodes(x, depth + 1)) : [];
  const caused = own.length || nested.length ? [] : errorCodes(e.cause, depth + 1);
  return [...own, ...nested, ...caused];
}

function describe(cause: unknown, timedOut: boolean): string {
  if (timedOut) return 'no answer in time';
  const e = cause as { code?: string; message?: string } | null;
  return [e?.code, e?.message].filter(Boolean).join(': ') || 'connection failed';
}
