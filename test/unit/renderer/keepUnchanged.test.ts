// Structural sharing of pushed snapshots: what did not change stays the same object, so the
// window's memoised rows skip rendering; what changed is the new value.
import { describe, expect, it } from 'vitest';
import { keepUnchanged } from '../../../renderer/keepUnchanged';

const week = () => ({
  days: [
    {
      date: '2025-03-10',
      entries: [
        { key: '1', minutes: 30 },
        { key: '2', minutes: 45 },
      ],
    },
    { date: '2025-03-11', entries: [{ key: '3', minutes: 60 }] },
  ],
  total: 135,
});

describe('keepUnchanged', () => {
  it('answers the previous value itself when the new one is equal throughout', () => {
    const prev = week();
    expect(keepUnchanged(prev, week())).toBe(prev);
  });

  it('keeps every unchanged part and takes the changed ones, with new objects on the path to them', () => {
    const prev = week();
    const next = week();
    next.days[0]!.entries[1]!.minutes = 50;
    next.total = 140;
    const kept = keepUnchanged(prev, next);
    expect(kept).toEqual(next);
    expect(kept).not.toBe(prev);
    expect(kept.days).not.toBe(prev.days);
    expect(kept.days[0]).not.toBe(prev.days[0]);
    expect(kept.days[0]!.entries[0]).toBe(prev.days[0]!.entries[0]);
    expect(kept.days[0]!.entries[1]).not.toBe(prev.days[0]!.entries[1]);
    expect(kept.days[1]).toBe(prev.days[1]);
  });

  it('treats an added, removed or newly absent field and a longer or shorter list as changes', () => {
    const prev = { a: 1, b: [1, 2] as number[], c: undefined as number | undefined };
    expect(keepUnchanged(prev, { a: 1, b: [1, 2, 3], c: undefined })).toEqual({ a: 1, b: [1, 2, 3], c: undefined });
    expect(keepUnchanged<Record<string, unknown>>(prev, { a: 1, b: [1] })).toEqual({ a: 1, b: [1] });
    const added = { a: 1 };
    expect(keepUnchanged<Record<string, unknown>>(added, { a: 1, d: 2 })).toEqual({ a: 1, d: 2 });
    const gone = keepUnchanged<Record<string, unknown>>(prev, { a: 1, b: [1, 2] });
    expect(gone).not.toBe(prev);
    expect(gone).toEqual({ a: 1, b: [1, 2] });
    expect(keepUnchanged<unknown>({ a: 1 }, null)).toBeNull();
    expect(keepUnchanged<unknown>([1], { 0: 1 })).toEqual({ 0: 1 });
  });
});
