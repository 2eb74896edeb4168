// The window's one formatter of dates and clock times (issue 27 item 11): the locale's order and
// its 12- or 24-hour clock, the same for every place that writes one.
import { describe, expect, it } from 'vitest';
import { dateTimeWords } from '../../../renderer/dateTime';

const at = (h: number, m: number, s = 0) => new Date(2026, 10, 30, h, m, s).getTime();
// Intl may put a narrow no-break space before AM/PM: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('the window’s dates and clock times', () => {
  it('write a 24-hour locale’s clock: 19:57, 19:56:21, day before month', () => {
    const w = dateTimeWords('en-GB');
    expect(w.hour12).toBe(false);
    expect(w.clock(at(19, 57))).toBe('19:57');
    expect(w.clockWithSeconds(at(19, 56, 21))).toBe('19:56:21');
    expect(w.clockOf('09:00')).toBe('09:00');
    expect(w.day('2026-11-30')).toBe('Mon, 30 Nov 2026');
  });

  it('write a 12-hour locale’s clock: 7:57 PM, 9:00 AM, month before day', () => {
    const w = dateTimeWords('en-US');
    expect(w.hour12).toBe(true);
    expect(plain(w.clock(at(19, 57)))).toBe('7:57 PM');
    expect(plain(w.clockWithSeconds(at(19, 56, 21)))).toBe('7:56:21 PM');
    expect(plain(w.clockOf('09:00'))).toBe('9:00 AM');
    expect(w.day('2026-11-30')).toBe('Mon, Nov 30, 2026');
  });

  it('write another language’s own way (German: 19:57, Mo., 30. Nov. 2026)', () => {
    const w = dateTimeWords('de-DE');
    expect(w.clock(at(19, 57))).toBe('19:57');
    expect(w.day('2026-11-30')).toBe('Mo., 30. Nov. 2026');
  });

  it('put the day in front of a time not today, and fall back to English for a locale Intl cannot read', () => {
    const w = dateTimeWords('en-GB');
    expect(w.when(at(19, 57), at(20, 0))).toBe('19:57');
    expect(w.when(at(19, 57), at(19, 57) + 86_400_000)).toBe('Mon, 30 Nov 2026 19:57');
    expect(dateTimeWords('not a locale!').locale).toBe('en');
  });

  it('read a typed time of day back as HH:MM: what its clock writes and the usual typed forms', () => {
    const us = dateTimeWords('en-US');
    for (const [typed, kept] of [
      [us.clockOf('21:05'), '21:05'],
      ['9am', '09:00'],
      ['9:30 p.m.', '21:30'],
      ['12 AM', '00:00'],
      ['12pm', '12:00'],
      ['21:00', '21:00'],
      ['7.15', '07:15'],
    ])
      expect(us.readClock(typed)).toBe(kept);
    for (const typed of ['13pm', '24:00', '9:60', 'nine', '']) expect(us.readClock(typed)).toBeNull();
    const ko = dateTimeWords('ko-KR');
    expect(ko.readClock(ko.clockOf('21:05'))).toBe('21:05');
  });
});
