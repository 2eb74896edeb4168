// Typed errors of the API client. Every failure of a call is one of these, carrying the
// service's error body when there was one, and the original cause for the log.

import type { ErrorBody, ValidationErrorItem } from '../../wire/serviceTypes';

export type ApiErrorKind =
  | 'validation' // 400/422 with an errors array or message: fix the input, do not retry
  | 'not_found' // 404
  | 'unauthorized' // 401 after any refresh
  | 'forbidden' // 403
  | 'rate_limited' // 429 still after retries
  | 'unavailable' // 5xx still after retries
  | 'network' // the request was never answered and is known not to have been processed, or is safe to repeat
  | 'unknown_outcome' // a non-idempotent request was sent and no answer came: it may or may not have happened
  | 'protocol'; // the answer made no sense (not JSON where JSON was promised, a redirect loop)

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly body: ErrorBody | null;
  readonly method: string;
  readonly url: string;
  /**
   * How long the service asked everyone to wait (a 429's Retry-After, in ms), null when it named
   * no wait. The client's limiter already holds its other requests off that long; a caller that
   * sends again later must not do so sooner.
   */
  readonly retryAfterMs: number | null;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status?: number | null;
    body?: ErrorBody | null;
    method: string;
    url: string;
    cause?: unknown;
    retryAfterMs?: number | null;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.body = init.body ?? null;
    this.method = init.method;
    this.url = init.url;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }

  get errors(): ValidationErrorItem[] {
    return this.body?.errors ?? [];
  }

  /** Worth sending again later without changes: the network or the service, not the request, failed. */
  get retryable(): boolean {
    return (
      this.kind === 'network' ||
      this.kind === 'unavailable' ||
      this.kind === 'rate_limited' ||
      this.kind === 'unknown_outcome'
    );
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Whether the service answered 404: what was asked about is not there (or no longer). */
export const isNotFound = (e: unknown): e is ApiError => isApiError(e) && e.kind === 'not_found';

/** For a read's .catch(): null when the service has no such thing; any other error is thrown on. */
export const nullIfNotFound = (e: unknown): null => {
  if (isNotFound(e)) return null;
  throw e;
};
