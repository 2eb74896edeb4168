// The Date field of an entry's edit (main/core/model/entryDate.ts): a past day or today is taken,
// a future day or no real date is refused at the field, in words; empty keeps the day.
import { describe, expect, it } from 'vitest';
import { editedDate } from '../../../../main/core/model/entryDate';

describe('an entry’s Date field', () => {
  it('keeps the day when left empty or unchanged, and takes any day up to today', () => {
    expect(editedDate(undefined, '2025-03-10', '2025-03-12')).toEqual({ ok: true, value: '2025-03-10' });
    expect(editedDate(' ', '2025-03-10', '2025-03-12')).toEqual({ ok: true, value: '2025-03-10' });
    expect(editedDate('2025-02-28', '2025-03-10', '2025-03-12')).toEqual({ ok: true, value: '2025-02-28' });
    expect(editedDate('2025-03-12', '2025-03-10', '2025-03-12')).toEqual({ ok: true, value: '2025-03-12' });
  });

  it('refuses a future day and what is not a date, at the date field', () => {
    expect(editedDate('2025-03-13', '2025-03-10', '2025-03-12')).toMatchObject({
      ok: false,
      error: { field: 'date', message: 'Thu 13 Mar is in the future: time can be logged up to today.' },
    });
    expect(editedDate('2025-02-30', '2025-03-10', '2025-03-12')).toMatchObject({
      ok: false,
      error: { field: 'date', message: 'There is no 30 Feb 2025: check the date.' },
    });
    expect(editedDate('soon', '2025-03-10', '2025-03-12')).toMatchObject({
      ok: false,
      error: {
        field: 'date',
        message: '“soon” is not a day: write yesterday, a weekday like mon, or a date like 2025-03-12.',
      },
    });
  });

  it('reads a day as quick entry does: yesterday and a weekday name the days they mean', () => {
    // 2025-03-12 is a Wednesday.
    expect(editedDate('yesterday', '2025-03-12', '2025-03-12')).toEqual({ ok: true, value: '2025-03-11' });
    expect(editedDate('mon', '2025-03-12', '2025-03-12')).toEqual({ ok: true, value: '2025-03-10' });
    expect(editedDate('Today', '2025-03-10', '2025-03-12')).toEqual({ ok: true, value: '2025-03-12' });
  });
});
