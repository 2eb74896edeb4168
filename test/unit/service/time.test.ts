import { describe, expect, it } from 'vitest';
import { dateAt, formatDuration, isDate, parseTimestamp, timestamp } from '../../../service/time';

describe('wire dates and times', () => {
  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2023-02-29')).toBe(false);
    expect(isDate('2024-13-01')).toBe(false);
    expect(isDate('2024-1-01')).toBe(false);
    expect(isDate('2024-01-01T00:00:00Z')).toBe(false);
  });

  it('writes timestamps as YYYY-MM-DDTHH:MM:SSZ in UTC, without milliseconds', () => {
    expect(timestamp(new Date('2024-03-04T09:08:07.654Z'))).toBe('2024-03-04T09:08:07Z');
  });

  it('reads timestamps with Z or an offset and normalises them to UTC', () => {
    expect(parseTimestamp('2024-03-04T09:00:00Z')).toBe('2024-03-04T09:00:00Z');
    expect(parseTimestamp('2024-03-04T11:00:00+02:00')).toBe('2024-03-04T09:00:00Z');
    expect(parseTimestamp('2024-03-04')).toBeNull();
    expect(parseTimestamp('2024-03-04T24:00:00Z')).toBeNull();
    expect(parseTimestamp('2024-02-30T00:00:00Z')).toBeNull();
  });

  it("gives the calendar date of the user's own clock", () => {
    const now = new Date('2024-03-04T23:30:00Z');
    expect(dateAt(now, 0)).toBe('2024-03-04');
    expect(dateAt(now, 3600)).toBe('2024-03-05');
    expect(dateAt(new Date('2024-03-04T00:30:00Z'), -3600)).toBe('2024-03-03');
  });

  it('formats durations as HH:MM:SS, hours growing past 99', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3723)).toBe('01:02:03');
    expect(formatDuration(100 * 3600 + 59)).toBe('100:00:59');
  });
});
