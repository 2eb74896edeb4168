import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../service/http/rateLimit';

describe('rate limiter', () => {
  it('at 2 requests/s lets 2 through at once, delays the next 5 by 500 ms steps and refuses the rest', () => {
    const limiter = createRateLimiter(2, () => 0);
    const decisions = Array.from({ length: 9 }, () => limiter.take('a'));
    expect(decisions).toEqual([0, 0, 500, 1000, 1500, 2000, 2500, null, null]);
  });

  it('keeps one budget per address', () => {
    const limiter = createRateLimiter(1, () => 0);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('b')).toBe(0);
    expect(limiter.take('a')).toBe(1000);
  });

  it('lets a steady client at the rate through without delay', () => {
    let t = 0;
    const limiter = createRateLimiter(2, () => t);
    for (let i = 0; i < 20; i++, t += 500) expect(limiter.take('a')).toBe(0);
  });

  it('gives the budget back as time passes', () => {
    let t = 0;
    const limiter = createRateLimiter(2, () => t);
    for (let i = 0; i < 7; i++) limiter.take('a');
    expect(limiter.take('a')).toBeNull();
    t = 4000;
    expect(limiter.take('a')).toBe(0);
  });
});
