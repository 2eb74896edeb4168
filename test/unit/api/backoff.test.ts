import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF, retryAfterMs } from '../../../main/api/backoff';

describe('backoff', () => {
  it('doubles its ceiling with each retry up to the cap', () => {
    const almostOne = () => 0.999999;
    const ceilings = [0, 1, 2, 3, 4, 5, 6, 10, 50].map((r) => backoffDelay(r, DEFAULT_BACKOFF, almostOne));
    expect(ceilings).toEqual([499, 999, 1999, 3999, 7999, 9999, 9999, 9999, 9999]);
  });

  it('waits a random time between 0 and the ceiling (full jitter), never beyond the cap', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (retry, r) => {
        const ms = backoffDelay(retry, { baseMs: 300, capMs: 5000 }, () => r);
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThan(Math.min(5000, 300 * 2 ** retry));
      }),
    );
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
  });
});
