// How long to wait before trying again: capped exponential backoff with full jitter (a uniformly
// random wait below the cap), so that clients that failed together do not retry together.

export interface BackoffPolicy {
  /** ceiling of the first retry's wait */
  baseMs: number;
  /** no wait exceeds this */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 10_000 };

/** Wait before retry number `retry` (0 for the first retry). */
export function backoffDelay(
  retry: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, retry));
  return Math.floor(random() * ceiling);
}

/**
 * The wait a Retry-After header asks for, in ms: delay-seconds or an HTTP-date (RFC 9110 10.2.3).
 * null when absent or unreadable, so the caller falls back to its own backoff.
 */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Only a date in words: Date.parse would also take "-5" as a year.
  if (!/^[a-z]{3}/i.test(value)) return null;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
