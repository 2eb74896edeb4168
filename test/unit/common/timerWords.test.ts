// The words and numbers a timer card and main share: a typed adjustment read with its sign, and
// what a log will record after the project's rounding.
import { describe, expect, it } from 'vitest';
import { logPreview } from '../../../common/logPreview';
import { adjustPreview, parseAdjustment } from '../../../common/timeAdjust';

describe('parseAdjustment', () => {
  it('reads a signed time as quick entry reads times; unsigned adds', () => {
    expect(parseAdjustment('+15')).toEqual({ ok: true, minutes: 15 });
    expect(parseAdjustment('-0:10')).toEqual({ ok: true, minutes: -10 });
    expect(parseAdjustment('−1h 30m')).toEqual({ ok: true, minutes: -90 });
    expect(parseAdjustment(' 45m ')).toEqual({ ok: true, minutes: 45 });
  });

  it('reads a bare number as minutes, as the −5/+5 buttons beside it mean: "+5" is five minutes, never five hours', () => {
    expect(parseAdjustment('+5')).toEqual({ ok: true, minutes: 5 });
    expect(parseAdjustment('5')).toEqual({ ok: true, minutes: 5 });
    expect(parseAdjustment('-3')).toEqual({ ok: true, minutes: -3 });
    expect(parseAdjustment('+90')).toEqual({ ok: true, minutes: 90 });
    expect(parseAdjustment('+1.5h')).toEqual({ ok: true, minutes: 90 });
    expect(parseAdjustment('+1.5')).toMatchObject({ ok: false, message: expect.stringContaining('1.5h') });
  });

  it('previews the time after the change, stopping at 0:00, and marks more than an hour at once', () => {
    expect(adjustPreview(20 * 60, 5)).toEqual({ minutes: 25, text: '→ 0:25', large: false });
    expect(adjustPreview(3 * 60, -10)).toEqual({ minutes: 0, text: '→ 0:00 (stops at 0:00)', large: false });
    expect(adjustPreview(0, 61)).toMatchObject({ text: '→ 1:01', large: true });
    expect(adjustPreview(0, 60)).toMatchObject({ large: false });
  });

  it('refuses what is not a time, nothing, and more than a day, in words', () => {
    expect(parseAdjustment('')).toMatchObject({ ok: false, message: expect.stringContaining('+15') });
    expect(parseAdjustment('+soon')).toMatchObject({ ok: false, message: expect.stringContaining('is not a time') });
    expect(parseAdjustment('-25h')).toMatchObject({ ok: false, message: 'The time must be at most 24 hours.' });
    expect(parseAdjustment('+0:00')).toMatchObject({ ok: false });
  });
});

describe('logPreview', () => {
  it("says the rounding when the project's increment changes the minutes, and only then", () => {
    expect(logPreview(200, 'Website', 15, false)).toEqual({
      minutes: 15,
      text: "Log 0:15 (0:04 rounded up to Website's 15 minutes)",
    });
    expect(logPreview(15 * 60, 'Website', 15, false)).toEqual({ minutes: 15, text: 'Log 0:15' });
    expect(logPreview(61, 'Backend', 1, false)).toEqual({ minutes: 2, text: 'Log 0:02' });
  });

  it('counts the minute under way of a running timer, as the log a moment later will: a fresh one logs 0:15, not 0:00', () => {
    expect(logPreview(0, 'Website', 15, true)).toEqual({
      minutes: 15,
      text: "Log 0:15 (0:01 rounded up to Website's 15 minutes)",
    });
    expect(logPreview(60, 'Backend', 1, true)).toEqual({ minutes: 2, text: 'Log 0:02' });
    // Paused at 0:00:00 it logs a minute: an entry is at least a minute, never 0:00 (issue 27 item 6).
    expect(logPreview(0, 'Website', 15, false)).toEqual({
      minutes: 15,
      text: "Log 0:15 (0:01 rounded up to Website's 15 minutes)",
    });
  });
});
