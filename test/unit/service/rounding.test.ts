import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_INCREMENTS, elapsedMinutes, roundUpMinutes } from '../../../service/domain/rounding';

describe('rounding minutes up to the billing increment', () => {
  it('rounds up to the next multiple and leaves multiples alone', () => {
    expect(roundUpMinutes(1, 15)).toBe(15);
    expect(roundUpMinutes(15, 15)).toBe(15);
    expect(roundUpMinutes(16, 15)).toBe(30);
    expect(roundUpMinutes(0, 60)).toBe(0);
    expect(roundUpMinutes(7, 6)).toBe(12);
  });

  it('does not round without an increment (an entry without project)', () => {
    expect(roundUpMinutes(7, null)).toBe(7);
  });

  it('always gives the smallest multiple of the increment that is not less than the minutes', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.constantFrom(...BILLING_INCREMENTS), (minutes, increment) => {
        const rounded = roundUpMinutes(minutes, increment);
        expect(rounded % increment).toBe(0);
        expect(rounded).toBeGreaterThanOrEqual(minutes);
        expect(rounded - minutes).toBeLessThan(increment);
      }),
    );
  });

  it('counts any started minute of a timer', () => {
    expect(elapsedMinutes(0)).toBe(0);
    expect(elapsedMinutes(1)).toBe(1);
    expect(elapsedMinutes(0.4)).toBe(1);
    expect(elapsedMinutes(60)).toBe(1);
    expect(elapsedMinutes(61)).toBe(2);
  });
});
