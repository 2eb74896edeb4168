import { describe, expect, it } from 'vitest';
import { parseTimeString } from '../../../common/timeString';

describe('parseTimeString', () => {
  // The examples GAPS.md says must hold, then the forms it decides to accept.
  it.each([
    ['0:01', 1],
    ['0:30', 30],
    ['0.5', 30],
    ['1', 60],
    ['5', 300],
    ['9', 540],
    ['5m', 5],
    ['10', 10],
    ['15', 15],
    ['45', 45],
    ['90', 90],
    ['15h', 900],
    ['2h', 120],
    ['30min', 30],
    ['1h30m', 90],
    ['1h 30m', 90],
    ['1.5h', 90],
    [':30', 30],
    ['1:30', 90],
    ['01:05', 65],
    ['2:00', 120],
    ['.5', 30],
    ['1.25', 75],
    ['0.25h', 15],
    ['2 h', 120],
    ['45 min', 45],
    ['45 minutes', 45],
    ['3 hours', 180],
    ['1 hour 15 minutes', 75],
    ['1hr 5mins', 65],
    ['75m', 75],
    ['1H30M', 90],
    ['  1:30  ', 90],
    ['24:00', 1440],
  ])('reads %j as %i minutes', (text, minutes) => {
    expect(parseTimeString(text)).toEqual({ ok: true, minutes });
  });

  it.each([
    ['1:75', /minutes must be below 60/],
    ['1h 75m', /minutes must be below 60/],
    ['abc', /“abc” is not a time/],
    ['', /Enter a time/],
    ['   ', /Enter a time/],
    ['1:5', /two digits/],
    ['1:', /two digits/],
    ['0:00', /at least one minute/],
    ['0', /at least one minute/],
    ['0m', /at least one minute/],
    ['1.5m', /whole number/],
    ['-1', /cannot be negative/],
    ['-0:30', /cannot be negative|not a time/],
    ['25h', /at most 24 hours/],
    ['1500', /at most 24 hours/],
    ['1h30', /not a time/],
    ['1,5', /not a time/],
    ['1:30:00', /not a time/],
    ['h', /not a time/],
    ['5 apples', /not a time/],
    ['1.2.3', /not a time/],
    ['1d', /not a time/],
  ])('refuses %j with a message saying what is wrong', (text, message) => {
    const result = parseTimeString(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('rounds a decimal hour to the nearest whole minute', () => {
    expect(parseTimeString('0.33')).toEqual({ ok: true, minutes: 20 });
    expect(parseTimeString('0.1h')).toEqual({ ok: true, minutes: 6 });
  });
});
