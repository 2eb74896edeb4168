import { describe, expect, it } from 'vitest';
import { formatDuration, formatMinutes, localDate } from '../../../common/format';

describe('formatDuration', () => {
  it.each([
    [0, '0:00:00'],
    [59, '0:00:59'],
    [2530, '0:42:10'],
    [3909, '1:05:09'],
    [36000, '10:00:00'],
    [90061.9, '25:01:01'],
    [-5, '0:00:00'],
  ])('shows %d seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatMinutes', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [90, '1:30'],
    [600, '10:00'],
    [-1, '0:00'],
  ])('shows %d minutes as %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });

  it.each([
    [0, '0.00'],
    [5, '0.08'],
    [15, '0.25'],
    [90, '1.50'],
    [600, '10.00'],
  ])('shows %d minutes as %s hours to a user who chose fractions (issue 22)', (minutes, text) => {
    expect(formatMinutes(minutes, 'fraction')).toBe(text);
    expect(formatMinutes(minutes, 'hours_minutes')).toBe(formatMinutes(minutes));
  });
});

describe('localDate', () => {
  // Built from local clock readings, so these hold in any time zone the tests run in.
  it('names the local day of an instant', () => {
    expect(localDate(new Date(2024, 0, 5, 12, 0).getTime())).toBe('2024-01-05');
  });

  it('turns over at local midnight, not at UTC midnight', () => {
    expect(localDate(new Date(2024, 11, 31, 23, 59, 59, 999).getTime())).toBe('2024-12-31');
    expect(localDate(new Date(2025, 0, 1, 0, 0, 0, 0).getTime())).toBe('2025-01-01');
  });
});
