// The service's way to make an entry unbillable, which the editor's Billable checkbox writes: an
// unbillable tag in the description (#tag*, GAPS.md "Tags").
import { describe, expect, it } from 'vitest';
import { markBillable, marksUnbillable, markUnbillable } from '../../../common/billableTags';

describe('billable tags', () => {
  it('reads a starred tag, or a mention of a tag the service says is unbillable, as unbillable', () => {
    expect(marksUnbillable('call #vacation*')).toBe(true);
    expect(marksUnbillable('call #vacation')).toBe(false);
    expect(marksUnbillable('call #Vacation', ['vacation'])).toBe(true);
    // A # glued to a word starts no tag, as the service reads them.
    expect(marksUnbillable('learn C#*')).toBe(false);
    expect(marksUnbillable(null)).toBe(false);
  });

  it('unticking adds #unbillable* once, to an empty description too', () => {
    expect(markUnbillable('call with the client')).toBe('call with the client #unbillable*');
    expect(markUnbillable('')).toBe('#unbillable*');
    expect(markUnbillable('call #unbillable*')).toBe('call #unbillable*');
    expect(markUnbillable('trip #travel', ['travel'])).toBe('trip #travel');
  });

  it('ticking takes #unbillable* out whole and leaves the word of any other unbillable tag', () => {
    expect(markBillable('call with the client #unbillable*')).toBe('call with the client');
    expect(markBillable('#unbillable* call')).toBe('call');
    expect(markBillable('trip #vacation* to Rome')).toBe('trip vacation to Rome');
    expect(markBillable('trip #travel #design', ['travel'])).toBe('trip travel #design');
    expect(markBillable('call #design')).toBe('call #design');
  });
});
