// What one HTTP attempt is, what it answers, and how a failed one is told apart: whether the
// request can have reached the server. That distinction decides whether a non-idempotent call may
// be repeated (it never reached the service) or must be reported as of unknown outcome. Shared by
// both wires (undiciExchange.ts, loopbackExchange.ts), so that a failure reads the same over either.
import type { Dispatcher } from 'undici';

export interface Attempt {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** undici's dispatcher to send through (tests' fault dispatchers); given, the attempt goes over undici */
  dispatcher?: Dispatcher;
}

export interface RawReply {
  status: number;
  /** lower-case names; a header sent once as a string, one sent more than once as their list */
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One attempt on a wire: its answer, or an ExchangeFailure. */
export type Exchange = (attempt: Attempt) => Promise<RawReply>;

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

// A request that cannot be written at all (a header value with a line break, a malformed URL):
// undici's one code for a bad argument, node:http's codes for the same refusals.
const MALFORMED = new Set([
  'UND_ERR_INVALID_ARG',
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_HTTP_INVALID_HEADER_VALUE',
  'ERR_UNESCAPED_CHARACTERS',
  'ERR_INVALID_URL',
  'ERR_INVALID_PROTOCOL',
]);

/** The ExchangeFailure of an attempt that threw `error`; timedOut when its own timeout cut it. */
export function exchangeFailure(error: unknown, timedOut: boolean): ExchangeFailure {
  const codes = errorCodes(error);
  const permanent = codes.some((c) => MALFORMED.has(c));
  const beforeSending = !timedOut && (permanent || (codes.length > 0 && codes.every((c) => BEFORE_SENDING.has(c))));
  return new ExchangeFailure(!beforeSending, timedOut, permanent, error);
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
