// The retry schedule of a failing webhook payload (spec 000: "retried for up to 3 days with
// exponentially growing spacing"; GAPS.md: then the webhook is disabled).
//
// Decided: the n-th failure in a row waits 1 minute × 2^(n-1), at most 6 hours, without jitter
// (one local service, few receivers: nothing to de-synchronise): 1, 2, 4, ... 256 minutes, then
// every 6 hours. No attempt is put later than 3 days after the first failure: the last one goes at
// exactly that mark, and when it fails too the payload has failed and the webhook is disabled.
// That is 21 attempts in all for a receiver that never answers 2xx.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** From the first failed attempt to giving up. */
  windowMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: MINUTE, maxDelayMs: 6 * HOUR, windowMs: 3 * DAY };

/** The wait after the `failures`-th failure in a row (1 = the first). */
export function retryDelay(policy: RetryPolicy, failures: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(Math.max(0, failures - 1), 40));
}

/** When to try again after a failure at nowMs, or null when the window is over (give up). */
export function nextAttempt(
  policy: RetryPolicy,
  failingSinceMs: number,
  failures: number,
  nowMs: number,
): number | null {
  const deadline = failingSinceMs + policy.windowMs;
  if (nowMs >= deadline) return null;
  return Math.min(nowMs + retryDelay(policy, failures), deadline);
}
