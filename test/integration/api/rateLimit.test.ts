// The client's limiter against the service's real limit of 2 requests/s (spec 000 "Limits").
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../main/api/limiter';
import { startLocal, type Local } from './harness';

// A service of its own per test, so that each starts with the service's per-second accounting
// empty (instead of waiting 1.5 s for it to forget the test before's requests).
let local: Local;
beforeEach(async () => {
  local = await startLocal(2);
});
afterEach(() => local?.close());

describe('rate limit', () => {
  it('six requests through a limiter at 2/s meet no 429, even from two clients', async () => {
    const limiter = createRateLimiter(2);
    // retries 0: a 429 would surface as an error instead of being waited out
    const a = local.client({ limiter, retries: 0 });
    const b = local.client({ limiter, retries: 0 });
    const started = Date.now();
    const results = await Promise.allSettled([a, b, a, b, a, b].map((api) => api.getCurrentUser()));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // the limiter, not the service, did the waiting: 5 gaps of 500 ms
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
  });

  it('without it, the service delays the excess up to 5 requests and refuses the rest with 429', async () => {
    const greedy = local.client({ rateLimit: 0, retries: 0 });
    const started = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => greedy.getCurrentUser()));
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason as { kind: string });
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(results.length - refused.length).toBeGreaterThanOrEqual(7);
    expect(refused.every((e) => e.kind === 'rate_limited')).toBe(true);
    // the delayed ones were served late: the fifth of them 2.5 s after the first requests
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('with retries on, the client waits out a 429 and every request succeeds', async () => {
    const patient = local.client({ rateLimit: 0 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => patient.getCurrentUser()));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  });
});
