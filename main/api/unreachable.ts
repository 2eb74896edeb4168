// Why the service could not be reached, in words: "Cannot reach 127.0.0.1:5899: nothing answers
// there.", not "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5899". The technical text stays, as
// the detail a user can open (and copy into a report).

import { isApiError, type ApiError } from './errors';

export interface Unreachable {
  /** One sentence: which service, and what went wrong in words. */
  message: string;
  /** The request and the system's own words for the failure. */
  detail: string;
}

// Node's and undici's codes for a connection that failed, in words (exchange.ts lists which ones
// fail before anything is sent).
const REASONS: ReadonlyArray<[readonly string[], string]> = [
  [['ECONNREFUSED'], 'nothing answers there'],
  [['ENOTFOUND'], 'no computer has that name (check the address)'],
  [['EAI_AGAIN'], 'its name could not be looked up (is this computer online?)'],
  [
    ['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN'],
    'the network does not reach it (is this computer online?)',
  ],
  [['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED'], 'the connection was cut'],
  [
    ['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'],
    'it did not answer in time',
  ],
  [
    [
      'CERT_HAS_EXPIRED',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'ERR_TLS_CERT_ALTNAME_INVALID',
    ],
    'its certificate is not one this computer trusts',
  ],
];

/** Every error code in an error, its causes and an AggregateError's parts (a multi-address connect). */
function codes(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== 'object' || depth > 4) return [];
  const e = error as { code?: unknown; errors?: unknown; cause?: unknown };
  return [
    ...(typeof e.code === 'string' ? [e.code] : []),
    ...(Array.isArray(e.errors) ? e.errors.flatMap((x) => codes(x, depth + 1)) : []),
    ...codes(e.cause, depth + 1),
  ];
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

/** What the user is told of a failure to reach the service; null when it answered (a refusal says its own words). */
export function unreachable(error: unknown): Unreachable | null {
  if (!isApiError(error)) return null;
  const reason = reasonOf(error);
  if (reason === null) return null;
  return {
    message: `Cannot reach ${hostOf(error.url)}: ${reason}.`,
    detail: `${error.method} ${error.url}: ${error.message}`,
  };
}

function reasonOf(error: ApiError): string | null {
  switch (error.kind) {
    case 'network':
    case 'unknown_outcome': {
      const found = codes(error.cause);
      const known = REASONS.find(([names]) => names.some((n) => found.includes(n)));
      if (known) return known[1];
      // exchange.ts's words for a request that ran out of time (the abort carries no code of its own).
      return /no answer in time/.test(error.message) ? 'it did not answer in time' : 'the connection failed';
    }
    case 'unavailable':
      return `it is not working right now (it answered ${error.status ?? 'with an error'})`;
    case 'rate_limited':
      return 'it asks Stint to slow down';
    case 'protocol':
      return 'its answer made no sense (is that the right address?)';
    case 'validation':
    case 'not_found':
    case 'unauthorized':
    case 'forbidden':
      return null;
  }
}
